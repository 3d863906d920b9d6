/**
 * Messages between the eval_logs source and the worker threads that count ranges of a large `.eval` archive
 * (evalLogCount.worker.ts, started by parallelArchiveCount.ts).
 * They stay in src/core/sources, not in src/core/protocol: it imports them, and src/core/protocol is a layer
 * above it (eslint/importLayers.mjs).
 */
import { PreviewWarning } from '../../model/previewTypes';

export interface EvalCountJob {
  file: string;
  /** Range of the archive's samples (in archiveSamples order), `from` inclusive, `to` exclusive. */
  from: number;
  to: number;
  maxBytes: number;
  /** Return each counted sample's start time and key (the source has a `limit`). */
  needStarts: boolean;
}

export interface EvalCountResult {
  count: number;
  warnings: PreviewWarning[];
  /** Per counted sample, with `needStarts`: its index in the archive's samples and its start time (ms or null). */
  indexes: number[];
  starts: (number | null)[];
}

export type EvalCountMessage = { type: 'progress'; done: number } | { type: 'done'; result: EvalCountResult } | { type: 'error'; message: string };
