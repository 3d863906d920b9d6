/**
 * The summary of an Inspect log before its samples are read: the header's task, model, status, timing and token
 * usage, and the metrics `results.scores` stores, each marked as not verified yet (docs/inspect-logs.md). The
 * complete summary (inspectLogSource.ts) replaces it once the samples are indexed.
 */
import type { LogSummary } from '../model/logViewTypes';
import { LogIndex } from '../log/logIndex';
import { ArraySampleStore } from '../log/sampleReading';
import { logStrings } from '../l10n/logStrings';
import { headerAsTaskLog, inspectTokenUsage } from './inspectHeader';
import { configuredEpochs, statedSampleCount } from '../sources/evalLogs/inspectHeaderCounts';
import { storedMetricGroups } from './metrics/verifyInspectMetrics';

interface EarlySummaryOptions {
  fileName: string;
  fileSize: number;
  generation: number;
}

export function earlyInspectSummary(header: Record<string, unknown>, notes: readonly string[], options: EarlySummaryOptions): LogSummary {
  const base = new LogIndex(headerAsTaskLog(header, configuredEpochs(header) ?? 1), { top: new ArraySampleStore([]), runs: [] }, options).getSummary();
  const results = header.results;
  const metrics = results === undefined || results === null ? null : storedMetricGroups(results, { verdict: 'not_verifiable', reason: logStrings.verifyPendingTitle, pending: true });
  const summary: LogSummary = { ...base, metrics, tokenUsage: inspectTokenUsage(header), samples: { ...base.samples, count: statedSampleCount(header) ?? 0 }, samplesPending: true };
  delete summary.metricsMissingReason;
  if (!metrics) summary.metricsMissingReason = logStrings.noMetrics;
  if (notes.length) summary.notes = [...notes];
  return summary;
}
