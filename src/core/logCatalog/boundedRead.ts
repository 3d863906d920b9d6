/** Bounded reads of a log file: its first and last bytes only, however large the file is. */
import { FileHandle } from 'node:fs/promises';

/** Bytes read from the start of a log (metrics, status and often the samples of a small log are there). */
export const HEAD_BYTES = 256 * 1024;
/** Bytes read from the end of a task result log whose head does not reach its specification. */
export const TAIL_BYTES = 256 * 1024;

/** Up to `length` bytes at `position` (fewer at the end of the file). */
export async function readWindow(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.allocUnsafe(length);
  let filled = 0;
  while (filled < length) {
    const { bytesRead } = await handle.read(buffer, filled, length - filled, position + filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return buffer.subarray(0, filled);
}
