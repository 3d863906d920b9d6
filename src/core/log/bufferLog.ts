import * as fs from 'node:fs';
import type { SampleStore } from './sampleReading';
import { cleanJsonMessage, jsonErrorOffset } from './jsonErrors';
import { LogLoadError } from './logLoadError';
import { forEachElement, forEachMember, isArrayAt, isObjectAt, JsonSyntaxError, skipWs, startOf, valueEnd } from './jsonScanner';
import type { JsonRecord } from './logValue';
import { forEachElementBounds } from './sampleBounds';

/**
 * Reads a log from its UTF-8 bytes without materialising the samples: everything but the sample arrays
 * is parsed; each sample is located by offsets and parsed on demand. Indexing parses a "lite" copy of a
 * sample whose `solver` and `direct_ios` values (the bulk of a log) are replaced by null.
 */

/** Keys whose values indexing does not need (see above). A data field with one of these names is also left out of the lite copy. */
const CUT_KEYS = ['solver', 'direct_ios'].map((k) => new TextEncoder().encode(k));

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
    const parts: string[] = [];
    let at = this.starts[index];
    for (let c = 0; c < cuts.length; c += 2) {
      parts.push(textOf(buf, at, cuts[c]), 'null');
      at = cuts[c + 1];
    }
    parts.push(textOf(buf, at, this.ends[index]));
    try {
      return JSON.parse(parts.join(''));
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

