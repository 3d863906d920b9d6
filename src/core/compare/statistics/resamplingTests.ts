import type { BootstrapInterval, PermutationTest } from '../../model/compareTypes';
import { DEFAULT_RESAMPLING_SEED, Xoshiro128StarStar } from './seededRandom';
import { distinctValues } from './binomialDraws';
import { ResamplingKernel } from './resamplingKernel';
import { ValueGroups } from './groupedResampling';
import { SignTables } from './signTables';

export type { BootstrapInterval, PermutationTest } from '../../model/compareTypes';

/** Resamples of the bootstrap and random sign patterns of the permutation test (docs/semantics.md §12). */
const RESAMPLES = 10_000;
/** Up to this many pairs the permutation test enumerates all 2^n sign patterns. */
const EXACT_PERMUTATION_MAX_N = 20;
/** How often (in resamples) a long resampling looks at its cancellation signal. */
const CANCEL_CHECK_EVERY = 256;
/**
 * Differences with at most max(GROUPED_MIN, n/GROUPED_SHARE) distinct values are resampled by value
 * (groupedResampling.ts). A resample by value costs about one binomial draw per distinct value, some 30 to 60
 * times one draw of a difference: past n/64 values drawing every difference is faster (bench/resampling.bench.ts).
 */
const GROUPED_SHARE = 64;
const GROUPED_MIN = 8;

/** Whether the differences take few enough distinct values to be resampled by value (much less work). */
function byValue(distinctCount: number, n: number): boolean {
  return distinctCount > 0 && distinctCount <= Math.max(GROUPED_MIN, n / GROUPED_SHARE);
}

/** Whether resampling these differences draws every one of them (the costly case), rather than by value. */
export function drawsEveryDifference(differences: Float64Array): boolean {
  return !byValue(distinctValues(differences, false).values.length, differences.length);
}

/** The differences grouped by value when they take few distinct values, else undefined. */
function fewValues(differences: Float64Array, withoutZero: boolean, random: Xoshiro128StarStar): ValueGroups | undefined {
  const distinct = distinctValues(differences, withoutZero);
  if (!byValue(distinct.values.length, differences.length)) return undefined;
  return new ValueGroups(distinct.values, distinct.counts, random);
}

/** Something that says the work is no longer wanted (an AbortSignal fits). */
export interface Cancellation {
  readonly aborted: boolean;
}

interface ResamplingOptions {
  seed?: number;
  resamples?: number;
  signal?: Cancellation;
}

/** The q-quantile of sorted values by linear interpolation between order statistics (position (R − 1)·q). */
export function sortedQuantile(sorted: ArrayLike<number>, q: number): number {
  const position = (sorted.length - 1) * q;
  const below = Math.floor(position);
  const above = Math.min(sorted.length - 1, below + 1);
  return sorted[below] + (position - below) * (sorted[above] - sorted[below]);
}

/**
 * The paired bootstrap percentile 95% interval of d̄: `resamples` means of n differences drawn with
 * replacement, their 2.5% and 97.5% quantiles. Null when cancelled or with fewer than two differences.
 */
export function pairedBootstrapInterval(differences: Float64Array, options: ResamplingOptions = {}): BootstrapInterval | null {
  const n = differences.length;
  const seed = options.seed ?? DEFAULT_RESAMPLING_SEED;
  const resamples = options.resamples ?? RESAMPLES;
  if (n < 2 || resamples < 1) return null;
  const random = new Xoshiro128StarStar(seed);
  const means = new Float64Array(resamples);
  const groups = fewValues(differences, false, random);
  const kernel = groups ? undefined : ResamplingKernel.holding(differences);
  for (let from = 0; from < resamples; from += CANCEL_CHECK_EVERY) {
    if (options.signal?.aborted) return null;
    const to = Math.min(resamples, from + CANCEL_CHECK_EVERY);
    if (kernel) kernel.drawSumsInto(means, from, to, random);
    else for (let r = from; r < to; r++) means[r] = groups ? groups.resampleSum(n) : random.sumOfDraws(differences);
    for (let r = from; r < to; r++) means[r] /= n;
  }
  means.sort();
  return { seed, resamples, low: sortedQuantile(means, 0.025), high: sortedQuantile(means, 0.975) };
}

