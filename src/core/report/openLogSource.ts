/**
 * Opens a task result log file as a LogSource for the report: indexed in this thread for small files
 * (with schema problems for the banner), in a worker thread above a size threshold (which validates the
 * log in the background once the summary is served: `laterSchemaProblems`). A file that cannot be read or
 * parsed gives a LoadFailure naming the line and column.
 */
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import type { LogSource } from '../log/logSource';
import { loadLogIndex } from '../log/logLoader';
import { LogLoadError } from '../log/logLoadError';
import { LogWorkerClient } from '../log/logWorkerClient';
import { logReportStrings as S } from '../l10n/logReportStrings';
import { logSchemaProblems } from './logSchemaProblems';
import { hostileInputStrings } from '../l10n/hostileInputStrings';
import { StreamedLogValidation } from './streamedLogValidation';
import { ParallelValidation, validateInWorkerThread } from './parallelLogValidation';
import type { LogIndex } from '../log/logIndex';

export interface LoadFailure {
  message: string;
  line?: number;
  column?: number;
  hint: string;
}

export type LoadOutcome = { ok: true; source: LogSource } | { ok: false; failure: LoadFailure };

export interface OpenLogOptions {
  generation: number;
  /** Files larger than this are parsed in a worker thread (and schema-validated there in the background). */
  workerThresholdBytes: number;
  /** dist/worker/logParse.js */
  workerScript?: string;
  onProgress?: (label: string, done?: number, total?: number) => void;
  /**
   * Files larger than this (read in this thread) are indexed sample by sample from their bytes, never parsed
   * whole, and schema-validated one sample at a time: memory stays near the file's size (the command line).
   * A syntax error inside a part of a sample that indexing skips surfaces when that sample's detail is read.
   */
  leanAboveBytes?: number;
  /**
   * With `leanAboveBytes`: the validation bundle (dist/worker/streamedLogValidation.js) to validate the log
   * in a worker thread while the caller works (the source then has `laterSchemaProblems`).
   */
  validationModule?: string;
}

/** A lean index whose schema problems come later, from a worker thread. */
function withLaterProblems(index: LogIndex, validation: ParallelValidation, filePath: string): LogSource {
  const problems = validation.problems.catch(() => new StreamedLogValidation({ filePath }).run());
  return {
    summary: () => index.summary(),
    page: (query) => index.page(query),
    detail: (i, runIndex) => index.detail(i, runIndex),
    laterSchemaProblems: () => problems,
    dispose: () => validation.cancel(),
  };
}

/** The lean in-thread path (see OpenLogOptions.leanAboveBytes). */
async function openLean(filePath: string, fileName: string, size: number, options: OpenLogOptions): Promise<LoadOutcome> {
  try {
    options.onProgress?.(S.indexing, 0, size);
    // Read from the file path: the bytes are released once indexed, and each sample is read back on demand.
    const index = await loadLogIndex({ filePath }, { fileName, generation: options.generation, mode: 'lazy' });
    // The worker starts once the bytes are released, so that the two never add up in memory.
    if (options.validationModule) return { ok: true, source: withLaterProblems(index, validateInWorkerThread(options.validationModule, filePath), filePath) };
    options.onProgress?.(S.parsing, size, size);
    // Validated after indexing, so that a syntax error is reported as such; the summary is not built yet.
    index.options.schemaProblems = new StreamedLogValidation({ filePath }).run();
    return { ok: true, source: index };
  } catch (error) {
    return { ok: false, failure: failureOf(error) };
  }
}

function failureOf(error: unknown): LoadFailure {
  if (error instanceof LogLoadError) {
    const hint = error.line !== undefined ? S.loadErrorHint : /must be a JSON object/.test(error.message) ? S.notALogHint : S.readErrorHint;
    return { message: error.message, line: error.line, column: error.column, hint };
  }
  return { message: error instanceof Error ? error.message : String(error), hint: S.readErrorHint };
}

export async function openLogSource(filePath: string, options: OpenLogOptions): Promise<LoadOutcome> {
  const fileName = path.basename(filePath);
  options.onProgress?.(S.loading);
  let size: number;
  try {
    const info = await fs.stat(filePath);
    if (!info.isFile()) {
      const message = info.isDirectory() ? hostileInputStrings.notAFile(filePath) : hostileInputStrings.notARegularFile(filePath);
      return { ok: false, failure: { message, hint: S.readErrorHint } };
    }
    size = info.size;
  } catch (error) {
    return { ok: false, failure: { message: error instanceof Error ? error.message : String(error), hint: S.readErrorHint } };
  }
  if (options.workerScript && size > options.workerThresholdBytes) {
    options.onProgress?.(S.parsing, 0, size);
    const client = new LogWorkerClient(options.workerScript, { filePath, fileName, generation: options.generation });
    try {
      await client.summary();
      return { ok: true, source: client };
    } catch (error) {
      client.dispose();
      return { ok: false, failure: failureOf(error) };
    }
  }
  if (options.leanAboveBytes !== undefined && size > options.leanAboveBytes) return openLean(filePath, fileName, size, options);
  try {
    const bytes = await fs.readFile(filePath);
    options.onProgress?.(S.parsing, 0, size);
    const schemaProblems = logSchemaProblems(bytes.toString('utf8'), fileName);
    options.onProgress?.(S.indexing, size, size);
    return { ok: true, source: await loadLogIndex(bytes, { fileName, generation: options.generation, mode: 'full', schemaProblems }) };
  } catch (error) {
    return { ok: false, failure: failureOf(error) };
  }
}
