import type { Verification } from '../model/logViewTypes';
import { logStrings } from '../l10n/logStrings';
import type { NumericReading } from './numericReading';
import { toNumeric } from './logValue';
import { numericReadingOf } from './numericReading';

/** Metric types whose values can be recomputed from per-sample scores (docs/semantics.md §8). */
export const VERIFIABLE_METRIC_TYPES: ReadonlySet<string> = new Set(['mean', 'accuracy', 'min', 'max', 'sum', 'count']);

/** Relative tolerance above which a recomputed value is a mismatch. */
const RELATIVE_TOLERANCE = 1e-9;

/** |a − b| / max(|a|, |b|); 0 when both are 0. */
export function relativeDifference(a: number, b: number): number {
  const scale = Math.max(Math.abs(a), Math.abs(b));
  return scale === 0 ? 0 : Math.abs(a - b) / scale;
}

export function valuesMatch(reported: number, recomputed: number): boolean {
  return relativeDifference(reported, recomputed) <= RELATIVE_TOLERANCE;
}

/** A metric's per-sample values: as they are, or already read as numbers (shared by the metrics over one score). */
export type MetricCandidate = { values: readonly unknown[]; label?: string } | { reading: NumericReading; label?: string };

/**
 * Recomputes a metric of a verifiable type from the per-sample values of its key (null/undefined left out), given
 * as they are or already read. `count` counts the samples that carry the key; the others need numbers or booleans
 * (as 1/0).
 */
export function recomputeMetric(metricType: string, perSample: readonly unknown[] | NumericReading): { value?: number; count: number; reason?: string } {
  const reading = isReading(perSample) ? perSample : numericReadingOf(perSample);
  const { present, numbers } = reading;
  if (present === 0) return { count: 0, reason: logStrings.noPerSampleValues };
  if (metricType === 'count') return { value: present, count: present };
  if (!reading.allNumeric) return { count: present, reason: logStrings.perSampleNotNumeric };
  let value: number;
  switch (metricType) {
    case 'mean':
    case 'accuracy':
      value = reading.sum / numbers.length;
      break;
    case 'sum':
      value = reading.sum;
      break;
    case 'min':
      value = reading.min;
      break;
    case 'max':
      value = reading.max;
      break;
    default:
      return { count: present, reason: logStrings.metricTypeNotRecomputable(metricType) };
  }
  return { value, count: numbers.length };
}

function isReading(perSample: readonly unknown[] | NumericReading): perSample is NumericReading {
  return !Array.isArray(perSample);
}

/**
 * Verifies one reported metric value. `candidates` holds the per-sample values of the key; when trial
 * aggregators collide on the key there is one list per colliding aggregator (labelled), and a value that
 * matches any of them is a match.
 */
export function verifyMetricValue(
  metricType: string | undefined,
  reported: unknown,
  candidates: readonly MetricCandidate[],
): Verification {
  if (metricType === undefined) return { verdict: 'not_verifiable', reason: logStrings.metricTypeMissing };
  if (!VERIFIABLE_METRIC_TYPES.has(metricType)) return { verdict: 'not_verifiable', reason: logStrings.metricTypeNotRecomputable(metricType) };
  const reportedNumber = toNumeric(reported);
  if (reportedNumber === undefined) return { verdict: 'not_verifiable', reason: logStrings.reportedNotNumeric };
  let first: Verification | undefined;
  const labels: string[] = [];
  for (const candidate of candidates) {
    const result = recomputeMetric(metricType, 'reading' in candidate ? candidate.reading : candidate.values);
    if (result.value === undefined) {
      first ??= { verdict: 'not_verifiable', reason: result.reason, sampleCount: result.count };
      continue;
    }
    if (candidate.label) labels.push(`${candidate.label}: ${result.value}`);
    const verdict = valuesMatch(reportedNumber, result.value) ? 'match' : 'mismatch';
    const verification: Verification = { verdict, recomputed: result.value, sampleCount: result.count };
    if (verdict === 'match') {
      if (candidates.length > 1 && candidate.label) verification.reason = logStrings.collisionMatch(candidate.label);
      return verification;
    }
    verification.reason = logStrings.mismatchReason(reportedNumber, result.value, result.count);
    if (!first || first.verdict === 'not_verifiable') first = verification;
  }
  if (first && first.verdict === 'mismatch' && candidates.length > 1) first.reason = logStrings.collisionMismatch(labels.join(', '));
  return first ?? { verdict: 'not_verifiable', reason: logStrings.noPerSampleValues };
}
