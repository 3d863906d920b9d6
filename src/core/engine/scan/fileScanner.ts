/** Reads a file from an offset in chunks and feeds a RangeProcessor, never holding more than a chunk and one record. */
import { readSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { RangeProcessor } from './rangeProcessor';

interface FileScanOptions {
  start: number;
  /** Skip to just after the first line feed at or after `start - 1` (a chunk that does not begin the file). */
  align: boolean;
  chunkSize: number;
  signal?: AbortSignal;
  /** After each chunk: the absolute offset consumed so far. */
  onChunk?: (consumedTo: number) => void;
  /** Asked after each chunk: true pauses at the current record boundary. */
  shouldPause?: () => boolean;
  /** Awaited before each read: the receiver of the rows is ready for more (PreviewOptions.rowsWanted). */
  beforeRead?: () => Promise<void> | undefined;
  /** Read on the calling thread (a worker, which has nothing else to do) instead of the thread pool. */
  readOnThisThread?: boolean;
  /** The buffer to read into while records fit in it (instead of a new one of `chunkSize` bytes). */
  buffer?: Buffer;
}

interface FileScanResult {
  /** Offset of the first record read (after alignment). */
  start: number;
  /** Offset of the first byte not read: a record boundary (stop, pause, or the end of the file). */
  end: number;
  /** The file was read to its end. */
  finished: boolean;
  cancelled: boolean;
}

export async function scanFile(path: string, processor: RangeProcessor, options: FileScanOptions): Promise<FileScanResult> {
  const handle = await open(path, 'r');
  try {
    let buf = options.buffer ?? Buffer.allocUnsafe(options.chunkSize);
    let pos = options.align ? Math.max(0, options.start - 1) : options.start;
    let base = pos;
    let carry = 0;
    let aligning = options.align && options.start > 0;
    let start = options.start;
    for (;;) {
      if (options.beforeRead) await options.beforeRead();
      if (options.signal?.aborted) return { start, end: base, finished: false, cancelled: true };
      if (carry === buf.length) {
        const bigger = Buffer.allocUnsafe(buf.length * 2);
        buf.copy(bigger, 0, 0, carry);
        buf = bigger;
      }
      const bytesRead = options.readOnThisThread
        ? readSync(handle.fd, buf, carry, buf.length - carry, pos)
        : (await handle.read(buf, carry, buf.length - carry, pos)).bytesRead;
      pos += bytesRead;
      const final = bytesRead === 0;
      const length = carry + bytesRead;
      let from = 0;
      if (aligning) {
        const lf = buf.indexOf(0x0a, 0);
        if (lf === -1 || lf >= length) {
          base += length;
          carry = 0;
          if (final) return { start: base, end: base, finished: true, cancelled: false };
          continue;
        }
        aligning = false;
        from = lf + 1;
        start = base + from;
      }
      const consumed = processor.feed(buf, from, length, final, base);
      if (processor.stoppedAt >= 0) return { start, end: processor.stoppedAt, finished: false, cancelled: false };
      if (final) return { start, end: base + length, finished: true, cancelled: false };
      options.onChunk?.(base + consumed);
      if (options.shouldPause?.()) return { start, end: base + consumed, finished: false, cancelled: false };
      buf.copy(buf, 0, consumed, length);
      carry = length - consumed;
      base += consumed;
    }
  } finally {
    await handle.close();
  }
}
