/**
 * Opens a task result log file as a LogSource for the report: indexed in this thread for small files
 * (with schema problems for the banner), in a worker thread above a size threshold (which validates the
 * log in the background once the summary is served: `laterSchemaProblems`). A file that cannot be read or
 * parsed gives a LoadFailure naming the line and column.
 */
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import type { LogSource } from '../log/logSource';
import { loadLogIndex, loadLogIndexSync } from '../log/logLoader';
import { startPipedScan } from '../log/pipedScan';
import { LogLoadError } from '../log/logLoadError';
import { LogWorkerClient } from '../log/logWorkerClient';
import { logStrings as S } from '../l10n/logStrings';
import { logSchemaProblems } from './logSchemaProblems';
import { inputStrings } from '../l10n/inputStrings';
import { StreamedLogValidation } from './streamedLogValidation';
import { BoundedLogValidation, BoundedValidationResult, mergeValidationParts, splitRank } from './boundedLogValidation';
import { FILE_WINDOW_LEVEL, FileWindows } from './fileWindows';
import { ReportExportWorker } from './reportExportWorker';
import { validateInWorkerThread } from './parallelLogValidation';
import { RawLogSource, RawSampleAccess, RawSampleSet, rawSampleSets } from './rawSampleAccess';
import { LogIndex } from '../log/logIndex';
import type { SchemaProblem } from '../model/logViewTypes';
import { InspectLogError, isInspectLogFile } from '../inspect/inspectLog';
import { isZipArchive } from '../archive/zipMagic';
import { openInspectLog, openInspectLogEarly } from '../inspect/openInspectLog';

export interface LoadFailure {
  message: string;
  line?: number;
  column?: number;
  hint: string;
}

/** A source whose index lives in this thread (the `whole` and `lean` plans): what verification and every sample's figures read. */
interface IndexedSource {
  readonly index: LogIndex;
}

/** The index behind a source opened in this thread, or undefined (a worker's source). */
export function sourceIndex(source: LogSource): LogIndex | undefined {
  if (source instanceof LogIndex) return source;
  const indexed = (source as Partial<IndexedSource>).index;
  return indexed instanceof LogIndex ? indexed : undefined;
}

type LoadOutcome = { ok: true; source: LogSource } | { ok: false; failure: LoadFailure };

/** The report worker of an HTML export: it compresses the file into `windowsFile` while this thread indexes it. */
export interface ExportWorkerPlan {
  /** dist/worker/reportExport.js */
  script: string;
  windowsFile: string;
}

/**
 * The ways a log is opened, each named for what it serves. A lean plan applies to files larger than
 * `aboveBytes`; smaller ones are read whole in this thread, as with `whole`.
 */
export type LogOpenPlan =
  /** Read and parse the whole file in this thread. */
  | { kind: 'whole' }
  /**
   * The editor: a file larger than `aboveBytes` is parsed in the log worker (`script`, dist/worker/logParse.js)
   * and schema-validated there in the background; a smaller one is read whole in this thread.
   */
  | { kind: 'worker'; script: string; aboveBytes: number }
  /**
   * The command line: a large file is indexed sample by sample from its bytes, never parsed whole, and
   * schema-validated one sample at a time, so memory stays near the file's size. A syntax error inside a part
   * of a sample that indexing skips surfaces when that sample's detail is read. `validationModule`
   * (dist/worker/streamedLogValidation.js) validates in a worker thread while the caller works (the source then
   * has `laterSchemaProblems`); `scanHelper` (dist/worker/logScan.js) reads and scans the file in a helper thread
   * while this thread indexes it (pipedScan.ts), so that this thread never holds the whole file.
   */
  | { kind: 'lean'; aboveBytes: number; validationModule?: string; scanHelper?: string }
  /** An HTML export: the lean plan, with the report worker compressing the file and validating part of the samples beside this thread. */
  | { kind: 'export'; aboveBytes: number; exportWorker: ExportWorkerPlan; validationModule?: string; scanHelper?: string };

interface OpenLogOptions {
  generation: number;
  plan: LogOpenPlan;
  onProgress?: (label: string, done?: number, total?: number) => void;
}

type LeanPlan = Extract<LogOpenPlan, { kind: 'lean' | 'export' }>;