/** Σ|d_i|·1e-12: sums of sign patterns within this of |Σ d_i| count as ties (as extreme as the observed one). */
function tieTolerance(differences: Float64Array): number {
  let scale = 0;
  for (let i = 0; i < differences.length; i++) scale += Math.abs(differences[i]);
  return scale * 1e-12;
}

/** Every sum of ± the values (2^n of them, sign pattern p flipping value i when bit i of p is set). */
function allSignedSums(values: Float64Array): Float64Array {
  const sums = new Float64Array(1 << values.length);
  for (let pattern = 0; pattern < sums.length; pattern++) {
    let sum = 0;
    for (let i = 0; i < values.length; i++) sum += (pattern >> i) & 1 ? -values[i] : values[i];
    sums[pattern] = sum;
  }
  return sums;
}

/** The first position in sorted values whose value is ≥ x (`strict`: > x). */
function firstPosition(sorted: Float64Array, x: number, strict: boolean): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] < x || (strict && sorted[mid] === x)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The exact two-sided sign-flip p-value: the share of all 2^n sign patterns whose |Σ ±d_i| is at least the
 * observed |Σ d_i| (ties within tieTolerance count). The patterns of the two halves of the differences are
 * enumerated apart and met by binary search, so each sum is a sum of at most n terms, not a running total.
 */
function exactSignFlipP(differences: Float64Array): number {
  const n = differences.length;
  let observed = 0;
  for (let i = 0; i < n; i++) observed += differences[i];
  const threshold = Math.abs(observed) - tieTolerance(differences);
  if (threshold <= 0) return 1;
  const half = n >> 1;
  const left = allSignedSums(differences.subarray(0, half));
  const right = allSignedSums(differences.subarray(half)).sort();
  let count = 0;
  for (let i = 0; i < left.length; i++) count += right.length - firstPosition(right, threshold - left[i], false) + firstPosition(right, -threshold - left[i], true);
  return count / 2 ** n;
}

/** The two-sided sign-flip p-value from `patterns` random sign patterns: (count + 1)/(patterns + 1). */
function randomSignFlipP(differences: Float64Array, seed: number, patterns: number, signal?: Cancellation): number | null {
  const n = differences.length;
  let observed = 0;
  for (let i = 0; i < n; i++) observed += differences[i];
  const threshold = Math.abs(observed) - tieTolerance(differences);
  if (threshold <= 0) return 1;
  const random = new Xoshiro128StarStar(seed);
  const groups = fewValues(differences, true, random);
  // Few values: a binomial per value; else the sign tables, in the kernel when it can be had.
  let next: () => number;
  let kernel: ResamplingKernel | undefined;
  if (groups) next = () => groups.signedSum();
  else {
    const signs = new SignTables(differences);
    next = () => signs.signedSum(random);
    kernel = ResamplingKernel.holding(signs.sums);
  }
  const sums = new Float64Array(Math.min(patterns, CANCEL_CHECK_EVERY));
  let count = 0;
  for (let from = 0; from < patterns; from += CANCEL_CHECK_EVERY) {
    if (signal?.aborted) return null;
    const size = Math.min(CANCEL_CHECK_EVERY, patterns - from);
    if (kernel) kernel.signedSumsInto(sums, 0, size, random);
    else for (let r = 0; r < size; r++) sums[r] = next();
    for (let r = 0; r < size; r++) if (Math.abs(sums[r]) >= threshold) count++;
  }
  return (count + 1) / (patterns + 1);
}

/**
 * The paired sign-flip permutation test of d̄ (docs/semantics.md §12): exact over all 2^n sign patterns when
 * n ≤ 20, else `resamples` seeded random patterns. Null when cancelled or without differences.
 */
export function signFlipPermutationTest(differences: Float64Array, options: ResamplingOptions = {}): PermutationTest | null {
  const n = differences.length;
  if (n < 1) return null;
  if (n <= EXACT_PERMUTATION_MAX_N) return { exact: true, patterns: 2 ** n, p: exactSignFlipP(differences) };
  const seed = options.seed ?? DEFAULT_RESAMPLING_SEED;
  const patterns = options.resamples ?? RESAMPLES;
  const p = randomSignFlipP(differences, seed, patterns, options.signal);
  return p === null ? null : { exact: false, patterns, seed, p };
}
