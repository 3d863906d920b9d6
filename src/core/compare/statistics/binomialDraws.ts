import type { Xoshiro128StarStar } from './seededRandom';

/** Below this mean a binomial is drawn by inversion from 0; above it, from the mode outward. */
const SMALL_MEAN = 30;

/** The chance p of a binomial with its logarithms, worked out once for many draws. */
export interface BinomialChance {
  p: number;
  logP: number;
  logQ: number;
  /** p/(1 − p). */
  odds: number;
}

export function binomialChance(p: number): BinomialChance {
  return { p, logP: Math.log(p), logQ: Math.log1p(-p), odds: p / (1 - p) };
}

/**
 * Exact draws from Binomial(trials, p) by inversion (the chances of the values, taken in turn, are subtracted
 * from one uniform draw until it is used up), with ln k! from a table summed once (compensated sums).
 */
export class BinomialSampler {
  private readonly logFactorials: Float64Array;

  constructor(maxTrials: number, private readonly random: Xoshiro128StarStar) {
    this.logFactorials = new Float64Array(maxTrials + 1);
    let sum = 0;
    let carry = 0;
    for (let k = 2; k <= maxTrials; k++) {
      const term = Math.log(k) - carry;
      const next = sum + term;
      carry = next - sum - term;
      sum = next;
      this.logFactorials[k] = sum;
    }
  }

  /** A draw from Binomial(trials, chance.p), trials ≤ maxTrials; `flipped` is the chance 1 − p. */
  draw(trials: number, chance: BinomialChance, flipped: BinomialChance): number {
    if (trials <= 0 || chance.p <= 0) return 0;
    if (chance.p >= 1) return trials;
    if (chance.p > 0.5) return trials - this.draw(trials, flipped, chance);
    return trials * chance.p < SMALL_MEAN ? this.fromZero(trials, chance) : this.fromMode(trials, chance);
  }

  /** P(X ≤ k) for k = 0 … trials, X ~ Binomial(trials, p): a table for draws with the same parameters. */
  cumulative(trials: number, chance: BinomialChance): Float64Array {
    const f = this.logFactorials;
    const table = new Float64Array(trials + 1);
    let sum = 0;
    for (let k = 0; k <= trials; k++) {
      sum += Math.exp(f[trials] - f[k] - f[trials - k] + k * chance.logP + (trials - k) * chance.logQ);
      table[k] = sum;
    }
    return table;
  }

  /** A draw by inversion of a cumulative table: the first k with P(X ≤ k) above a uniform draw. */
  fromTable(table: Float64Array): number {
    const u = this.random.nextDouble() * table[table.length - 1];
    let lo = 0;
    let hi = table.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (table[mid] > u) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  private fromZero(trials: number, chance: BinomialChance): number {
    let probability = Math.exp(trials * chance.logQ);
    let u = this.random.nextDouble();
    for (let k = 0; k < trials; k++) {
      u -= probability;
      if (u < 0) return k;
      probability *= ((trials - k) / (k + 1)) * chance.odds;
    }
    return trials;
  }

  /** Visits the values from the mode outward (mode, mode + 1, mode − 1, …): about √(np(1 − p)) steps. */
  private fromMode(trials: number, chance: BinomialChance): number {
    const odds = chance.odds;
    const mode = Math.floor((trials + 1) * chance.p);
    const f = this.logFactorials;
    const atMode = Math.exp(f[trials] - f[mode] - f[trials - mode] + mode * chance.logP + (trials - mode) * chance.logQ);
    let u = this.random.nextDouble() - atMode;
    if (u < 0) return mode;
    let up = mode;
    let down = mode;
    let upProbability = atMode;
    let downProbability = atMode;
    while (up < trials || down > 0) {
      if (up < trials) {
        upProbability *= ((trials - up) / (up + 1)) * odds;
        up++;
        if ((u -= upProbability) < 0) return up;
      }
      if (down > 0) {
        downProbability *= down / ((trials - down + 1) * odds);
        down--;
        if ((u -= downProbability) < 0) return down;
      }
    }
    return mode; // only when rounding left u ≥ 0 after every value
  }
}

/** Distinct values and how often each occurs (0 left out when `withoutZero`). */
export function distinctValues(values: Float64Array, withoutZero: boolean): { values: Float64Array; counts: Float64Array } {
  const counts = new Map<number, number>();
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (withoutZero && v === 0) continue;
    counts.set(v, (counts.get(v) ?? 0) + 1);
  }
  return { values: Float64Array.from(counts.keys()), counts: Float64Array.from(counts.values()) };
}
