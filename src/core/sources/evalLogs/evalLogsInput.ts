import type { SourceOptions, SourceRun } from '../sourceDefinition';

/** What an `eval_logs` preview reads: the resolved path, the source's `limit`, the preview's options and its run. */
export interface EvalLogsInput {
  /** Absolute path (already resolved against the spec). */
  path: string;
  /** The source's `limit` field, when set. */
  limit?: number;
  options: SourceOptions;
  run: SourceRun;
}
