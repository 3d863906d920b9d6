import type { PreviewOptions } from '../../model/previewTypes';

/** What an `eval_logs` preview reads: the resolved path, the source's `limit` and the preview's options. */
export interface EvalLogsInput {
  /** Absolute path (already resolved against the spec). */
  path: string;
  /** The source's `limit` field, when set. */
  limit?: number;
  options: PreviewOptions;
}
