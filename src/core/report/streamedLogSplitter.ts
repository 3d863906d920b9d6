/**
 * Splits a task result log, fed a chunk of bytes at a time, into its samples and its skeleton: the log
 * without its samples, each sample array (`evidence.samples`, `evidence.runs[i].samples`) left empty. Each
 * sample comes with its JSON path and the position of its first character in the file, so problems found
 * in it can be placed. Memory stays at one chunk, one sample and the skeleton, whatever the size of the log.
 *
 * The JSON is expected to be well formed (the report has indexed it already); malformed input yields parts
 * that do not parse, never an exception here.
 */
import type { JsonPath } from '../yaml/specDocument';
import { BACKSLASH, QUOTE } from '../log/jsonScanner';

/** 0-based line and column (UTF-16 code units, as LineIndex counts them) in the file. */
export interface FilePosition {
  line: number;
  column: number;
}

export interface SplitSample {
  /** `['evidence', 'samples', 12]` or `['evidence', 'runs', 0, 'samples', 12]`. */
  path: JsonPath;
  text: string;
  start: FilePosition;
}

/** The skeleton's text, and where each contiguous piece of it starts in the file. */
export interface LogSkeleton {
  text: string;
  pieces: { textOffset: number; start: FilePosition }[];
}

/** What an object or array is, as far as finding the samples goes. */
const enum Role {
  Other,
  Root,
  Evidence,
  Runs,
  Run,
  Samples,
}

interface Frame {
  isObject: boolean;
  role: Role;
  /** JSON path of the container (kept for the roles that lead to samples). */
  path: JsonPath;
  /** Objects: the last key read. Arrays: how many elements have started. */
  key: string | undefined;
  count: number;
  expectKey: boolean;
}

interface OpenSample {
  path: JsonPath;
  start: FilePosition;
  kind: 'container' | 'string' | 'literal';
  /** Stack depth of the samples array holding it. */
  depth: number;
  parts: Buffer[];
  /** Where its bytes start in the current chunk. */
  from: number;
}

interface SkeletonPiece {
  start: FilePosition;
  parts: Buffer[];
}


function copy(chunk: Buffer, from: number, to: number): Buffer {
  return Buffer.from(chunk.subarray(from, to));
}

function isKeyedRole(role: Role): boolean {
  return role === Role.Root || role === Role.Evidence || role === Role.Run;
}

/** The role of a container opened by `open` (`{` or `[`) as a member `key` / element `index` of `parent`. */
function roleOf(parent: Frame | undefined, isObject: boolean, key: string | undefined, index: number): { role: Role; path: JsonPath } {
  if (!parent) return { role: isObject ? Role.Root : Role.Other, path: [] };
  if (parent.role === Role.Root && key === 'evidence' && isObject) return { role: Role.Evidence, path: ['evidence'] };
  if (parent.role === Role.Evidence && !isObject && key === 'samples') return { role: Role.Samples, path: ['evidence', 'samples'] };
  if (parent.role === Role.Evidence && !isObject && key === 'runs') return { role: Role.Runs, path: ['evidence', 'runs'] };
  if (parent.role === Role.Runs && isObject) return { role: Role.Run, path: [...parent.path, index] };
  if (parent.role === Role.Run && !isObject && key === 'samples') return { role: Role.Samples, path: [...parent.path, 'samples'] };
  return { role: Role.Other, path: [] };
}

/** UTF-16 length of the UTF-8 bytes [from, to) (whole characters only). */
function utf16Length(chunk: Buffer, from: number, to: number): number {
  return to > from ? chunk.toString('utf8', from, to).length : 0;
}

/** Where a character cut off by the end of the chunk starts (the chunk's length when none is). */
function completeEnd(chunk: Buffer): number {
  for (let k = chunk.length - 1; k >= Math.max(0, chunk.length - 4); k--) {
    const b = chunk[k];
    if ((b & 0xc0) === 0x80) continue;
    const length = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
    return k + length > chunk.length ? k : chunk.length;
  }
  return chunk.length;
}

export class StreamedLogSplitter {
  /** When false, samples are still skipped over but neither copied nor reported. */
  collectSamples = true;

