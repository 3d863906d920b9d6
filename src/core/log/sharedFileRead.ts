/**
 * Reads a file into memory shared between threads, in chunks that this thread and a helper thread
 * (rangeIndexing.ts) claim one at a time: whichever thread is free reads the next one, so the helper
 * speeds the read up when it is running and nothing waits for it when it is not. This thread reads any
 * chunk the helper took but did not finish in time.
 */
import * as fs from 'node:fs';

const CHUNK_BYTES = 8 * 1024 * 1024;
/** How long to wait for a chunk the helper is reading before reading it here. */
const CHUNK_WAIT_MS = 1000;

const FREE = 0;
const TAKEN = 1;
const DONE = 2;
const FAILED = 3;

import type { SharedRead } from './sharedReadTypes';

export type { SharedRead };

function readChunk(fd: number, bytes: Uint8Array, k: number, chunkBytes: number): boolean {
  const start = k * chunkBytes;
  const end = Math.min(bytes.length, start + chunkBytes);
  let at = start;
  while (at < end) {
    const n = fs.readSync(fd, bytes, at, end - at, at);
    if (n === 0) return false;
    at += n;
  }
  return true;
}

/** Claims and reads free chunks (from the last one down with `fromEnd`) until none is left. */
export function readFreeChunks(read: SharedRead, fromEnd: boolean): void {
  const bytes = new Uint8Array(read.buffer);
  const count = read.state.length;
  let fd: number | undefined;
  try {
    fd = fs.openSync(read.file, 'r');
    for (let j = 0; j < count; j++) {
      const k = fromEnd ? count - 1 - j : j;
      if (Atomics.compareExchange(read.state, k, FREE, TAKEN) !== FREE) continue;
      let ok = false;
      try {
        ok = readChunk(fd, bytes, k, read.chunkBytes);
      } finally {
        Atomics.store(read.state, k, ok ? DONE : FAILED);
        Atomics.notify(read.state, k);
      }
    }
  } catch {
    // A chunk this thread cannot read is marked failed above; the reading thread then reads the file itself.
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/**
 * The file's bytes in shared memory, read with the help of `helper` (which is handed the read and calls
 * readFreeChunks); undefined when the file cannot be read this way (the caller then reads it plainly).
 */
export function readFileShared(filePath: string, helper?: (read: SharedRead) => void, chunkBytes = CHUNK_BYTES): Buffer | undefined {
  let size: number;
  let read: SharedRead;
  try {
    size = fs.statSync(filePath).size;
    read = { file: filePath, buffer: new SharedArrayBuffer(size), chunkBytes, state: new Int32Array(new SharedArrayBuffer(4 * Math.ceil(size / chunkBytes))) };
  } catch {
    return undefined;
  }
  if (size >= 2 * chunkBytes) helper?.(read);
  readFreeChunks(read, false);
  for (let k = 0; k < read.state.length; k++) {
    if (Atomics.load(read.state, k) === TAKEN) Atomics.wait(read.state, k, TAKEN, CHUNK_WAIT_MS);
    if (Atomics.compareExchange(read.state, k, TAKEN, FREE) === TAKEN) readFreeChunks(read, false);
    if (Atomics.load(read.state, k) !== DONE) return undefined;
  }
  return Buffer.from(read.buffer);
}
