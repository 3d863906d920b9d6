import * as fs from 'node:fs';
import type { SampleStore } from './sampleReading';
import { cleanJsonMessage, jsonErrorOffset } from './jsonErrors';
import { LogLoadError } from './logLoadError';
import { forEachElement, forEachMember, isArrayAt, isObjectAt, JsonSyntaxError, skipWs, startOf, valueEnd } from './jsonScanner';
import type { JsonRecord } from './logValue';
import { forEachElementBounds } from './sampleBounds';
import { laterSampleCutsFit, liteText, LITE_CUT_KEYS } from './liteSample';

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


/** Samples [from, to) of a store whose bytes are shared between threads: where each lies, and its cuts. */
export interface SharedSampleRange {
  buffer: SharedArrayBuffer;
  byteOffset: number;
  byteLength: number;
  starts: Float64Array;
  ends: Float64Array;
  /** The cuts of element k are cuts[cutStarts[k]] to cuts[cutStarts[k + 1]] (pairs of offsets). */
  cutStarts: Int32Array;
  cuts: Float64Array;
}

/** The samples of one array, by byte offsets into the log. */
export class BufferSampleStore implements SampleStore {
  private cuts: number[][] | undefined = [];
  readonly starts: number[] = [];
  readonly ends: number[] = [];

  private buf: Buffer | undefined;
  private backingFile: string | undefined;

  constructor(buf: Buffer, private readonly file: string) {
    this.buf = buf;
  }

  /** The file name errors name. */
  get fileName(): string {
    return this.file;
  }

  /** A store of the samples of a shared range (see sharedRange), numbered from 0. */
  static fromSharedRange(range: SharedSampleRange, file: string): BufferSampleStore {
    const store = new BufferSampleStore(Buffer.from(range.buffer, range.byteOffset, range.byteLength), file);
    for (let k = 0; k < range.starts.length; k++) {
      store.addBounds(range.starts[k], range.ends[k], Array.from(range.cuts.subarray(range.cutStarts[k], range.cutStarts[k + 1])));
    }
    return store;
  }

  /** Samples [from, to) for another thread, when the bytes are in shared memory and still held with their cuts. */
  sharedRange(from: number, to: number): SharedSampleRange | undefined {
    const buf = this.buf;
    const cuts = this.cuts;
    if (!buf || !cuts || !(buf.buffer instanceof SharedArrayBuffer)) return undefined;
    const cutStarts = new Int32Array(to - from + 1);
    let total = 0;
    for (let i = from; i < to; i++) {
      cutStarts[i - from] = total;
      total += cuts[i].length;
    }
    cutStarts[to - from] = total;
    const flat = new Float64Array(total);
    for (let i = from; i < to; i++) flat.set(cuts[i], cutStarts[i - from]);
    return {
      buffer: buf.buffer,
      byteOffset: buf.byteOffset,
      byteLength: buf.byteLength,
      starts: Float64Array.from(this.starts.slice(from, to)),
      ends: Float64Array.from(this.ends.slice(from, to)),
      cutStarts,
      cuts: flat,
    };
  }

  get count(): number {
    return this.starts.length;
  }

  /** Scans one element at `start`; returns its end. */
  addElement(start: number): number {
    const cuts: number[] = [];
    const end = valueEnd(this.buf as Buffer, start, CUT_KEYS, cuts);
    this.addBounds(start, end, cuts);
    return end;
  }

  /** One element whose end and cut values (pairs of offsets) are known. */
  addBounds(start: number, end: number, cuts: number[]): void {
    this.starts.push(start);
    this.ends.push(end);
    this.cuts?.push(cuts);
  }

  lite(index: number): unknown {
    const cuts = this.cuts?.[index];
    const buf = this.buf;
    if (!cuts || cuts.length === 0 || !buf) return this.full(index);
    const start = this.starts[index];
    const end = this.ends[index];
    try {
      const lite = liteText(buf, start, end, cuts, true);
      const value: unknown = JSON.parse(lite.text);
      if (lite.samplesCut === 0 || laterSampleCutsFit(value, lite.samplesCut)) return value;
      return JSON.parse(liteText(buf, start, end, cuts, false).text);
    } catch {
      return this.full(index); // reports the error at its real offset
    }
  }

  /** The complete sample; a syntax error inside it is a LogLoadError with its line and column. */
  full(index: number): unknown {
    const start = this.starts[index];
    const end = this.ends[index];
    if (this.buf) {
      try {
        return parseSlice(this.buf, start, end);
      } catch (error) {
        if (error instanceof JsonSyntaxError) throw LogLoadError.atByte(this.buf, error.offset, this.file, error.message);
        throw error;
      }
    }
    const file = this.backingFile as string;
    const slice = readRange(file, start, end);
    try {
      return parseSlice(slice, 0, slice.length);
    } catch (error) {
      if (error instanceof JsonSyntaxError) throw LogLoadError.atByte(fs.readFileSync(file), start + error.offset, this.file, error.message);
      throw error;
    }
  }