  private readonly stack: Frame[] = [];
  private line = 0;
  /** Columns are counted lazily: `column` is the column at byte `anchor` of the current chunk. */
  private column = 0;
  private anchor = 0;
  private carriageReturn = false;
  private inString = false;
  private escaped = false;
  private awaitingValue = true;
  private started = false;
  private key: { parts: Buffer[]; from: number } | undefined;
  private sample: OpenSample | undefined;
  private readonly pieces: SkeletonPiece[] = [{ start: { line: 0, column: 0 }, parts: [] }];
  /** Where skeleton bytes start in the current chunk; -1 inside a sample array. */
  private skeletonFrom = 0;

  constructor(private readonly onSample: (sample: SplitSample) => void) {}

  /** Feeds the next bytes of the file. */
  push(chunk: Buffer): void {
    let i = 0;
    // The rest of a character cut off by the previous chunk was counted with it.
    while (i < chunk.length && (chunk[i] & 0xc0) === 0x80) i++;
    if (!this.started) {
      this.started = true;
      if (chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) {
        i = 3; // a byte order mark: one character, not part of the JSON
        this.column = 1;
        this.skeletonFrom = 3;
        this.pieces[0].start = { line: 0, column: 1 };
      }
    }
    this.anchor = i;
    while (i < chunk.length) {
      if (this.inString) {
        const end = this.stringEnd(chunk, i);
        if (end < 0) break;
        this.inString = false;
        if (this.key) this.finishKey(chunk, end);
        else if (this.sample?.kind === 'string') this.finishSample(chunk, end + 1);
        i = end + 1;
        continue;
      }
      const b = chunk[i];
      if (this.carriageReturn) {
        this.carriageReturn = false;
        if (b !== 0x0a) this.newLine(i);
      }
      this.structureByte(chunk, i, b);
      if (b === 0x0a) this.newLine(i + 1);
      else if (b === 0x0d) this.carriageReturn = true;
      i++;
    }
    const end = completeEnd(chunk);
    this.column += utf16Length(chunk, this.anchor, end) + (end < chunk.length ? (chunk[end] >= 0xf0 ? 2 : 1) : 0);
    if (this.skeletonFrom >= 0) {
      if (this.skeletonFrom < chunk.length) this.currentPiece().parts.push(copy(chunk, this.skeletonFrom, chunk.length));
      this.skeletonFrom = 0;
    }
    if (this.sample) {
      if (this.collectSamples) this.sample.parts.push(copy(chunk, this.sample.from, chunk.length));
      this.sample.from = 0;
    }
    if (this.key) {
      this.key.parts.push(copy(chunk, this.key.from, chunk.length));
      this.key.from = 0;
    }
  }

  /** The skeleton, once every byte has been pushed. */
  end(): LogSkeleton {
    let text = '';
    const pieces: LogSkeleton['pieces'] = [];
    for (const piece of this.pieces) {
      pieces.push({ textOffset: text.length, start: piece.start });
      text += Buffer.concat(piece.parts).toString('utf8');
    }
    return { text, pieces };
  }

  /** A line starts at byte `i` of the chunk. */
  private newLine(i: number): void {
    this.line++;
    this.column = 0;
    this.anchor = i;
  }

  /** Position of byte `i` of the chunk (positions are asked for in increasing order). */
  private position(chunk: Buffer, i: number): FilePosition {
    this.column += utf16Length(chunk, this.anchor, i);
    this.anchor = i;
    return { line: this.line, column: this.column };
  }

  private currentPiece(): SkeletonPiece {
    return this.pieces[this.pieces.length - 1];
  }

  /**
   * Index of the quote that closes the string going on at `from`, or -1 when it goes on past the chunk.
   * Strings hold no raw line breaks, so they are skipped whole.
   */
  private stringEnd(chunk: Buffer, from: number): number {
    let at = from;
    if (this.escaped) {
      this.escaped = false;
      at++; // the character after a backslash that ended the previous chunk
    }
    const start = at;
    for (;;) {
      const quote = chunk.indexOf(QUOTE, at);
      const limit = quote < 0 ? chunk.length : quote;
      let backslashes = 0;
      for (let k = limit - 1; k >= start && chunk[k] === BACKSLASH; k--) backslashes++;
      if (quote < 0) {
        this.escaped = backslashes % 2 === 1;
        return -1;
      }
      if (backslashes % 2 === 0) return quote;
      at = quote + 1;
    }
  }

