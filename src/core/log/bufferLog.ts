import * as fs from 'node:fs';
import type { SampleStore } from './sampleReading';
import { cleanJsonMessage, jsonErrorOffset } from '../json/jsonErrors';
import { LogLoadError } from './logLoadError';
import { forEachElement, forEachMember, isArrayAt, isObjectAt, JsonSyntaxError, skipWs, startOf, valueEnd } from './jsonScanner';
import type { JsonRecord } from './logValue';
import { readFully } from '../text/readFully';
import { ElementWindow, forEachElementBounds, WindowSource } from './sampleBounds';
import { laterSampleCutsFit, liteText, LITE_CUT_KEYS } from './liteSample';
import { GrowableArray } from './growableArrays';
import { FileWindow, FileWindowReader, IdleClosingFileReader } from './fileWindowReader';

/**
 * Reads a log from its UTF-8 bytes without materialising the samples: everything but the sample arrays
 * is parsed; each sample is located by offsets and parsed on demand. Indexing parses a "lite" copy of a
 * sample whose `solver` and `direct_ios` values (the bulk of a log) are replaced by null, and the data of
 * its later trials too where that is exact (liteSample.ts).
 */

/** Keys whose values indexing may leave out (see above). A data field named `solver` or `direct_ios` outside the data indexing reads is also left out. */
const CUT_KEYS = LITE_CUT_KEYS;

function textOf(buf: Buffer, start: number, end: number): string {
  return buf.toString('utf8', start, end);
}

