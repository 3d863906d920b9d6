/**
 * Reads a session file line by line in fixed-size chunks: never the whole file in memory, only one chunk and
 * the line that spans it. A line longer than the limit is skipped (reported once) without being held.
 */
import { open } from 'node:fs/promises';

const CHUNK = 1 << 20;
/** Longest line decoded, in bytes: JSON lines above this are skipped (a string this long would not fit V8 anyway). */
export const MAX_LINE_BYTES = 256 * (1 << 20);

interface LineSink {
  /** One line (without its line feed or a trailing carriage return) and its 1-based number. */
  line(text: string, lineNumber: number): void;
  /** A line over MAX_LINE_BYTES, skipped. */
  tooLong(lineNumber: number): void;
}

/** Chunk buffers of finished reads, reused by the next file (thousands of files would otherwise allocate a chunk each). */
const spare: Buffer[] = [];

/** Calls the sink for every non-blank line of the file; returns false when cancelled. */
export async function readLines(path: string, sink: LineSink, signal?: AbortSignal, onBytes?: (bytes: number) => void): Promise<boolean> {
  const handle = await open(path, 'r');
  let buf = spare.pop() ?? Buffer.allocUnsafe(CHUNK);
  try {
    let carry = 0;
    let lineNumber = 1;
    let skipping = false;
    for (;;) {
      if (signal?.aborted) return false;
      if (carry === buf.length) {
        if (buf.length * 2 > MAX_LINE_BYTES) {
          sink.tooLong(lineNumber);
          skipping = true;
          carry = 0;
        } else {
          const bigger = Buffer.allocUnsafe(buf.length * 2);
          buf.copy(bigger, 0, 0, carry);
          buf = bigger;
        }
      }
      const { bytesRead } = await handle.read(buf, carry, buf.length - carry, null);
      onBytes?.(bytesRead);
      const length = carry + bytesRead;
      let from = 0;
      for (;;) {
        const lf = buf.indexOf(0x0a, from);
        if (lf === -1 || lf >= length) break;
        if (skipping) skipping = false;
        else emit(buf, from, lf, lineNumber, sink);
        lineNumber++;
        from = lf + 1;
      }
      if (bytesRead === 0) {
        if (!skipping && from < length) emit(buf, from, length, lineNumber, sink);
        return true;
      }
      if (skipping) {
        carry = 0;
        continue;
      }
      buf.copy(buf, 0, from, length);
      carry = length - from;
    }
  } finally {
    if (buf.length === CHUNK && spare.length < 4) spare.push(buf);
    await handle.close();
  }
}

/** The text of the line `buf[start, end)` (line feed excluded) without a trailing carriage return, or undefined when it is blank. */
export function lineText(buf: Buffer, start: number, end: number): string | undefined {
  if (end > start && buf[end - 1] === 0x0d) end--;
  let k = start;
  while (k < end && (buf[k] === 0x20 || buf[k] === 0x09)) k++;
  return k === end ? undefined : buf.toString('utf8', start, end);
}

function emit(buf: Buffer, start: number, end: number, lineNumber: number, sink: LineSink): void {
  const text = lineText(buf, start, end);
  if (text !== undefined) sink.line(text, lineNumber);
}
