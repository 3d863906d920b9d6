import type { ChangeKind } from '../model/compareTypes';
import type { ComparableLog } from './comparableLog';
import type { MetricKeyValues } from './metricComparison';
import type { Alignment } from './sampleAlignment';
import { ComparableSamples, passFailCounts } from './comparableSamples';
import { fisherExactP } from './statistics/exactTests';

/** A change is within noise when Fisher's exact test on the trial pass counts gives p ≥ this. */
export const NOISE_ALPHA = 0.05;

/**
 * The per-pair values of one metric key: Δ, its kind, and Fisher's p where the trials allow it (fisherPAt).
 * Each pair's two values are read from the key's values through the alignment (LogComparison's rows), not copied.
 */
export interface MetricPairs {
  key: MetricKeyValues;
  delta: Float64Array;
  kind: Int8Array;
  /** Fisher's p of each pair, NaN where the trials do not allow it; undefined when no pair's trials do. */
  fisherP?: Float64Array;
  counts: { improvements: number; regressions: number; withinNoise: number };
}

/** Fisher's p of pair `pair` (NaN where the trials do not allow it). */
export function fisherPAt(pairs: MetricPairs, pair: number): number {
  return pairs.fisherP ? pairs.fisherP[pair] : NaN;
}

export const KIND_CODES: readonly ChangeKind[] = ['unchanged', 'improvement', 'regression'];

/** Pass and fail counts of a sample's trials (their outcomes), when its value is exactly that pass rate. */
function trialCounts(samples: ComparableSamples, position: number, value: number): [number, number] | undefined {
  const trials = samples.trialEnds[position] - (position === 0 ? 0 : samples.trialEnds[position - 1]);
  if (trials === 0) return undefined;
  const [pass, fail] = passFailCounts(samples, position);
  if (pass + fail === 0 || Math.abs(pass / (pass + fail) - value) > 1e-9) return undefined;
  return [pass, fail];
}

/**
 * Per paired sample: the change of its value for one metric key (higher is better unless the key is flipped)
 * and, when both samples have trials of a 0/1 score, whether the change is within noise.
 */
export function metricPairs(key: MetricKeyValues, alignment: Alignment, base: ComparableLog, cand: ComparableLog): MetricPairs {
  const n = alignment.baseline.length;
  const pairs: MetricPairs = {
    key,
    delta: new Float64Array(n),
    kind: new Int8Array(n),
    counts: { improvements: 0, regressions: 0, withinNoise: 0 },
  };
  for (let i = 0; i < n; i++) {
    const a = key.baselineValues[alignment.baseline[i]];
    const b = key.candidateValues[alignment.candidate[i]];
    const d = b - a;
    pairs.delta[i] = d;
    if (Number.isNaN(d) || d === 0) continue;
    const better = d > 0 !== key.lowerIsBetter;
    pairs.kind[i] = better ? 1 : 2;
    if (better) pairs.counts.improvements++;
    else pairs.counts.regressions++;
    const ca = trialCounts(base.samples, alignment.baseline[i], a);
    const cb = trialCounts(cand.samples, alignment.candidate[i], b);
    if (ca && cb) {
      const p = fisherExactP(ca[0], ca[1], cb[0], cb[1]);
      // Made when the first pair has a p: logs without trials need none.
      (pairs.fisherP ??= new Float64Array(n).fill(NaN))[i] = p;
      if (p >= NOISE_ALPHA) pairs.counts.withinNoise++;
    }
  }
  return pairs;
}