/** Parses the bytes [start, end); a syntax error carries the absolute byte offset. */
export function parseSlice(buf: Buffer, start: number, end: number): unknown {
  const text = textOf(buf, start, end);
  try {
    return JSON.parse(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const at = jsonErrorOffset(text, message);
    const offset = start + Buffer.byteLength(text.slice(0, at), 'utf8');
    throw new JsonSyntaxError(cleanJsonMessage(message), offset);
  }
}


/** Where the sample at `start` ends, and its cut values, the JavaScript way. */
export function elementBounds(buf: Buffer, start: number): { end: number; cuts: number[] } {
  const cuts: number[] = [];
  const end = valueEnd(buf, start, CUT_KEYS, cuts);
  return { end, cuts };
}

/** The bounds of consecutive samples: element k lies at [starts[k], ends[k]), its cuts are cuts[cutStarts[k]] to cuts[cutStarts[k + 1]] (pairs of offsets). */
interface BoundsBatch {
  starts: ArrayLike<number>;
  ends: ArrayLike<number>;
  cutStarts: ArrayLike<number>;
  cuts: ArrayLike<number>;
}

/** The samples of one array, by byte offsets into the log. */
export class BufferSampleStore implements SampleStore, BoundsSink {
  /** The cut values of every sample, in order (pairs of offsets); sample i's are from cutFrom[i] on. */
  private cuts: number[] | undefined = [];
  private cutFrom: GrowableArray<Uint32Array> | undefined = new GrowableArray(Uint32Array);
  /** Where each sample starts and ends, in typed arrays (8 bytes a sample each, no garbage as they grow). */
  private readonly startAt = new GrowableArray(Float64Array);
  private readonly endAt = new GrowableArray(Float64Array);

  private buf: Buffer | undefined;
  private backingFile: string | undefined;
  /** Reads the samples from `backingFile` a window at a time while they are indexed (readFromFile). */
  private reader: FileWindowReader | undefined;
  /** Reads them from `backingFile` once indexed: open while reads come one after another. */
  private laterReads: IdleClosingFileReader | undefined;

  /** With `buf` undefined, the samples are read from `backingFile`. */
  constructor(buf: Buffer | undefined, private readonly file: string, backingFile?: string) {
    this.buf = buf;
    this.backingFile = backingFile;
  }

  /** The file name errors name. */
  get fileName(): string {
    return this.file;
  }

  get count(): number {
    return this.startAt.length;
  }

  /** Where each sample starts (a view: valid until more samples are added). */
  get starts(): Float64Array {
    return this.startAt.view();
  }

  /** Where each sample ends (a view, as `starts`). */
  get ends(): Float64Array {
    return this.endAt.view();
  }

  /** Scans one element at `start`; returns its end. */
  addElement(start: number): number {
    const { end, cuts } = elementBounds(this.buf as Buffer, start);
    this.addBounds(start, end, cuts);
    return end;
  }

  /** One element whose end and cut values (pairs of offsets) are known. */
  addBounds(start: number, end: number, cuts: readonly number[]): void {
    this.startAt.push(start);
    this.endAt.push(end);
    this.cutFrom?.push(this.cuts?.length ?? 0);
    if (this.cuts) for (const cut of cuts) this.cuts.push(cut);
  }

  /** Consecutive elements whose ends and cuts are known. */
  addBatch(batch: BoundsBatch): void {
    const { starts, ends, cutStarts, cuts } = batch;
    const ownCuts = this.cuts;
    const cutFrom = this.cutFrom;
    for (let k = 0; k < starts.length; k++) {
      this.startAt.push(starts[k]);
      this.endAt.push(ends[k]);
      if (!ownCuts || !cutFrom) continue;
      cutFrom.push(ownCuts.length);
      for (let c = cutStarts[k], last = cutStarts[k + 1]; c < last; c++) ownCuts.push(cuts[c]);
    }
  }

  /** Where sample `index`'s cuts are in `cuts`. */
  private cutRange(index: number): { from: number; to: number } {
    const cutFrom = this.cutFrom;
    const from = cutFrom && index < cutFrom.length ? cutFrom.get(index) : 0;
    return { from, to: cutFrom && index + 1 < cutFrom.length ? cutFrom.get(index + 1) : (this.cuts?.length ?? 0) };
  }

  /** The lite text of a sample that has cuts (see liteSample.ts). */
  protected liteTextOf(index: number, cutLaterSamples: boolean): { text: string; samplesCut: number } {
    const start = this.startAt.get(index);
    const end = this.endAt.get(index);
    const range = { cuts: this.cuts ?? [], ...this.cutRange(index) };
    if (this.buf) return liteText(this.buf, start, end, range, cutLaterSamples);
    const window = this.fileBytes(start, end);
    return liteText(window.bytes, start, end, range, cutLaterSamples, window.base);
  }

  /** The bytes [start, end) of the backing file: from the indexing window, else through the file kept open between reads. */
  private fileBytes(start: number, end: number): FileWindow {
    if (this.reader) return this.reader.at(start, end);
    this.laterReads ??= new IdleClosingFileReader(this.backingFile as string);
    return this.laterReads.at(start, end);
  }

  lite(index: number): unknown {
    if (!this.cuts) return this.full(index);
    const range = this.cutRange(index);
    if (range.from === range.to) return this.full(index);
    try {
      const lite = this.liteTextOf(index, true);
      const value: unknown = JSON.parse(lite.text);
      if (lite.samplesCut === 0 || laterSampleCutsFit(value, lite.samplesCut)) return value;
      return JSON.parse(this.liteTextOf(index, false).text);
    } catch {
      return this.full(index); // reports the error at its real offset
    }
  }

  /** The complete sample; a syntax error inside it is a LogLoadError with its line and column. */
  full(index: number): unknown {
    const start = this.startAt.get(index);
    const end = this.endAt.get(index);
    if (this.buf) {
      try {
        return parseSlice(this.buf, start, end);
      } catch (error) {
        if (error instanceof JsonSyntaxError) throw LogLoadError.atByte(this.buf, error.offset, this.file, error.message);
        throw error;
      }
    }
    const file = this.backingFile as string;
    const { bytes, base } = this.fileBytes(start, end);
    try {
      return parseSlice(bytes, start - base, Math.min(end - base, bytes.length));
    } catch (error) {
      if (error instanceof JsonSyntaxError) throw LogLoadError.atByte(fs.readFileSync(file), base + error.offset, this.file, error.message);
      throw error;
    }
  }

  /**
   * The scan is done and the bytes it was given are not the log's (a scan a window at a time, fileWindowSource.ts):
   * the samples are read from `backingFile` from now on, in order a window at a time until releaseIndexingData.
   */
  readFromFile(backingFile: string): void {
    this.buf = undefined;
    this.useBackingFile(backingFile);
    this.reader = new FileWindowReader(backingFile);
  }

  /** Reads the samples from `backingFile` from now on (a file kept open for another one is closed). */
  private useBackingFile(backingFile: string): void {
    if (backingFile !== this.backingFile) {
      this.laterReads?.close();
      this.laterReads = undefined;
    }
    this.backingFile = backingFile;
  }

  /**
   * Parses each value the lite copies left out (`solver`, `direct_ios`) and drops it, so a syntax error
   * anywhere in the samples is found without holding a parsed copy of them. Call before releaseIndexingData.
   */
  checkCutSyntax(): void {
    const buf = this.buf;
    const cuts = this.cuts;
    if (!buf || !cuts) return;
    for (let c = 0; c < cuts.length; c += 2) {
      try {
        parseSlice(buf, cuts[c], cuts[c + 1]);
      } catch (error) {
        if (error instanceof JsonSyntaxError) throw LogLoadError.atByte(buf, error.offset, this.file, error.message);
        throw error;
      }
    }
  }

  /**
   * Drops what only indexing needs. With `backingFile`, the bytes are released too and samples are read
   * from the file on demand (the log's offsets stay valid until the file changes; a reload re-indexes it).
   */
  releaseIndexingData(backingFile?: string): void {
    this.reader?.close();
    this.reader = undefined;
    this.cuts = undefined;
    this.cutFrom = undefined;
    this.startAt.trim();
    this.endAt.trim();
    if (backingFile !== undefined) {
      this.useBackingFile(backingFile);
      this.buf = undefined;
    }
  }
}

/** The bytes `[start, end)` of a file (fewer when the file is shorter), read with one open. */
export function readRange(file: string, start: number, end: number): Buffer {
  const fd = fs.openSync(file, 'r');
  try {
    const slice = Buffer.allocUnsafe(end - start);
    const read = readFully(fd, slice, 0, start, slice.length);
    return read === slice.length ? slice : slice.subarray(0, read);
  } finally {
    fs.closeSync(fd);
  }
}

/** Where a scan puts the elements of one sample array (a store, or a sink that passes them to another thread). */
export interface BoundsSink {
  /** One element whose end and cut values (pairs of offsets) are known, with the window it was found in. */
  addBounds(start: number, end: number, cuts: number[], window?: ElementWindow): void;
  /** Scans one element at `start` the JavaScript way; returns its end. */
  addElement(start: number): number;
}

/** Where a scan's sample arrays go, and where its bytes come from when they are not all in the buffer (pipedScanFeed.ts). */
interface ScanHooks<S extends BoundsSink> {
  /** The sink of a sample array that starts: the top-level one, or a run's; `skeleton` is the log so far. */
  sink(skeleton: JsonRecord, run: boolean): S;
  source?: WindowSource;
}

/**
 * How far past the scanner's position the bytes are made readable (with a source) before the JavaScript
 * scanner steps there. A value that reaches past them meets the zero bytes of a part not read, and the scan then
 * throws: a zero byte ends no JSON value and no string, so the scanner reads on to the buffer's end or
 * stops at it and finds no `,` `}` or `]` after it (the caller then scans the complete bytes again).
 */
const LOOKAHEAD_BYTES = 8 * 1024 * 1024;

export interface ScannedLog<S extends BoundsSink = BufferSampleStore> {
  skeleton: JsonRecord;
  top?: S;
  runs: (S | undefined)[];
}

interface Scan<S extends BoundsSink> {
  buf: Buffer;
  hooks: ScanHooks<S>;
}

/** A member value the JavaScript way, with the bytes up to its end (and the look-ahead past it) readable. */
function memberValue<S extends BoundsSink>(scan: Scan<S>, at: number): { value: unknown; end: number } {
  scan.hooks.source?.ensure(at, at + LOOKAHEAD_BYTES);
  const end = valueEnd(scan.buf, at);
  scan.hooks.source?.ensure(end, end + LOOKAHEAD_BYTES);
  return { value: parseSlice(scan.buf, at, end), end };
}

function scanSamples<S extends BoundsSink>(scan: Scan<S>, start: number, sink: S): number {
  const { buf, hooks } = scan;
  const slow = (at: number): number => {
    hooks.source?.ensure(at, Infinity);
    return sink.addElement(at);
  };
  const end = forEachElementBounds(buf, start, CUT_KEYS, (at, elementEnd, cuts, window) => sink.addBounds(at, elementEnd, cuts, window), slow, hooks.source);
  hooks.source?.ensure(end, end + LOOKAHEAD_BYTES);
  return end;
}

function scanRun<S extends BoundsSink>(scan: Scan<S>, skeleton: JsonRecord, start: number, runs: (S | undefined)[]): { value: unknown; end: number } {
  const { buf, hooks } = scan;
  hooks.source?.ensure(start, start + LOOKAHEAD_BYTES);
  if (!isObjectAt(buf, start)) {
    runs.push(undefined);
    return memberValue(scan, start);
  }
  const run: JsonRecord = {};
  let store: S | undefined;
  const end = forEachMember(buf, start, (key, at) => {
    hooks.source?.ensure(at, at + LOOKAHEAD_BYTES);
    if (key === 'samples' && isArrayAt(buf, at)) {
      store = hooks.sink(skeleton, true);
      const samplesEnd = scanSamples(scan, at, store);
      run.samples = [];
      return samplesEnd;
    }
    const member = memberValue(scan, at);
    run[key] = member.value;
    return member.end;
  });
  runs.push(store);
  return { value: run, end };
}

function storeHooks(buf: Buffer, file: string): ScanHooks<BufferSampleStore> {
  return { sink: () => new BufferSampleStore(buf, file) };
}

/**
 * Scans a log held as bytes. Returns undefined when the top level is not an object (the caller then parses
 * the whole text to report what it is); throws JsonSyntaxError with a byte offset on malformed JSON. With
 * `hooks`, the bytes may still be arriving and the samples go to the hooks' sinks.
 */
export function scanLogBuffer(buf: Buffer, file: string): ScannedLog | undefined;
export function scanLogBuffer<S extends BoundsSink>(buf: Buffer, file: string, hooks: ScanHooks<S>): ScannedLog<S> | undefined;
export function scanLogBuffer<S extends BoundsSink>(buf: Buffer, file: string, hooks?: ScanHooks<S>): ScannedLog<S> | ScannedLog | undefined {
  return hooks ? scanWith({ buf, hooks }) : scanWith({ buf, hooks: storeHooks(buf, file) });
}

function scanWith<S extends BoundsSink>(scan: Scan<S>): ScannedLog<S> | undefined {
  const { buf, hooks } = scan;
  hooks.source?.ensure(0, LOOKAHEAD_BYTES);
  const start = startOf(buf);
  if (!isObjectAt(buf, start)) return undefined;
  const skeleton: JsonRecord = {};
  const result: ScannedLog<S> = { skeleton, runs: [] };
  const end = forEachMember(buf, start, (key, at) => {
    hooks.source?.ensure(at, at + LOOKAHEAD_BYTES);
    if (key !== 'evidence' || !isObjectAt(buf, at)) {
      const member = memberValue(scan, at);
      skeleton[key] = member.value;
      return member.end;
    }
    const evidence: JsonRecord = {};
    skeleton.evidence = evidence;
    return forEachMember(buf, at, (evidenceKey, valueAt) => {
      hooks.source?.ensure(valueAt, valueAt + LOOKAHEAD_BYTES);
      if (evidenceKey === 'samples' && isArrayAt(buf, valueAt)) {
        result.top = hooks.sink(skeleton, false);
        const samplesEnd = scanSamples(scan, valueAt, result.top);
        evidence.samples = [];
        return samplesEnd;
      }
      if (evidenceKey === 'runs' && isArrayAt(buf, valueAt)) {
        const runs: unknown[] = [];
        evidence.runs = runs;
        return forEachElement(buf, valueAt, (runAt) => {
          const scanned = scanRun(scan, skeleton, runAt, result.runs);
          runs.push(scanned.value);
          return scanned.end;
        });
      }
      const member = memberValue(scan, valueAt);
      evidence[evidenceKey] = member.value;
      return member.end;
    });
  });
  hooks.source?.ensure(end, Infinity);
  const rest = skipWs(buf, end);
  if (rest < buf.length) throw new JsonSyntaxError('Unexpected non-whitespace character after JSON', rest);
  return result;
}
