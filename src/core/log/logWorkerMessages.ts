/**
 * Messages between a log's client in the extension host (logWorkerClient.ts) and the worker thread that loads
 * and indexes it (src/core/report/logParse.worker.ts): requests carry an `id` that the response repeats
 * (through the shared RequestChannel); the worker also posts the schema problems it finds in the background.
 * They stay in src/core/log, not in src/core/protocol: the client is in this layer, and src/core/protocol is
 * a layer above it (eslint/importLayers.mjs).
 */
import type { PipedScanEnd } from './pipedScanMessages';
import type { LogSummary, SampleDetail, SamplePage, SampleQuery, SchemaProblem } from '../model/logViewTypes';

/** What the log worker loads (passed as `workerData`). */
export interface LogWorkerInit {
  /** The log file to read; or `text`, the log's JSON text. */
  filePath?: string;
  text?: string;
  /** Name shown in the report (default: the file's base name). */
  fileName?: string;
  generation: number;
  schemaProblems?: SchemaProblem[];
  /** Build the search text in the background once the summary is served (default true). */
  prepareSearch?: boolean;
  /**
   * Validate the log against its schema in the background once the summary is served, and post the
   * problems (a `schemaProblems` event). Default: true unless `schemaProblems` is given.
   */
  validateSchema?: boolean;
  /** The reading end of a piped scan of `filePath` already started (pipedScan.ts). */
  scanPipe?: PipedScanEnd;
  /**
   * `filePath` is an Inspect `.eval` archive: the worker reads its header first (answering `earlySummary`), then
   * its samples; it has no schema to validate.
   */
  inspect?: boolean;
}

export function validatesInBackground(init: LogWorkerInit): boolean {
  if (init.inspect) return false;
  return init.validateSchema ?? init.schemaProblems === undefined;
}

export type LogWorkerRequest =
  | { id: number; type: 'summary' }
  | { id: number; type: 'earlySummary' }
  | { id: number; type: 'page'; query: SampleQuery }
  | { id: number; type: 'detail'; index: number; runIndex?: number }
  | { id: number; type: 'memory' };

export interface SerializedLogError {
  name: string;
  message: string;
  file?: string;
  line?: number;
  column?: number;
}

export interface LogWorkerMemory {
  rss: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
}

export type LogWorkerResult = LogSummary | SamplePage | SampleDetail | LogWorkerMemory;

export type LogWorkerResponse =
  | { id: number; ok: true; result: LogWorkerResult }
  | { id: number; ok: false; error: SerializedLogError };

/** Posted by the worker on its own, once the background schema validation is done (or failed). */
export interface LogWorkerSchemaEvent {
  type: 'schemaProblems';
  problems: SchemaProblem[];
  error?: SerializedLogError;
}

export type LogWorkerMessage = LogWorkerResponse | LogWorkerSchemaEvent;
