/** The unbiased pass@k and pass^k estimators and their curves over samples (docs/semantics.md §12). */
import type { PassCurvePoint } from '../../model/logViewTypes';

/** Trials and passes of one sample for one 0/1 score. */
export interface TrialPasses {
  trials: number;
  passes: number;
}

/**
 * Unbiased pass@k = 1 − C(n − c, k)/C(n, k) (1 when n − c < k), as the product 1 − Π_{i = n−c+1}^{n} (1 − k/i),
 * which keeps full precision for large n.
 */
export function unbiasedPassAtK(n: number, c: number, k: number): number {
  if (n - c < k) return 1;
  let fail = 1;
  for (let i = n - c + 1; i <= n; i++) fail *= 1 - k / i;
  return 1 - fail;
}

/** Unbiased pass^k = C(c, k)/C(n, k) = Π_{i = 0}^{k−1} (c − i)/(n − i) (0 when c < k). */
export function unbiasedPassPowK(n: number, c: number, k: number): number {
  if (c < k) return 0;
  let all = 1;
  for (let i = 0; i < k; i++) all *= (c - i) / (n - i);
  return all;
}

/**
 * Each distinct (trials, passes) of the samples once, and per sample the position of its own: the estimators are
 * worked out once per pair (most samples share a few), then averaged over the samples in their order.
 */
function distinctPairs(samples: readonly TrialPasses[]): { pairs: TrialPasses[]; pairOf: Int32Array } {
  const pairs: TrialPasses[] = [];
  const pairOf = new Int32Array(samples.length);
  const byTrials = new Map<number, Map<number, number>>();
  for (let i = 0; i < samples.length; i++) {
    const { trials, passes } = samples[i];
    let byPasses = byTrials.get(trials);
    if (!byPasses) byTrials.set(trials, (byPasses = new Map()));
    let at = byPasses.get(passes);
    if (at === undefined) {
      at = pairs.length;
      byPasses.set(passes, at);
      pairs.push({ trials, passes });
    }
    pairOf[i] = at;
  }
  return { pairs, pairOf };
}

/** The mean over the samples of a value per pair, and its standard error over samples. */
function meanAndSe(valueOfPair: Float64Array, pairOf: Int32Array): { mean: number; se: number | null } {
  const n = pairOf.length;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += valueOfPair[pairOf[i]];
  const mean = sum / n;
  if (n < 2) return { mean, se: null };
  let squares = 0;
  for (let i = 0; i < n; i++) squares += (valueOfPair[pairOf[i]] - mean) ** 2;
  return { mean, se: Math.sqrt(squares / (n - 1) / n) };
}

/** The smallest number of trials of any sample: the last k of the curves (0 without samples). */
export function curveLength(samples: readonly TrialPasses[]): number {
  if (samples.length === 0) return 0;
  let smallest = Infinity;
  for (const s of samples) smallest = Math.min(smallest, s.trials);
  return smallest;
}

/**
 * Why the curves stop before the most trials a sample has: the most trials, and how many samples have fewer
 * (the curves end at the fewest, so that every point averages the same samples). Undefined when all have as many.
 */
export function curveShortfall(samples: readonly TrialPasses[]): { mostTrials: number; fewer: number } | undefined {
  const last = curveLength(samples);
  let most = 0;
  let fewer = 0;
  for (const s of samples) {
    most = Math.max(most, s.trials);
    if (s.trials > last) continue;
    fewer++;
  }
  return most > last ? { mostTrials: most, fewer } : undefined;
}

/** pass@k and pass^k for k = 1 … K averaged over the samples, each with its standard error over samples. */
export function passCurves(samples: readonly TrialPasses[]): PassCurvePoint[] {
  const last = curveLength(samples);
  const points: PassCurvePoint[] = [];
  if (last === 0) return points;
  const { pairs, pairOf } = distinctPairs(samples);
  const atK = new Float64Array(pairs.length);
  const powK = new Float64Array(pairs.length);
  for (let k = 1; k <= last; k++) {
    pairs.forEach((pair, j) => {
      atK[j] = unbiasedPassAtK(pair.trials, pair.passes, k);
      powK[j] = unbiasedPassPowK(pair.trials, pair.passes, k);
    });
    const a = meanAndSe(atK, pairOf);
    const p = meanAndSe(powK, pairOf);
    points.push({ k, passAtK: a.mean, passAtKSe: a.se, passPowK: p.mean, passPowKSe: p.se });
  }
  return points;
}

/** One sample's curves over k = 1 … n: pass@k and pass^k for n trials and c passes. */
export function sampleCurves(trials: number, passes: number): { passAtK: number[]; passPowK: number[] } {
  const passAtK: number[] = [];
  const passPowK: number[] = [];
  for (let k = 1; k <= trials; k++) {
    passAtK.push(unbiasedPassAtK(trials, passes, k));
    passPowK.push(unbiasedPassPowK(trials, passes, k));
  }
  return { passAtK, passPowK };
}
