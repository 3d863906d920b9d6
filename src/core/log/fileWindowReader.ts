import * as fs from 'node:fs';
import { readFully } from '../text/readFully';

/** The bytes one read takes (more when a range asked for is longer). */
const WINDOW_BYTES = 1024 * 1024;

/** Bytes of a file from `base` on: byte p of the file is bytes[p - base] (a sampleBounds.ts FileWindow). */
export interface FileWindow {
  bytes: Buffer;
  base: number;
}

/**
 * Byte ranges of a file read through one window of it held in memory: ranges asked for in order (indexing reads
 * sample after sample) cost one read a window instead of an open and a read each. Holds the file open until
 * closed.
 */
export class FileWindowReader {
  private fd: number | undefined;
  private buffer: Buffer = Buffer.alloc(0);
  private window: FileWindow = { bytes: this.buffer, base: 0 };

  constructor(private readonly file: string, private readonly windowBytes = WINDOW_BYTES) {}

  /**
   * A window holding the file's bytes [start, end): byte p is bytes[p - base]. It ends early where the file does;
   * its bytes are valid until the next call.
   */
  at(start: number, end: number): FileWindow {
    const { bytes, base } = this.window;
    if (start < base || end > base + bytes.length) this.load(start, end);
    return this.window;
  }

  private load(start: number, end: number): void {
    const length = Math.max(end - start, this.windowBytes);
    if (this.buffer.length < length) this.buffer = Buffer.allocUnsafeSlow(length);
    this.fd ??= fs.openSync(this.file, 'r');
    const read = readFully(this.fd, this.buffer, 0, start, length);
    this.window = { bytes: this.buffer.subarray(0, read), base: start };
  }

  /** Closes the file and gives up the window. */
  close(): void {
    if (this.fd !== undefined) fs.closeSync(this.fd);
    this.fd = undefined;
    this.buffer = Buffer.alloc(0);
    this.window = { bytes: this.buffer, base: 0 };
  }
}

/** How long a file read on demand stays open after its last read. */
const IDLE_CLOSE_MS = 1000;

/**
 * A FileWindowReader opened by a read and closed once no read came for a second: samples read one after another
 * once a log is indexed (building the search texts, an export, a detail and its neighbours) share one open file
 * and its window instead of an open, a read and a close each, and no file stays open for long.
 */
export class IdleClosingFileReader {
  private reader: FileWindowReader | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly file: string, private readonly idleMs = IDLE_CLOSE_MS) {}

  /** As FileWindowReader.at: the window's bytes are valid until the next call. */
  at(start: number, end: number): FileWindow {
    this.reader ??= new FileWindowReader(this.file);
    if (this.timer) {
      this.timer.refresh();
    } else {
      this.timer = setTimeout(() => this.close(), this.idleMs);
      // A pending close never keeps a process (the command line, a worker) alive.
      this.timer.unref?.();
    }
    return this.reader.at(start, end);
  }

  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.reader?.close();
    this.reader = undefined;
  }
}