  /**
   * Parses each value the lite copies left out (`solver`, `direct_ios`) and drops it, so a syntax error
   * anywhere in the samples is found without holding a parsed copy of them. Call before releaseIndexingData.
   */
  checkCutSyntax(): void {
    const buf = this.buf;
    if (!buf || !this.cuts) return;
    for (const cuts of this.cuts) {
      for (let c = 0; c < cuts.length; c += 2) {
        try {
          parseSlice(buf, cuts[c], cuts[c + 1]);
        } catch (error) {
          if (error instanceof JsonSyntaxError) throw LogLoadError.atByte(buf, error.offset, this.file, error.message);
          throw error;
        }
      }
    }
  }

  /**
   * Drops what only indexing needs. With `backingFile`, the bytes are released too and samples are read
   * from the file on demand (the log's offsets stay valid until the file changes; a reload re-indexes it).
   */
  releaseIndexingData(backingFile?: string): void {
    this.cuts = undefined;
    if (backingFile !== undefined) {
      this.backingFile = backingFile;
      this.buf = undefined;
    }
  }
}

/** The bytes `[start, end)` of a file (fewer when the file is shorter), read with one open. */
export function readRange(file: string, start: number, end: number): Buffer {
  const fd = fs.openSync(file, 'r');
  try {
    const slice = Buffer.allocUnsafe(end - start);
    let read = 0;
    while (read < slice.length) {
      const n = fs.readSync(fd, slice, read, slice.length - read, start + read);
      if (n === 0) break;
      read += n;
    }
    return read === slice.length ? slice : slice.subarray(0, read);
  } finally {
    fs.closeSync(fd);
  }
}

export interface ScannedLog {
  skeleton: JsonRecord;
  top?: BufferSampleStore;
  runs: (BufferSampleStore | undefined)[];
}

function scanSamples(buf: Buffer, start: number, file: string): { store: BufferSampleStore; end: number } {
  const store = new BufferSampleStore(buf, file);
  const end = forEachElementBounds(buf, start, CUT_KEYS, (at, elementEnd, cuts) => store.addBounds(at, elementEnd, cuts), (at) => store.addElement(at));
  return { store, end };
}

function scanRun(buf: Buffer, start: number, runs: (BufferSampleStore | undefined)[], file: string): { value: unknown; end: number } {
  if (!isObjectAt(buf, start)) {
    const end = valueEnd(buf, start);
    runs.push(undefined);
    return { value: parseSlice(buf, start, end), end };
  }
  const run: JsonRecord = {};
  let store: BufferSampleStore | undefined;
  const end = forEachMember(buf, start, (key, at) => {
    if (key === 'samples' && isArrayAt(buf, at)) {
      const scanned = scanSamples(buf, at, file);
      store = scanned.store;
      run.samples = [];
      return scanned.end;
    }
    const valueEndAt = valueEnd(buf, at);
    run[key] = parseSlice(buf, at, valueEndAt);
    return valueEndAt;
  });
  runs.push(store);
  return { value: run, end };
}

/**
 * Scans a log held as bytes. Returns undefined when the top level is not an object (the caller then parses
 * the whole text to report what it is); throws JsonSyntaxError with a byte offset on malformed JSON.
 */
export function scanLogBuffer(buf: Buffer, file: string): ScannedLog | undefined {
  const start = startOf(buf);
  if (!isObjectAt(buf, start)) return undefined;
  const skeleton: JsonRecord = {};
  const result: ScannedLog = { skeleton, runs: [] };
  const end = forEachMember(buf, start, (key, at) => {
    if (key !== 'evidence' || !isObjectAt(buf, at)) {
      const valueEndAt = valueEnd(buf, at);
      skeleton[key] = parseSlice(buf, at, valueEndAt);
      return valueEndAt;
    }
    const evidence: JsonRecord = {};
    skeleton.evidence = evidence;
    return forEachMember(buf, at, (evidenceKey, valueAt) => {
      if (evidenceKey === 'samples' && isArrayAt(buf, valueAt)) {
        const scanned = scanSamples(buf, valueAt, file);
        result.top = scanned.store;
        evidence.samples = [];
        return scanned.end;
      }
      if (evidenceKey === 'runs' && isArrayAt(buf, valueAt)) {
        const runs: unknown[] = [];
        evidence.runs = runs;
        return forEachElement(buf, valueAt, (runAt) => {
          const scanned = scanRun(buf, runAt, result.runs, file);
          runs.push(scanned.value);
          return scanned.end;
        });
      }
      const valueEndAt = valueEnd(buf, valueAt);
      evidence[evidenceKey] = parseSlice(buf, valueAt, valueEndAt);
      return valueEndAt;
    });
  });
  const rest = skipWs(buf, end);
  if (rest < buf.length) throw new JsonSyntaxError('Unexpected non-whitespace character after JSON', rest);
  return result;
}

