/**
 * A scan of the top-level members of a JSON object held in the first bytes of a file. The bytes may stop
 * anywhere (the rest of the file was not read): members seen before the cut are kept, and a cut is no error.
 * Anything else that is not JSON is reported, so a damaged or binary file is named as such.
 */
import { parseSlice } from '../log/bufferLog';
import { forEachElementBounds } from '../log/sampleBounds';
import { JsonSyntaxError, LBRACE, forEachMember, isArrayAt, isObjectAt, startOf, valueEnd } from '../log/jsonScanner';

export type HeadEnd =
  /** The object closed within the bytes. */
  | { kind: 'complete' }
  /** The bytes stop inside the object (only possible when they are a prefix of the file). */
  | { kind: 'cut' }
  | { kind: 'notJson' }
  | { kind: 'damaged'; detail: string };

/** A syntax error that only says the bytes stopped: expected when they are a prefix of a larger file. */
function isCut(error: JsonSyntaxError, length: number): boolean {
  return error.offset >= length || /^Unterminated string/.test(error.message);
}

/**
 * Calls `member` for each top-level member (see forEachMember: it may return the member's end after scanning
 * it itself). `prefix`: the bytes are the beginning of a larger file.
 */
export function scanHead(buf: Buffer, prefix: boolean, member: (key: string, start: number) => number | void): HeadEnd {
  const start = startOf(buf);
  if (start >= buf.length) return prefix ? { kind: 'cut' } : { kind: 'notJson' };
  if (buf[start] !== LBRACE) return { kind: 'notJson' };
  try {
    forEachMember(buf, start, member);
    return { kind: 'complete' };
  } catch (error) {
    if (error instanceof JsonSyntaxError && prefix && isCut(error, buf.length)) return { kind: 'cut' };
    if (error instanceof JsonSyntaxError || error instanceof SyntaxError) return { kind: 'damaged', detail: error.message };
    throw error;
  }
}

/** The value at `start` and its end; a value that runs to the end of the bytes counts as cut (it may go on). */
export function memberValue(buf: Buffer, start: number): { value: unknown; end: number } {
  const end = valueEnd(buf, start);
  if (end >= buf.length) throw new JsonSyntaxError('Unexpected end of JSON input', buf.length);
  return { value: parseSlice(buf, start, end), end };
}

const NO_CUTS: readonly Uint8Array[] = [];

/** Top-level members read whole: of task result logs (spec §2.1) and of Inspect `.json` logs (before `samples`). */
const READ_MEMBERS = new Set(['format_version', 'status', 'specification', 'execution', 'version', 'eval', 'results']);

/** What the first bytes of a JSON log say. */
export interface LogHead {
  members: Record<string, unknown>;
  /** A task result log's `evidence` was seen (its members `metrics` and the count of `samples` when read). */
  sawEvidence: boolean;
  metrics?: unknown;
  samples?: number;
  end: HeadEnd;
}

/**
 * Counts the elements of the array at `start` without parsing them (with the SIMD kernel that finds a log's
 * sample bounds, the JavaScript scanner where it stops); returns the offset after the array.
 */
function countElements(buf: Buffer, start: number, counted: (count: number) => void): number {
  let count = 0;
  const end = forEachElementBounds(buf, start, NO_CUTS, () => count++, (element) => {
    count++;
    return valueEnd(buf, element);
  });
  counted(count);
  return end;
}

function scanEvidence(buf: Buffer, start: number, head: LogHead): number {
  head.sawEvidence = true;
  return forEachMember(buf, start, (key, at) => {
    if (key === 'samples' && isArrayAt(buf, at)) return countElements(buf, at, (count) => (head.samples = count));
    if (key !== 'metrics' && key !== 'samples') return undefined;
    const { value, end } = memberValue(buf, at);
    if (key === 'metrics') head.metrics = value;
    else if (value === null) head.samples = 0;
    return end;
  });
}

/** The members the catalog needs from the first bytes of a JSON log (`prefix`: the file goes on after them). */
export function scanLogHead(buf: Buffer, prefix: boolean): LogHead {
  const head: LogHead = { members: {}, sawEvidence: false, end: { kind: 'complete' } };
  head.end = scanHead(buf, prefix, (key, start) => {
    if (key === 'evidence' && isObjectAt(buf, start)) return scanEvidence(buf, start, head);
    if (!READ_MEMBERS.has(key)) return undefined;
    const { value, end } = memberValue(buf, start);
    head.members[key] = value;
    return end;
  });
  return head;
}