  private structureByte(chunk: Buffer, i: number, b: number): void {
    const top = this.stack[this.stack.length - 1];
    switch (b) {
      case QUOTE:
        this.inString = true;
        if (top?.isObject && top.expectKey) {
          top.expectKey = false;
          if (isKeyedRole(top.role)) this.key = { parts: [], from: i + 1 };
        } else {
          this.startValue(chunk, top, i, 'string');
        }
        return;
      case 0x7b: // {
      case 0x5b: { // [
        const isObject = b === 0x7b;
        const { key, index } = this.startValue(chunk, top, i, 'container');
        const { role, path } = roleOf(top, isObject, key, index);
        this.stack.push({ isObject, role, path, key: undefined, count: 0, expectKey: isObject });
        this.awaitingValue = !isObject;
        if (role === Role.Samples) this.enterSamples(chunk, i);
        return;
      }
      case 0x7d: // }
      case 0x5d: { // ]
        if (this.sample?.kind === 'literal') this.finishSample(chunk, i);
        const closed = this.stack.pop();
        this.awaitingValue = false;
        if (closed?.role === Role.Samples) this.leaveSamples(chunk, i);
        if (this.sample?.kind === 'container' && this.stack.length === this.sample.depth) this.finishSample(chunk, i + 1);
        return;
      }
      case 0x3a: // :
        this.awaitingValue = true;
        return;
      case 0x2c: // ,
        if (this.sample?.kind === 'literal') this.finishSample(chunk, i);
        if (top?.isObject) top.expectKey = true;
        else this.awaitingValue = true;
        return;
      case 0x20:
      case 0x09:
      case 0x0a:
      case 0x0d:
        if (this.sample?.kind === 'literal') this.finishSample(chunk, i);
        return;
      default:
        if (this.awaitingValue) this.startValue(chunk, top, i, 'literal');
    }
  }

  /** A value starts at byte `i` of the chunk, inside `parent`; a sample when `parent` is a samples array. */
  private startValue(chunk: Buffer, parent: Frame | undefined, i: number, kind: OpenSample['kind']): { key?: string; index: number } {
    this.awaitingValue = false;
    if (!parent) return { index: 0 };
    if (parent.isObject) return { key: parent.key, index: 0 };
    const index = parent.count++;
    if (parent.role === Role.Samples && !this.sample) {
      this.sample = { path: [...parent.path, index], start: this.position(chunk, i), kind, depth: this.stack.length, parts: [], from: i };
    }
    return { index };
  }

  private finishSample(chunk: Buffer, end: number): void {
    const sample = this.sample;
    if (!sample) return;
    this.sample = undefined;
    if (!this.collectSamples) return;
    sample.parts.push(copy(chunk, sample.from, end));
    this.onSample({ path: sample.path, start: sample.start, text: Buffer.concat(sample.parts).toString('utf8') });
  }

  private finishKey(chunk: Buffer, end: number): void {
    const key = this.key;
    this.key = undefined;
    const top = this.stack[this.stack.length - 1];
    if (!key || !top) return;
    key.parts.push(copy(chunk, key.from, end));
    const raw = Buffer.concat(key.parts).toString('utf8');
    try {
      top.key = JSON.parse(`"${raw}"`) as string;
    } catch {
      top.key = raw;
    }
  }

  /** The `[` at `i` opened a samples array: the skeleton keeps the bracket, not what follows. */
  private enterSamples(chunk: Buffer, i: number): void {
    if (this.skeletonFrom >= 0) this.currentPiece().parts.push(copy(chunk, this.skeletonFrom, i + 1));
    this.skeletonFrom = -1;
  }

  /** The `]` at `i` closed a samples array: the skeleton resumes with it, in a new piece. */
  private leaveSamples(chunk: Buffer, i: number): void {
    this.pieces.push({ start: this.position(chunk, i), parts: [] });
    this.skeletonFrom = i;
  }
}
