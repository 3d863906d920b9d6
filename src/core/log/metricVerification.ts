import type { Verification } from '../model/logViewTypes';
import { logStrings } from '../l10n/logStrings';
import { toNumeric } from './logValue';

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

/** How many of the per-sample values are present (neither null nor undefined). */
function presentCount(values: readonly unknown[]): number {
  let present = 0;
  for (const value of values) if (value !== null && value !== undefined) present++;
  return present;
}

/**
 * The per-sample values as numbers (absent ones left out), in one array of their exact number — a million samples
 * leave 8 MB to collect, not a chain of grown copies; undefined when a present value is not numeric.
 */
export function numericValues(values: readonly unknown[]): Float64Array | undefined {
  const numbers = new Float64Array(presentCount(values));
  let k = 0;
  for (const value of values) {
    if (value === null || value === undefined) continue;
    const n = toNumeric(value);
    if (n === undefined) return undefined;
    numbers[k++] = n;
  }
  return numbers;
}

/**
 * Recomputes a metric of a verifiable type from the per-sample values of its key (null/undefined left out).
 * `count` counts the samples that carry the key; the others need numbers or booleans (as 1/0).
 */
export function recomputeMetric(metricType: string, perSample: readonly unknown[]): { value?: number; count: number; reason?: string } {
  const present = presentCount(perSample);
  if (present === 0) return { count: 0, reason: logStrings.noPerSampleValues };
  if (metricType === 'count') return { value: present, count: present };
  const numbers = numericValues(perSample);
  if (!numbers) return { count: present, reason: logStrings.perSampleNotNumeric };
  let value: number;
  switch (metricType) {
    case 'mean':
    case 'accuracy':
      value = numbers.reduce((a, b) => a + b, 0) / numbers.length;
      break;
    case 'sum':
      value = numbers.reduce((a, b) => a + b, 0);
      break;
    case 'min':
      value = numbers.reduce((a, b) => (b < a ? b : a), numbers[0]);
      break;
    case 'max':
      value = numbers.reduce((a, b) => (b > a ? b : a), numbers[0]);
      break;
    default:
      return { count: present, reason: logStrings.metricTypeNotRecomputable(metricType) };
  }
  return { value, count: numbers.length };
}

/**
 * Verifies one reported metric value. `candidates` holds the per-sample values of the key; when trial
 * aggregators collide on the key there is one list per colliding aggregator (labelled), and a value that
 * matches any of them is a match.
 */
export function verifyMetricValue(
  metricType: string | undefined,
  reported: unknown,
  candidates: readonly { values: readonly unknown[]; label?: string }[],
): Verification {
  if (metricType === undefined) return { verdict: 'not_verifiable', reason: logStrings.metricTypeMissing };
  if (!VERIFIABLE_METRIC_TYPES.has(metricType)) return { verdict: 'not_verifiable', reason: logStrings.metricTypeNotRecomputable(metricType) };
  const reportedNumber = toNumeric(reported);
  if (reportedNumber === undefined) return { verdict: 'not_verifiable', reason: logStrings.reportedNotNumeric };
  let first: Verification | undefined;
  const labels: string[] = [];
  for (const candidate of candidates) {
    const result = recomputeMetric(metricType, candidate.values);
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
