/**
 * The summary of an Inspect log before its samples are read: the header's task, model, status, timing and token
 * usage, and the metrics `results.scores` stores, each marked as not verified yet (docs/inspect-logs.md). The
 * complete summary (inspectLogSource.ts) replaces it once the samples are indexed.
 */
import type { LogSummary } from '../model/logViewTypes';
import { LogIndex } from '../log/logIndex';
import { ArraySampleStore } from '../log/sampleReading';
import { logStrings } from '../l10n/logStrings';
import { isPlainObject } from '../json/objectValues';
import { configuredEpochs, headerAsTaskLog, inspectTokenUsage } from './inspectHeader';
import { storedMetricGroups } from './metrics/verifyInspectMetrics';

interface EarlySummaryOptions {
  fileName: string;
  fileSize: number;
  generation: number;
}

/** The sample count the header states (`results.total_samples`); 0 when it states none. */
function statedSampleCount(header: Record<string, unknown>): number {
  const total = isPlainObject(header.results) ? header.results.total_samples : undefined;
  return typeof total === 'number' && Number.isSafeInteger(total) && total >= 0 ? total : 0;
}

export function earlyInspectSummary(header: Record<string, unknown>, notes: readonly string[], options: EarlySummaryOptions): LogSummary {
  const base = new LogIndex(headerAsTaskLog(header, configuredEpochs(header) ?? 1), { top: new ArraySampleStore([]), runs: [] }, options).getSummary();
  const results = header.results;
  const metrics = results === undefined || results === null ? null : storedMetricGroups(results, { verdict: 'not_verifiable', reason: logStrings.verifyPendingTitle, pending: true });
  const summary: LogSummary = { ...base, metrics, tokenUsage: inspectTokenUsage(header), samples: { ...base.samples, count: statedSampleCount(header) }, samplesPending: true };
  delete summary.metricsMissingReason;
  if (!metrics) summary.metricsMissingReason = logStrings.noMetrics;
  if (notes.length) summary.notes = [...notes];
  return summary;
}
