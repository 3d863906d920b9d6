/**
 * What the report shows where, decided without the DOM (unit-tested): the errors of the sample itself, the
 * metrics whose reported value does not match their samples, the pass@k columns a score column already
 * holds, and how many data columns fit beside the key columns of the samples table.
 */
import type { ErrorView, LogSummary, MetricView, SampleDetail } from '../../src/core/model/logViewTypes';

/** The errors of the sample itself: a trial's errors are shown once, under that trial. */
export function sampleLevelErrors(detail: Pick<SampleDetail, 'errors' | 'trials'>): ErrorView[] {
  if (detail.trials.length === 0) return detail.errors;
  return detail.errors.filter((error) => error.where.level !== 'trial' && error.where.trialIndex === undefined);
}

/** Metrics with at least one value that does not match what their per-sample scores give. */
export function mismatchedMetrics(summary: Pick<LogSummary, 'metrics'>): MetricView[] {
  const found: MetricView[] = [];
  for (const group of summary.metrics ?? []) {
    for (const metric of group.metrics) if (metric.values.some((v) => v.verification.verdict === 'mismatch')) found.push(metric);
  }
  return found;
}

/**
 * The computed pass@k / pass^k columns that would repeat a score column: a trial aggregator of the same
 * function and k already stores that value per sample (e.g. `pass_at_3` beside `pass@3`).
 */
export function repeatedPassColumns(summary: Pick<LogSummary, 'trials' | 'samples'>): { passAtK: boolean; passPowK: boolean } {
  const k = summary.samples.passK;
  const stored = (fn: string): boolean => (summary.trials?.aggregators ?? []).some((a) => a.function === fn && (a.k ?? k) === k && !a.collides
    && summary.samples.scoreColumns.some((c) => c.valueKey === a.targetName));
  return { passAtK: stored('pass@k'), passPowK: stored('pass^k') };
}

/** Data columns that fit in `available` px after the key columns (`keyWidth` px): data columns give way first. */
export function dataColumnsThatFit(available: number, keyWidth: number, dataColumns: number, dataColumnWidth: number): number {
  if (!(available > 0)) return dataColumns;
  return Math.max(0, Math.min(dataColumns, Math.floor((available - keyWidth) / dataColumnWidth)));
}
