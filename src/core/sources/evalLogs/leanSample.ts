/**
 * A sample entry parsed without its largest members: the top-level `events` (never read for a row) and, when the
 * row needs no trace, `messages` values are passed over by the structural byte scanner (strings and brackets tracked exactly) and
 * parsed as null, so most of a sample's bytes never become strings and objects. Anything the scan does not take
 * for one well-formed object (a BOM, a syntax error, text after it) gives undefined, and the caller parses the
 * text whole, which keeps its error messages exactly as they were.
 */
import { BACKSLASH, COLON, COMMA, LBRACE, QUOTE, RBRACE, skipWs, stringEnd, valueEnd } from '../../log/jsonScanner';
/**
 * Which top-level members are skipped: `events` (no row reads it), also `messages` (only the trace reads it), or
 * every member but `id`, `epoch` and `started_at` (a sample that is only counted).
 */
export type SkippedMembers = 'events' | 'eventsAndMessages' | 'allButCount';

const keys = (...names: string[]) => names.map((name) => Buffer.from(name));
/** Keys skipped (`skip: true`) or kept (`skip: false`, every other member skipped). */
const MEMBER_KEYS: Record<SkippedMembers, { keys: Buffer[]; skip: boolean }> = {
  events: { keys: keys('events'), skip: true },
  eventsAndMessages: { keys: keys('events', 'messages'), skip: true },
  allButCount: { keys: keys('id', 'epoch', 'started_at'), skip: false },
};
/** Entries smaller than this are parsed whole (nothing worth skipping). */
const MIN_LEAN_BYTES = 2048;

function isListedKey(buf: Uint8Array, start: number, end: number, list: readonly Buffer[]): boolean {
  const length = end - start - 2;
  for (const key of list) {
    if (key.length !== length) continue;
    let same = true;
    for (let k = 0; k < length && same; k++) same = buf[start + 1 + k] === key[k];
    if (same) return true;
  }
  return false;
}

/** [start, end) pairs of the skipped members' values, or undefined when `buf` is not one object to the scan. */
function skippedValues(buf: Uint8Array, members: { keys: Buffer[]; skip: boolean }): number[] | undefined {
  let j = skipWs(buf, 0);
  if (buf[j] !== LBRACE) return undefined;
  const cuts: number[] = [];
  j = skipWs(buf, j + 1);
  if (buf[j] === RBRACE) return undefined;
  for (;;) {
    if (buf[j] !== QUOTE) return undefined;
    const keyEnd = stringEnd(buf, j);
    for (let k = j + 1; k < keyEnd; k++) if (buf[k] === BACKSLASH) return undefined; // a key with escapes: parse whole
    const skip = isListedKey(buf, j, keyEnd, members.keys) === members.skip;
    j = skipWs(buf, keyEnd);
    if (buf[j] !== COLON) return undefined;
    const start = skipWs(buf, j + 1);
    const end = valueEnd(buf, start);
    if (skip) cuts.push(start, end);
    j = skipWs(buf, end);
    if (buf[j] === COMMA) {
      j = skipWs(buf, j + 1);
      continue;
    }
    if (buf[j] !== RBRACE) return undefined;
    return skipWs(buf, j + 1) === buf.length ? cuts : undefined;
  }
}

/** The sample with the skipped members as null, or undefined (parse the text whole instead). */
export function parseLeanSample(data: Uint8Array, skipped: SkippedMembers = 'eventsAndMessages'): unknown {
  if (data.length < MIN_LEAN_BYTES) return undefined;
  let cuts: number[] | undefined;
  try {
    cuts = skippedValues(data, MEMBER_KEYS[skipped]);
  } catch {
    return undefined; // a syntax error: the whole parse reports it
  }
  if (!cuts?.length) return undefined;
  const buffer = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  let text = '';
  let from = 0;
  for (let k = 0; k < cuts.length; k += 2) {
    text += `${buffer.toString('utf8', from, cuts[k])}null`;
    from = cuts[k + 1];
  }
  text += buffer.toString('utf8', from, buffer.length);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
