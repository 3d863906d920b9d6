import * as fs from 'node:fs';
import * as path from 'node:path';
import type { SchemaProblem } from '../model/logViewTypes';
import { logStrings } from '../l10n/logStrings';
import { BufferSampleStore, ScannedLog, scanLogBuffer } from './bufferLog';
import { cleanJsonMessage, jsonErrorOffset, lineColumnOf } from '../json/jsonErrors';
import { LogLoadError } from './logLoadError';
import { JsonSyntaxError } from './jsonScanner';
import { LogIndex } from './logIndex';
import { isRecord } from './logValue';
import { assertRegularFile } from '../text/regularFile';
import type { SampleVisitor } from './sampleSetBuilder';
import { PipedScan, PipedScanEnd } from './pipedScan';
import { discardBytes } from './discardBytes';
import { FileWindows } from './fileWindowSource';

export { LogLoadError };

export interface LoadLogOptions {
  /** Name shown in the report (default: the file's base name, or "log.json"). */
  fileName?: string;
  generation?: number;
  schemaProblems?: SchemaProblem[];
  /**
   * `lazy` (default for files and buffers): samples stay as bytes, located by offsets and parsed one at a
   * time (low memory, fast; a log read from a file keeps no copy of its bytes, details are read from the
   * file); `full`: the whole text is parsed first, so any syntax error anywhere is reported.
   */
  mode?: 'lazy' | 'full';
  /**
   * With `lazy`: also parse (and drop) the parts of each sample that indexing skips, so any syntax error is
   * reported as in `full` mode while the samples are still never held parsed all at once.
   */
  checkSyntax?: boolean;
  /**
   * Build the sample records without the checks of their sample-level values against the trials (a report
   * never shows them; `sampleChecks()` then reads the samples again).
   */
  leaveOutChecks?: boolean;
  /** Called with each sample as it is indexed (its lite shape), so a caller can take what it needs in the same pass. */
  onSample?: SampleVisitor;
  /**
   * The reading end of a piped scan of the file (pipedScan.ts): a helper thread reads and scans it while
   * this thread indexes the samples found so far. The result is the same as without. Used for a `lazy`
   * file without `checkSyntax` (else the pipe is closed).
   */
  scanPipe?: PipedScanEnd;
  /** Refuse a JSON object that is not a task result log (`{}`, a Trace…) with a LogLoadError saying what it is. */
  requireLog?: boolean;
  /**
   * A file read whole is given up as soon as it is indexed (discardBytes.ts: freed once the event loop turns, see
   * bytesDiscarded), not at some later garbage collection; samples are read from the file afterwards.
   */
  discardBytes?: boolean;
  /**
   * A `lazy` file without `checkSyntax` is scanned a window at a time and its samples indexed reading them from
   * the file in order (fileWindowSource.ts, fileWindowReader.ts): its bytes are never held whole. The result, or
   * the error, is the same as without: where the scan stops, the file is read whole and indexed as usual.
   */
  readInWindows?: boolean;
}

/** The index, or a LogLoadError when `requireLog` and the top level is not a task result log. */
function checkedLog(index: LogIndex, file: string, options: LoadLogOptions): LogIndex {
  const other = options.requireLog ? index.otherKind : undefined;
  if (other === undefined) return index;
  throw new LogLoadError(other.kind === 'trace' ? logStrings.traceNotLog(file) : logStrings.notALog(file), file);
}

/** A file path, raw bytes, or JSON text. A bare string is JSON text when it starts with `{` or `[`, else a path. */
type LogInput = string | Uint8Array | { filePath: string } | { text: string };

