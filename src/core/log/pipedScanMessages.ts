/**
 * What passes between a log worker that indexes samples and the helper thread that reads and scans the
 * log for it (pipedScan.ts, pipedScanFeed.ts): the helper reads the file window by window, finds where
 * each sample lies, makes its lite text and posts them in batches, while the indexing thread indexes
 * the samples it has. Neither thread holds the whole file. Beside the threads they pass between, in
 * src/core/log (src/core/protocol is a layer above it: eslint/importLayers.mjs).
 */
import type { MessagePort } from 'node:worker_threads';
import type { JsonRecord } from './logValue';

/** Cells of `PipedScanInit.signal`. */
export const SIGNAL_POSTED = 0;
export const SIGNAL_CANCELLED = 1;
/** Set when the helper thread stopped (it crashed, or it ended after its last message). */
export const SIGNAL_GONE = 2;
export const SIGNAL_CELLS = 3;

export interface PipedScanInit {
  file: string;
  /** Int32 cells: how many messages were posted (notified on each), whether the reader gave up, whether the helper is gone. */
  signal: Int32Array;
  /** Where the helper posts its messages (the reader receives them synchronously). */
  port: MessagePort;
}

/** The reading end of a piped scan: the helper's messages arrive on `port`; `signal` is PipedScanInit's. */
export interface PipedScanEnd {
  port: MessagePort;
  signal: Int32Array;
}

/**
 * Consecutive elements of a sample array: element k lies at [starts[k], ends[k]), its cuts are
 * cuts[cutStarts[k]] to cuts[cutStarts[k + 1]], and its lite text (liteSample.ts, the later trials'
 * `sample` values cut) is lite[liteEnds[k - 1] (0 for the first), liteEnds[k]), leaving out
 * samplesCut[k] `sample` values (an element without cuts has no lite text).
 */
export interface LiteBatch {
  starts: Float64Array;
  ends: Float64Array;
  cutStarts: Int32Array;
  cuts: Float64Array;
  lite: Uint8Array;
  liteEnds: Int32Array;
  samplesCut: Int32Array;
}

export type PipedScanMessage =
  /**
   * A sample array starts: the top-level one (with the log read so far, and the `specification` found
   * near the end of the file when it was not read yet: tailMember.ts) or a run's.
   */
  | { type: 'samples'; run: false; skeleton: JsonRecord; tailSpecification?: { value: unknown } }
  | { type: 'samples'; run: true }
  /** More elements of the array that started last. */
  | ({ type: 'bounds' } & LiteBatch)
  /** The scan ended: the log without its samples, and which of its runs have a sample array. */
  | { type: 'done'; skeleton: JsonRecord; runs: boolean[] }
  /** The scan stopped (malformed or unreadable input, or the reader gave up). */
  | { type: 'failed' };
