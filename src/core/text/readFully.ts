import * as fs from 'node:fs';
import type { FileHandle } from 'node:fs/promises';

/**
 * Reads `length` bytes of an open file from `position` into `target` at `at`, in as many reads as it
 * takes; fewer only where the file ends. Returns how many were read.
 */
export function readFully(fd: number, target: Uint8Array, at: number, position: number, length: number): number {
  let read = 0;
  while (read < length) {
    const n = fs.readSync(fd, target, at + read, length - read, position + read);
    if (n === 0) break;
    read += n;
  }
  return read;
}

/** Up to `length` bytes of an open file at `position`, in as many reads as it takes (fewer only where the file ends). */
export async function readAt(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.allocUnsafe(length);
  let filled = 0;
  while (filled < length) {
    const { bytesRead } = await handle.read(buffer, filled, length - filled, position + filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return filled === length ? buffer : buffer.subarray(0, filled);
}