/** The share of the samples' bytes the report worker validates; this thread validates the rest after writing the rows. */
const WORKER_VALIDATION_SHARE = 0.6;

/**
 * A lean index as a source: its schema problems and the samples that are not valid JSON come from
 * `validation` (a worker thread, or this thread), and its samples are readable as the file's bytes when
 * the index located them all (`sets`).
 */
function leanSource(index: LogIndex, filePath: string, sets: RawSampleSet[] | undefined, validation: Promise<BoundedValidationResult>, cancel?: () => void, windows?: () => Promise<FileWindows>): LogSource {
  const problems = (): Promise<SchemaProblem[]> => validation.then((result) => result.problems);
  const source: LogSource & IndexedSource = {
    index,
    // Validated in this thread (no `cancel`), the problems are known: they are added to the summary, which
    // may have been built before. From a worker thread they come later, without holding the summary up.
    summary: cancel ? () => index.summary() : async () => ({ ...(await index.summary()), schemaProblems: await problems() }),
    page: (query) => index.page(query),
    detail: (i, runIndex) => index.detail(i, runIndex),
    laterSchemaProblems: problems,
    dispose: () => cancel?.(),
  };
  if (!sets) return source;
  const rawSamples: RawSampleAccess = {
    filePath,
    sets,
    context: index.detailSettings(),
    unparsed: () => validation.then((result) => result.unparsed),
    failOn: (sample) => void index.sampleSet(sets[sample.set].runIndex)?.store.full(sample.index),
    windows,
  };
  const raw: RawLogSource = { ...source, rawSamples };
  return raw;
}

function validateHere(filePath: string, sets: RawSampleSet[] | undefined): BoundedValidationResult {
  return sets ? new BoundedLogValidation({ filePath }, sets).run() : { problems: new StreamedLogValidation({ filePath }).run(), unparsed: [] };
}

/** Runs `validate` on a later turn of the event loop (the caller's first work goes first). */
function later(validate: () => BoundedValidationResult): Promise<BoundedValidationResult> {
  return new Promise((resolve, reject) => setImmediate(() => {
    try {
      resolve(validate());
    } catch (error) {
      reject(error);
    }
  }));
}

/** Indexes a file sample by sample: through a helper thread that reads and scans it when the plan has one. */
async function indexLean(filePath: string, fileName: string, generation: number, plan: LeanPlan): Promise<LogIndex> {
  const scanPipe = plan.scanHelper ? startPipedScan(filePath, plan.scanHelper) : undefined;
  if (scanPipe) return loadLogIndexSync({ filePath }, { fileName, generation, mode: 'lazy', scanPipe });
  return loadLogIndex({ filePath }, { fileName, generation, mode: 'lazy' });
}

/** The `export` plan: lean, with the report worker. */
async function openForExport(filePath: string, fileName: string, generation: number, plan: Extract<LogOpenPlan, { kind: 'export' }>): Promise<LoadOutcome> {
  const worker = new ReportExportWorker(plan.exportWorker.script, filePath, plan.exportWorker.windowsFile, FILE_WINDOW_LEVEL);
  try {
    const index = await indexLean(filePath, fileName, generation, plan);
    const sets = rawSampleSets(index);
    if (!sets) {
      worker.cancel();
      return { ok: true, source: leanSource(index, filePath, undefined, Promise.resolve(validateHere(filePath, undefined))) };
    }
    const count = sets.reduce((n, set) => n + set.starts.length, 0);
    const split = splitRank(sets, WORKER_VALIDATION_SHARE);
    const first = { from: 0, to: split, skeleton: true };
    const there = worker.validate(sets, first).catch(() => new BoundedLogValidation({ filePath }, sets).run(first));
    const here = later(() => new BoundedLogValidation({ filePath }, sets).run({ from: split, to: count, skeleton: false }));
    const validation = Promise.all([there, here]).then((parts) => mergeValidationParts(parts));
    validation.catch(() => undefined); // awaited by the writer
    return { ok: true, source: leanSource(index, filePath, sets, validation, () => worker.cancel(), () => worker.windows) };
  } catch (error) {
    worker.cancel();
    return { ok: false, failure: failureOf(error) };
  }
}

