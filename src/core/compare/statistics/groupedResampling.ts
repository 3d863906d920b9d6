import { BinomialChance, binomialChance, BinomialSampler } from './binomialDraws';
import type { Xoshiro128StarStar } from './seededRandom';

/**
 * Resampling when the differences take few distinct values (docs/semantics.md §12), in distribution the same as
 * drawing every difference: a bootstrap resample's counts of the values are Multinomial(n, c_v/n), drawn as
 * binomials of the remainder, value after value; a sign pattern's count of + signs among the c_v copies of a
 * value is Binomial(c_v, ½). The work per resample grows with √n per value instead of with n.
 */
export class ValueGroups {
  private readonly values: Float64Array;
  private readonly counts: Float64Array;
  private readonly sampler: BinomialSampler;
  /** Per value v: the chance c_v / (c_v + c_{v+1} + …) of taking it from what is left, and 1 minus that. */
  private readonly shares: BinomialChance[] = [];
  private readonly rest: BinomialChance[] = [];
  private readonly half = binomialChance(0.5);
  /** Per value, the cumulative chances of Binomial(c_v, ½) (the counts do not change from pattern to pattern). */
  private halfTables?: Float64Array[];

  /** Values sorted by how often they occur, most often first (the remainder shrinks fastest). */
  constructor(values: Float64Array, counts: Float64Array, random: Xoshiro128StarStar) {
    const order = Array.from(values.keys()).sort((a, b) => counts[b] - counts[a] || values[a] - values[b]);
    this.values = Float64Array.from(order, (i) => values[i]);
    this.counts = Float64Array.from(order, (i) => counts[i]);
    let left = this.counts.reduce((s, c) => s + c, 0);
    this.sampler = new BinomialSampler(left, random);
    for (const count of this.counts) {
      this.shares.push(binomialChance(count / left));
      this.rest.push(binomialChance(1 - count / left));
      left -= count;
    }
  }

  /** The sum of one bootstrap resample of n values (n the total count). */
  resampleSum(n: number): number {
    let remaining = n;
    let sum = 0;
    const last = this.values.length - 1;
    for (let v = 0; v < last && remaining > 0; v++) {
      const drawn = this.sampler.draw(remaining, this.shares[v], this.rest[v]);
      sum += this.values[v] * drawn;
      remaining -= drawn;
    }
    return sum + this.values[last] * remaining;
  }

  /** Σ ±d_i of one random sign pattern: each value v contributes v·(2B − c_v), B ~ Binomial(c_v, ½). */
  signedSum(): number {
    const tables = (this.halfTables ??= Array.from(this.counts, (count) => this.sampler.cumulative(count, this.half)));
    let sum = 0;
    for (let v = 0; v < this.values.length; v++) sum += this.values[v] * (2 * this.sampler.fromTable(tables[v]) - this.counts[v]);
    return sum;
  }
}
