/**
 * A log file as a scan reads it without holding it whole (bufferLog.ts scanLogBuffer with a WindowSource): the
 * kernel's windows are read from the file, the few ranges the JavaScript scanner reads into a zero-filled buffer
 * of the file's size of which only those pages are ever touched. Used by the helper thread of a piped scan
 * (pipedScanFeed.ts) and by a log loaded a window at a time (logLoader.ts).
 */
import * as fs from 'node:fs';
import type { WindowSource } from './sampleBounds';
import { readFully } from '../text/readFully';

/**
 * The log's bytes as the scan reads them: the kernel's windows straight from the file; the ranges the
 * JavaScript scanner reads (the log around its sample arrays, and the rest from an element the kernel
 * cannot take) into a zero-filled buffer of the file's size, of which only those pages are ever touched.
 */
export class FileWindows implements WindowSource {
  readonly bytes: Buffer;
  private fd: number;
  private filledFrom = 0;
  private filledTo = 0;

  constructor(private readonly file: string, private readonly beforeWindow: () => void = () => undefined) {
    this.fd = fs.openSync(file, 'r');
    const size = fs.fstatSync(this.fd).size;
    this.bytes = Buffer.alloc(size);
  }

  load(target: Uint8Array, at: number, from: number, length: number): void {
    this.beforeWindow();
    this.read(target, at, from, length);
  }

  ensure(from: number, to: number): void {
    const end = Math.min(this.bytes.length, to);
    if (from >= this.filledFrom && end <= this.filledTo) return;
    const start = from >= this.filledFrom && from <= this.filledTo ? this.filledTo : from;
    this.read(this.bytes, start, start, end - start);
    if (start !== this.filledTo) this.filledFrom = start;
    this.filledTo = end;
  }

  /** Reads the file's bytes [from, from + length) to target[at]; throws when the file ends first. */
  private read(target: Uint8Array, at: number, from: number, length: number): void {
    if (readFully(this.fd, target, at, from, length) < length) throw new Error(`${this.file} ended before byte ${from + length}`);
  }

  /** The log's bytes [start, end), read from the file. */
  readBytes(start: number, end: number): Buffer {
    const bytes = Buffer.allocUnsafe(end - start);
    this.read(bytes, 0, start, end - start);
    return bytes;
  }

  close(): void {
    fs.closeSync(this.fd);
  }
}
