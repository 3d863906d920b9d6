/** Bounded reads of a log file: its first and last bytes only, however large the file is. */
import { FileHandle } from 'node:fs/promises';

/** A log up to this size is read whole, so that its samples can be counted (never parsed). */
export const HEAD_BYTES = 256 * 1024;
/** Bytes first read from the start of a larger log: its status and metrics come before the samples. */
export const HEAD_PROBE_BYTES = 64 * 1024;
/** Bytes read from the end of a task result log whose head does not reach its specification: a little, then more. */
export const TAIL_STEPS = [64 * 1024, 1024 * 1024];

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