/** The `lean` plan, in this thread. */
async function openLean(filePath: string, fileName: string, size: number, options: OpenLogOptions, plan: LeanPlan): Promise<LoadOutcome> {
  if (plan.kind === 'export') return openForExport(filePath, fileName, options.generation, plan);
  try {
    options.onProgress?.(S.indexing, 0, size);
    // Read from the file path: the bytes are released once indexed, and each sample is read back on demand.
    const index = await indexLean(filePath, fileName, options.generation, plan);
    const sets = rawSampleSets(index);
    if (plan.validationModule) {
      // The worker starts once the bytes are released, so that the two never add up in memory.
      const worker = validateInWorkerThread(plan.validationModule, filePath, sets);
      let disposed = false;
      const cancel = (): void => {
        disposed = true;
        worker.cancel();
      };
      // A worker that fails is replaced by this thread; one stopped because the source was disposed is not.
      const validation = worker.result.catch(() => (disposed ? { problems: [], unparsed: [] } : validateHere(filePath, sets)));
      return { ok: true, source: leanSource(index, filePath, sets, validation, cancel) };
    }
    options.onProgress?.(S.parsing, size, size);
    // Validated after indexing, so that a syntax error is reported as such.
    const result = validateHere(filePath, sets);
    return { ok: true, source: leanSource(index, filePath, sets, Promise.resolve(result)) };
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

/**
 * An Inspect log (a `.eval` archive or an Inspect `.json` log) as a source; undefined when the file is JSON that
 * is not an Inspect log after all (the task result log reader then opens it). The editor's plan (`worker`) gets an
 * archive's header first (`earlySummary`), its samples indexed after; the others get the log indexed.
 */
async function openInspect(filePath: string, generation: number, plan: LogOpenPlan): Promise<LoadOutcome | undefined> {
  try {
    return { ok: true, source: plan.kind === 'worker' ? await openInspectLogEarly(filePath, generation) : await openInspectLog(filePath, generation) };
  } catch (error) {
    if (error instanceof InspectLogError && error.notInspect) return undefined;
    return { ok: false, failure: { message: error instanceof Error ? error.message : String(error), hint: S.readErrorHint } };
  }
}

/**
 * A large Inspect archive read in the log worker (the editor's plan): its header answers first, and its samples are
 * indexed there while this thread stays free. A `.json` Inspect log is read in this thread (it is parsed whole).
 */
async function openInspectInWorker(filePath: string, fileName: string, generation: number, script: string): Promise<LoadOutcome> {
  const client = new LogWorkerClient(script, { filePath, fileName, generation, inspect: true, schemaProblems: [] });
  try {
    await client.earlySummary?.();
    return { ok: true, source: client };
  } catch (error) {
    client.dispose();
    return { ok: false, failure: { message: error instanceof Error ? error.message : String(error), hint: S.readErrorHint } };
  }
}

export async function openLogSource(filePath: string, options: OpenLogOptions): Promise<LoadOutcome> {
  const fileName = path.basename(filePath);
  options.onProgress?.(S.loading);
  let size: number;
  try {
    const info = await fs.stat(filePath);
    if (!info.isFile()) {
      const message = info.isDirectory() ? inputStrings.notAFile(filePath) : inputStrings.notARegularFile(filePath);
      return { ok: false, failure: { message, hint: S.readErrorHint } };
    }
    size = info.size;
  } catch (error) {
    return { ok: false, failure: { message: error instanceof Error ? error.message : String(error), hint: S.readErrorHint } };
  }
  if (options.plan.kind === 'worker' && size > options.plan.aboveBytes && isZipArchive(filePath)) {
    return openInspectInWorker(filePath, fileName, options.generation, options.plan.script);
  }
  if (isInspectLogFile(filePath)) {
    const inspect = await openInspect(filePath, options.generation, options.plan);
    if (inspect) return inspect;
  }
  const { plan } = options;
  if (plan.kind === 'worker' && size > plan.aboveBytes) {
    options.onProgress?.(S.parsing, 0, size);
    const client = new LogWorkerClient(plan.script, { filePath, fileName, generation: options.generation });
    try {
      await client.summary();
      return { ok: true, source: client };
    } catch (error) {
      client.dispose();
      return { ok: false, failure: failureOf(error) };
    }
  }
  if ((plan.kind === 'lean' || plan.kind === 'export') && size > plan.aboveBytes) return openLean(filePath, fileName, size, options, plan);
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
