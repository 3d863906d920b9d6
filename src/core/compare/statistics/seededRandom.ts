/**
 * A fast seeded pseudo-random generator for the resampling of docs/semantics.md §12: xoshiro128** (Blackman and
 * Vigna, 2018; 32-bit outputs, period 2^128 − 1) with its 128-bit state filled from the seed by splitmix32
 * (the 32-bit form of Steele, Lea and Flood's SplitMix: add the golden-ratio constant 0x9e3779b9, then mix
 * with xor-shifts and the multipliers 0x21f0aaad and 0x735a2d97). The same seed gives the same sequence on
 * every platform: all arithmetic is on 32-bit integers.
 */

/** The seed the comparison's resampling uses unless told otherwise. */
export const DEFAULT_RESAMPLING_SEED = 20211;

const TWO_TO_32 = 4294967296;

/** splitmix32: the next state word from `state`, and the state after it. */
function splitmix32(state: number): { value: number; state: number } {
  const next = (state + 0x9e3779b9) | 0;
  let t = next ^ (next >>> 16);
  t = Math.imul(t, 0x21f0aaad);
  t ^= t >>> 15;
  t = Math.imul(t, 0x735a2d97);
  t ^= t >>> 15;
  return { value: t >>> 0, state: next };
}

export class Xoshiro128StarStar {
  private s0: number;
  private s1: number;
  private s2: number;
  private s3: number;

  constructor(seed: number) {
    let state = seed | 0;
    const words: number[] = [];
    for (let i = 0; i < 4; i++) {
      const step = splitmix32(state);
      words.push(step.value);
      state = step.state;
    }
    // An all-zero state would stay zero; splitmix32 never gives four zeros, but the guard costs nothing.
    if ((words[0] | words[1] | words[2] | words[3]) === 0) words[0] = 1;
    [this.s0, this.s1, this.s2, this.s3] = words;
  }

  /** The next 32-bit output as an unsigned integer. */
  nextUint32(): number {
    const product = Math.imul(this.s1, 5);
    const result = Math.imul((product << 7) | (product >>> 25), 9) >>> 0;
    const t = this.s1 << 9;
    this.s2 ^= this.s0;
    this.s3 ^= this.s1;
    this.s1 ^= this.s2;
    this.s0 ^= this.s3;
    this.s2 ^= t;
    this.s3 = (this.s3 << 11) | (this.s3 >>> 21);
    return result;
  }

  /**
   * The sum of `values.length` values drawn with replacement from `values`, value ⌊u·n/2^32⌋ for each output u
   * (one output per value, in order): the generator runs in locals beside the sum, with no buffer.
   */
  sumOfDraws(values: Float64Array): number {
    const n = values.length;
    // u·(n/2^32) is exact (n/2^32 is n scaled by a power of two), so this is ⌊u·n/2^32⌋.
    const scale = n / TWO_TO_32;
    let s0 = this.s0;
    let s1 = this.s1;
    let s2 = this.s2;
    let s3 = this.s3;
    let sum = 0;
    for (let i = 0; i < n; i++) {
      const product = Math.imul(s1, 5);
      const output = Math.imul((product << 7) | (product >>> 25), 9) >>> 0;
      const t = s1 << 9;
      s2 ^= s0;
      s3 ^= s1;
      s1 ^= s2;
      s0 ^= s3;
      s2 ^= t;
      s3 = (s3 << 11) | (s3 >>> 21);
      sum += values[(output * scale) | 0];
    }
    this.s0 = s0;
    this.s1 = s1;
    this.s2 = s2;
    this.s3 = s3;
    return sum;
  }

  /** Writes the state's four words to `words` from `at` (a kernel draws on from there: resamplingKernel.ts). */
  writeState(words: Int32Array, at: number): void {
    words[at] = this.s0;
    words[at + 1] = this.s1;
    words[at + 2] = this.s2;
    words[at + 3] = this.s3;
  }

  /** Takes the state back from `words` at `at`, where a kernel left it. */
  readState(words: Int32Array, at: number): void {
    this.s0 = words[at];
    this.s1 = words[at + 1];
    this.s2 = words[at + 2];
    this.s3 = words[at + 3];
  }

  /** A uniform double in [0, 1) with 53 random bits (two outputs). */
  nextDouble(): number {
    const high = this.nextUint32() >>> 5;
    const low = this.nextUint32() >>> 6;
    return (high * 67108864 + low) / 9007199254740992;
  }

  /** A uniform integer in [0, n) for n ≤ 2^21 (multiply-shift on 32 bits; bias below n/2^32). */
  nextIndex(n: number): number {
    return Math.floor((this.nextUint32() * n) / TWO_TO_32);
  }
}
