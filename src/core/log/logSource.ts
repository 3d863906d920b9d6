import type { LogSummary, SampleDetail, SamplePage, SampleQuery, SchemaProblem } from '../model/logViewTypes';

/** What the report needs from a loaded log, whether indexed in this thread (LogIndex) or in a worker (LogWorkerClient). */
export interface LogSource {
  /** The complete summary (for a source with `earlySummary`: once the samples are indexed). */
  summary(): Promise<LogSummary>;
  /**
   * A first summary served before the samples are indexed (`samplesPending`): the header and the stored metrics,
   * not yet verified. Absent when the source has nothing earlier than `summary()`.
   */
  earlySummary?(): Promise<LogSummary>;
  page(query: SampleQuery): Promise<SamplePage>;
  /** Detail of the sample at `index` in its samples array (of run `runIndex` for repeatability runs). */
  detail(index: number, runIndex?: number): Promise<SampleDetail>;
  /**
   * Schema problems found after the summary was served (a large log is validated in the background);
   * they replace the summary's `schemaProblems`. Absent when the summary has them already.
   */
  laterSchemaProblems?(): Promise<SchemaProblem[]>;
  dispose(): void;
}
