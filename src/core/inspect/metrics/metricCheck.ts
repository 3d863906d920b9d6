/**
 * One stored Inspect metric value checked against the value recomputed from the per-sample scores
 * (docs/inspect-logs.md), with the tolerance the task result logs use (docs/semantics.md §8).
 */
import type { Verification } from '../../model/logViewTypes';
import { inspectMetricStrings } from '../../l10n/inspectMetricStrings';
import { valuesMatch } from '../../log/metricVerification';
import { RECOMPUTED_METRICS, computeMetric } from './inspectMetricFunctions';
import type { MetricValues } from './scorerSamples';
import type { StoredEvalScore, StoredMetric } from './storedEvalScores';

/** Params a built-in metric may carry and still be recomputed (`cluster` only for stderr). */
function unknownParams(metric: StoredMetric): string[] {
  return Object.entries(metric.params)
    .filter(([key, value]) => value !== null && !(key === 'cluster' && metric.name === 'stderr' && typeof value === 'string'))
    .map(([key]) => key);
}

/** Why a stored metric cannot be recomputed at all, or undefined when it can. */
export function notRecomputable(metric: StoredMetric): string | undefined {
  if (metric.group !== undefined) return inspectMetricStrings.metricGroupValue(metric.group);
  if (metric.name === 'bootstrap_stderr') return inspectMetricStrings.bootstrapMetric;
  if (!RECOMPUTED_METRICS.has(metric.name)) return inspectMetricStrings.customMetric(metric.name);
  const params = unknownParams(metric);
  return params.length ? inspectMetricStrings.customParams(params.join(', ')) : undefined;
}

function sameNumber(stored: number, recomputed: number): boolean {
  return stored === recomputed || (Number.isNaN(stored) && Number.isNaN(recomputed)) || valuesMatch(stored, recomputed);
}

function mismatchReason(stored: number, recomputed: number, values: MetricValues, evalScore: StoredEvalScore): string {
  const samples = values.inputs.length;
  if (Number.isNaN(stored)) return inspectMetricStrings.storedNaN(recomputed);
  if (evalScore.scoredSamples !== undefined && evalScore.scoredSamples !== samples) {
    return inspectMetricStrings.mismatchCount(stored, recomputed, samples, evalScore.scoredSamples);
  }
  return inspectMetricStrings.mismatch(stored, recomputed, samples);
}

/** The verification of one stored metric value of `evalScore`, given the values its metrics saw. */
export function checkMetric(metric: StoredMetric, values: MetricValues, evalScore: StoredEvalScore): Verification {
  const reason = notRecomputable(metric);
  if (reason !== undefined) return { verdict: 'not_verifiable', reason };
  // Inspect writes NaN as null in logs of versions that serialise it so.
  const stored = metric.value === null ? NaN : metric.value;
  if (typeof stored !== 'number') return { verdict: 'not_verifiable', reason: inspectMetricStrings.storedNotNumeric };
  if (values.problem !== undefined) return { verdict: 'not_verifiable', reason: values.problem, sampleCount: values.inputs.length };
  if (values.inputs.length === 0) {
    // With no scored sample Inspect stores NaN without calling the metric.
    const verdict = Number.isNaN(stored) ? 'match' : 'mismatch';
    return { verdict, reason: inspectMetricStrings.noScoredSamples, sampleCount: 0 };
  }
  const cluster = typeof metric.params.cluster === 'string' ? metric.params.cluster : undefined;
  const result = computeMetric(metric.name, values.inputs, cluster);
  if ('problem' in result) return { verdict: 'not_verifiable', reason: result.problem, sampleCount: values.inputs.length };
  const verification: Verification = { verdict: 'match', sampleCount: values.inputs.length };
  if (Number.isFinite(result.value)) verification.recomputed = result.value;
  if (!sameNumber(stored, result.value)) {
    verification.verdict = 'mismatch';
    verification.reason = mismatchReason(stored, result.value, values, evalScore);
  }
  return verification;
}
