import type { Xoshiro128StarStar } from './seededRandom';

/** Differences per table: four signs, so 16 sums per table. */
const GROUP = 4;
const SUMS = 1 << GROUP;

/**
 * Random sign patterns of many differences (docs/semantics.md §12), four differences at a time: for each group of four
 * consecutive differences, the 16 sums of ± them, indexed by their four sign bits. One generator output gives
 * the signs of 32 differences (bit i the sign of difference i, set for +), so a pattern of n differences is
 * n/32 outputs and n/4 table look-ups instead of n multiplications. The tables take 32 bytes per difference.
 */
export class SignTables {
  /** The tables: per output word, eight groups of 16 sums (what resamplingKernel.ts reads). */
  readonly sums: Float64Array;
  private readonly words: number;

  constructor(differences: Float64Array) {
    this.words = Math.ceil(differences.length / 32);
    // Past the last difference the tables hold zeros, so the unused bits of the last output add nothing.
    const groups = this.words * (32 / GROUP);
    this.sums = new Float64Array(groups * SUMS);
    for (let g = 0; g < groups; g++) {
      for (let bits = 0; bits < SUMS; bits++) {
        let sum = 0;
        for (let j = 0; j < GROUP; j++) {
          const i = g * GROUP + j;
          if (i < differences.length) sum += (bits >> j) & 1 ? differences[i] : -differences[i];
        }
        this.sums[g * SUMS + bits] = sum;
      }
    }
  }

  /** Σ ±d_i of the next random sign pattern. */
  signedSum(random: Xoshiro128StarStar): number {
    const sums = this.sums;
    let sum = 0;
    let at = 0;
    for (let w = 0; w < this.words; w++) {
      const bits = random.nextUint32();
      sum +=
        sums[at + (bits & 15)] + sums[at + 16 + ((bits >>> 4) & 15)] + sums[at + 32 + ((bits >>> 8) & 15)] + sums[at + 48 + ((bits >>> 12) & 15)] +
        sums[at + 64 + ((bits >>> 16) & 15)] + sums[at + 80 + ((bits >>> 20) & 15)] + sums[at + 96 + ((bits >>> 24) & 15)] + sums[at + 112 + (bits >>> 28)];
      at += 128;
    }
    return sum;
  }
}
