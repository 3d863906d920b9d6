/**
 * A top-level member of a log read from the last bytes of its file, without scanning the rest: the
 * `specification` of a log whose members are in the order the specification lists them (after the
 * evidence and its samples). A guess, to be checked against the complete scan (pipedScan.ts).
 */
import { parseSlice } from './bufferLog';
import { COLON, COMMA, isWs, LBRACE, QUOTE, RBRACE, skipWs, stringEnd, valueEnd } from './jsonScanner';

/** Whether the members from `i` on (`, "key": value` …) close the object there, at the end of `buf`. */
function closesAtEnd(buf: Buffer, i: number): boolean {
  for (;;) {
    i = skipWs(buf, i);
    if (buf[i] === RBRACE) return skipWs(buf, i + 1) === buf.length;
    if (buf[i] !== COMMA) return false;
    i = skipWs(buf, i + 1);
    if (buf[i] !== QUOTE) return false;
    i = skipWs(buf, stringEnd(buf, i));
    if (buf[i] !== COLON) return false;
    i = valueEnd(buf, skipWs(buf, i + 1));
  }
}

/**
 * The value of the last member named `key` in `tail` (the end of a file) that belongs to the object
 * closed at the end of the file: a key written with its quotes (never inside a string, where they are
 * escaped) after `{` or `,`, whose value and the members after it close that object with the file.
 * Undefined when there is none (the tail is too short, or the member is elsewhere).
 */
export function tailMember(tail: Buffer, key: string): { value: unknown } | undefined {
  const quoted = Buffer.from(JSON.stringify(key));
  for (let at = tail.lastIndexOf(quoted); at >= 0; at = at > 0 ? tail.lastIndexOf(quoted, at - 1) : -1) {
    let before = at - 1;
    while (before >= 0 && isWs(tail[before])) before--;
    if (before < 0 || (tail[before] !== COMMA && tail[before] !== LBRACE)) continue;
    try {
      const colon = skipWs(tail, at + quoted.length);
      if (tail[colon] !== COLON) continue;
      const start = skipWs(tail, colon + 1);
      const end = valueEnd(tail, start);
      if (closesAtEnd(tail, end)) return { value: parseSlice(tail, start, end) };
    } catch {
      // Not a member here (the tail begins inside it, or it is malformed): an earlier place may be.
    }
  }
  return undefined;
}
