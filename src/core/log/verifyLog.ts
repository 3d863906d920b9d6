import type { LogSummary, MetricGroup, Verdict } from '../model/logViewTypes';
import type { LogIndex } from './logIndex';

/** One verified metric value, as `eval-lens log verify --json` prints it. */
export interface MetricVerificationRow {
  metric_key: string;
  scorer_key: string | null;
  key: string;
  reported: unknown;
  recomputed: number | null;
  verdict: Verdict;
  reason?: string;
  /** Set for the metrics of a repeatability run. */
  run_index?: number;
}

/** One sample-level aggregated value checked against its trials. */
export interface SampleVerificationRow {
  sample_id: string | number;
  scorer_key: string;
  key: string;
  reported: unknown;
  recomputed: number | null;
  verdict: Verdict;
  reason?: string;
  run_index?: number;
}

export interface LogVerification {
  status: string;
  metrics: MetricVerificationRow[];
  samples: SampleVerificationRow[];
  counts: Record<Verdict, number>;
}

function metricRows(groups: readonly MetricGroup[] | null, runIndex?: number): MetricVerificationRow[] {
  const rows: MetricVerificationRow[] = [];
  for (const group of groups ?? []) {
    for (const metric of group.metrics) {
      for (const value of metric.values) {
        const row: MetricVerificationRow = {
          metric_key: metric.metricKey,
          scorer_key: metric.scorerKey ?? null,
          key: value.key,
          reported: value.value,
          recomputed: value.verification.recomputed ?? null,
          verdict: value.verification.verdict,
        };
        if (value.verification.reason !== undefined) row.reason = value.verification.reason;
        if (runIndex !== undefined) row.run_index = runIndex;
        rows.push(row);
      }
    }
  }
  return rows;
}

/** The metric rows of a summary: its metrics and each run's (what `verifyLog` checks besides sample-level values). */
export function summaryMetricRows(summary: LogSummary): MetricVerificationRow[] {
  const metrics = metricRows(summary.metrics);
  for (const run of summary.runs?.runs ?? []) metrics.push(...metricRows(run.metrics, run.index));
  return metrics;
}

/**
 * Every verifiable value of a log: its metrics, each run's metrics, and sample-level aggregated scores. `summary`:
 * the one the report shows when another reader made it from the index's (an Inspect log's, with its metrics).
 */
export function verifyLog(index: LogIndex, summary: LogSummary = index.getSummary()): LogVerification {
  const metrics = summaryMetricRows(summary);
  const samples: SampleVerificationRow[] = [];
  index.forEachSampleCheck((check, sampleId, _sampleIndex, runIndex) => {
    const row: SampleVerificationRow = {
      sample_id: sampleId,
      scorer_key: check.scorerKey,
      key: check.key,
      reported: check.reported,
      recomputed: check.verification.recomputed ?? null,
      verdict: check.verification.verdict,
    };
    if (check.verification.reason !== undefined) row.reason = check.verification.reason;
    if (runIndex !== undefined) row.run_index = runIndex;
    samples.push(row);
  });
  const counts: Record<Verdict, number> = { match: 0, mismatch: 0, not_verifiable: 0 };
  for (const rows of [metrics, samples]) for (const row of rows) counts[row.verdict]++;
  return { status: summary.status, metrics, samples, counts };
}
