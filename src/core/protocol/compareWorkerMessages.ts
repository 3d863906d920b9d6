/**
 * Messages between a comparison and the worker thread that reads and indexes one of its logs
 * (src/core/compare/compareLoad.worker.ts, started by parallelLoad.ts): the worker is given the file,
 * posts the index (`indexed`: the samples' values in columns, or `fallback` when the log must be read in the host, or `error`), then the
 * hashes of the samples' data (`fingerprints`), and ends.
 */
import type { LogSummary } from '../model/logViewTypes';
import type { ComparableSamples, DataFingerprints } from '../model/compareSampleTypes';
import type { AggregatorSpec } from '../log/trialsConfig';

/** Where each sample lies in its file: 4 bytes an offset when every one fits, else 8. */
export type FileOffsets = Uint32Array | Float64Array;

/** What the compare loading worker posts. */
export type IndexedLogMessage =
  | { kind: 'indexed'; summary: LogSummary; samples: ComparableSamples; starts: FileOffsets; ends: FileOffsets; settings: { aggregators: readonly AggregatorSpec[]; primaryScore?: string; passK: number }; clusterNumbers?: [string, Int32Array][] }
  | { kind: 'fingerprints'; hashes: DataFingerprints }
  | { kind: 'fallback' }
  | { kind: 'error'; message: string; line?: number; column?: number };

/** What the compare loading worker is given (its `workerData`). */
export interface CompareLoadData {
  filePath: string;
  fileName: string;
  /** Also number each sample's clusters (ComparableLog.clusterNumbers). */
  clusterNumbers?: boolean;
  /**
   * Run a full garbage collection once the index is no longer needed, before posting: what the worker holds while
   * the host takes the index in is then the posted columns alone. Only where the process is the comparison's own
   * (the CLI): it sets a V8 flag for the whole process.
   */
  collectBeforePosting?: boolean;
}
