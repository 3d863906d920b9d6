/**
 * What `eval-lens log verify` reports for a loaded log, as data: each metric and sample-level value recomputed
 * (docs/semantics.md §7), the intervals of the 0/1 metrics and, on request, the pass@k and pass^k curves
 * (docs/semantics.md §12). The command line prints it (`--json` verbatim); the Node API returns it.
 */
import type { LogIndex } from '../log/logIndex';
import type { LogSummary } from '../model/logViewTypes';
import { LogVerification, verifyLog } from '../log/verifyLog';
import { statisticsStrings } from '../l10n/statisticsStrings';
import { logMetricIntervals, logPassCurves, MetricInterval, ScoreCurves } from './logStatistics';

export interface VerifyStatistics {
  note?: string;
  intervals: MetricInterval[];
  pass_curves?: ScoreCurves[];
}

export interface LogVerifyReport {
  verification: LogVerification;
  /** Only when asked for: they read every sample again. */
  curves?: ScoreCurves[];
  intervals: MetricInterval[];
}

/**
 * Verifies `index`; `withCurves` reads every sample again for the curves. `summary`: the summary a reader made for
 * the index when it is not the index's own (an Inspect log's, whose metrics are verified by Inspect's definitions).
 */
export function logVerifyReport(index: LogIndex, withCurves: boolean, summary?: LogSummary): LogVerifyReport {
  const verification = verifyLog(index, summary);
  const curves = withCurves ? logPassCurves(index) : undefined;
  return { verification, curves, intervals: logMetricIntervals(index, summary) };
}

/** The report as `log verify --json` prints it: the verification without its counts, with its statistics. */
export function logVerifyJson(report: LogVerifyReport): Omit<LogVerification, 'counts'> & { statistics: VerifyStatistics } {
  const { counts: _counts, ...printed } = report.verification;
  const { curves, intervals } = report;
  const statistics: VerifyStatistics = curves ? { note: statisticsStrings.curvesNote, intervals, pass_curves: curves } : { intervals };
  return { ...printed, statistics };
}
