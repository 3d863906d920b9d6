import * as fs from 'node:fs';

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