function looksLikeJsonText(text: string): boolean {
  return /^[\uFEFF\s]*[{[]/.test(text);
}

function indexFromText(text: string, file: string, options: LoadLogOptions, fileSize: number): LogIndex {
  let value: unknown;
  try {
    value = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const offset = jsonErrorOffset(text, message);
    const { line, column } = lineColumnOf(text, offset);
    throw new LogLoadError(logStrings.invalidJson(file, line, column, cleanJsonMessage(message)), file, line, column);
  }
  if (!isRecord(value)) throw new LogLoadError(logStrings.notAnObject(file), file);
  return LogIndex.fromValue(value, indexOptions(file, fileSize, options));
}

function indexOptions(file: string, fileSize: number, options: LoadLogOptions): ConstructorParameters<typeof LogIndex>[2] {
  return { fileName: options.fileName ?? file, fileSize, generation: options.generation ?? 1, schemaProblems: options.schemaProblems, leaveOutChecks: options.leaveOutChecks };
}

/** Indexes a log from its bytes. */
function indexLogBuffer(buf: Buffer, file: string, options: LoadLogOptions = {}, backingFile?: string): LogIndex {
  if (options.mode === 'full') return indexFromText(buf.toString('utf8'), file, options, buf.length);
  let scanned;
  try {
    scanned = scanLogBuffer(buf, file);
  } catch (error) {
    if (error instanceof JsonSyntaxError) throw LogLoadError.atByte(buf, error.offset, file, error.message);
    throw error;
  }
  if (!scanned) return indexFromText(buf.toString('utf8'), file, options, buf.length);
  const index = new LogIndex(scanned.skeleton, { top: scanned.top, runs: scanned.runs }, indexOptions(file, buf.length, options), options.onSample);
  const stores = [scanned.top, ...scanned.runs].filter((s): s is BufferSampleStore => s instanceof BufferSampleStore);
  if (options.checkSyntax) for (const store of stores) store.checkCutSyntax();
  for (const store of stores) store.releaseIndexingData(backingFile);
  if (backingFile !== undefined && options.discardBytes) discardBytes(buf);
  return index;
}

function readFile(filePath: string): Buffer {
  try {
    assertRegularFile(filePath);
    return fs.readFileSync(filePath);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new LogLoadError(logStrings.unreadableFile(filePath, message), filePath);
  }
}

/**
 * Indexes a log file while a helper thread reads and scans it (see LoadLogOptions.scanPipe); undefined
 * when there is no pipe. When the pipe stops, or indexing fails, the file is read, scanned and indexed
 * here, which gives the plain path's result or error.
 */
function indexPiped(filePath: string, options: LoadLogOptions): LogIndex | undefined {
  const end = options.scanPipe;
  if (!end) return undefined;
  const pipe = new PipedScan(filePath, end);
  if (options.checkSyntax || options.mode === 'full') {
    pipe.close();
    return undefined;
  }
  const fileName = options.fileName ?? path.basename(filePath);
  try {
    assertRegularFile(filePath);
    const size = fs.statSync(filePath).size;
    pipe.waitForSamples();
    const index = new LogIndex(pipe.skeleton, { top: pipe.top, runs: pipe.runs }, indexOptions(fileName, size, options), options.onSample);
    pipe.finish();
    for (const store of [pipe.top, ...pipe.runs]) if (store instanceof BufferSampleStore) store.releaseIndexingData(filePath);
    return index;
  } catch {
    try {
      pipe.finish();
    } catch {
      // The helper failed, stalled or was stopped.
    }
  } finally {
    pipe.close();
  }
  return indexLogBuffer(readFile(filePath), filePath, { ...options, fileName }, filePath);
}

/** The log of a file scanned a window at a time (LoadLogOptions.readInWindows); undefined when the scan stops. */
function scanInWindows(filePath: string): { scanned: ScannedLog; size: number } | undefined {
  let windows: FileWindows | undefined;
  try {
    assertRegularFile(filePath);
    const source = new FileWindows(filePath);
    windows = source;
    const scanned = scanLogBuffer(source.bytes, filePath, { source, sink: () => new BufferSampleStore(source.bytes, filePath) });
    return scanned ? { scanned, size: source.bytes.length } : undefined;
  } catch {
    return undefined;
  } finally {
    windows?.close();
    // The few pages the scanner read are given up at once: the samples are read from the file from now on.
    if (windows) discardBytes(windows.bytes);
  }
}

/**
 * Indexes a log file scanned a window at a time, reading each sample from the file as it is indexed
 * (LoadLogOptions.readInWindows); undefined when the scan stops (the caller then reads the file whole, which
 * gives the plain path's result or error).
 */
function indexInWindows(filePath: string, options: LoadLogOptions): LogIndex | undefined {
  if (!options.readInWindows || options.mode === 'full' || options.checkSyntax) return undefined;
  const result = scanInWindows(filePath);
  if (!result) return undefined;
  const { scanned, size } = result;
  const stores = [scanned.top, ...scanned.runs].filter((s): s is BufferSampleStore => s instanceof BufferSampleStore);
  for (const store of stores) store.readFromFile(filePath);
  try {
    return new LogIndex(scanned.skeleton, { top: scanned.top, runs: scanned.runs }, indexOptions(options.fileName ?? path.basename(filePath), size, options), options.onSample);
  } finally {
    for (const store of stores) store.releaseIndexingData(filePath);
  }
}

/** Loads and indexes a log in this thread (for small logs, tests and the CLI). */
export function loadLogIndexSync(input: LogInput, options: LoadLogOptions = {}): LogIndex {
  return checkedLog(loadLogIndexUnchecked(input, options), inputName(input), options);
}

function inputName(input: LogInput): string {
  return typeof input === 'object' && !(input instanceof Uint8Array) && 'filePath' in input ? input.filePath : 'log.json';
}

function loadLogIndexUnchecked(input: LogInput, options: LoadLogOptions): LogIndex {
  if (typeof input === 'string' && looksLikeJsonText(input)) input = { text: input };
  if (typeof input === 'string') input = { filePath: input };
  if (input instanceof Uint8Array) {
    const buf = Buffer.isBuffer(input) ? input : Buffer.from(input.buffer, input.byteOffset, input.byteLength);
    return indexLogBuffer(buf, options.fileName ?? 'log.json', options);
  }
  if ('text' in input) return indexFromText(input.text, options.fileName ?? 'log.json', options, Buffer.byteLength(input.text));
  const piped = indexPiped(input.filePath, options) ?? indexInWindows(input.filePath, options);
  if (piped) return piped;
  const buf = readFile(input.filePath);
  return indexLogBuffer(buf, input.filePath, { ...options, fileName: options.fileName ?? path.basename(input.filePath) }, input.filePath);
}

/** Loads and indexes a log (see loadLogIndexSync); the file is read asynchronously. */
export async function loadLogIndex(input: LogInput, options: LoadLogOptions = {}): Promise<LogIndex> {
  if (typeof input === 'string' && !looksLikeJsonText(input)) input = { filePath: input };
  if (typeof input === 'object' && !(input instanceof Uint8Array) && 'filePath' in input) {
    let buf: Buffer;
    try {
      assertRegularFile(input.filePath);
      buf = await fs.promises.readFile(input.filePath);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      throw new LogLoadError(logStrings.unreadableFile(input.filePath, message), input.filePath);
    }
    return checkedLog(indexLogBuffer(buf, input.filePath, { ...options, fileName: options.fileName ?? path.basename(input.filePath) }, input.filePath), input.filePath, options);
  }
  return loadLogIndexSync(input, options);
}
