/**
 * The log files of a comparison compressed window by window into a side file (the elements the standalone
 * compare page reads, compareFileWindowId), in the thread pool, started before the logs are indexed so that it
 * runs while they are: the compare file then copies the side file instead of compressing after comparing.
 */
import * as fs from 'node:fs';
import { compareFileWindowId } from '../protocol/embeddedCompare';
import { ChunkWriter, HtmlOutput } from '../report/compressedReportWriter';
import { FILE_WINDOW_BYTES, FILE_WINDOW_LEVEL, fileWindowCount, readFileWindow } from '../report/fileWindows';

/** One log file as it was when compressed. */
interface CompressedLogFile {
  filePath: string;
  size: number;
  mtimeMs: number;
  windowBytes: number;
  windowCount: number;
}

export interface CompressedLogWindows {
  /** The side file holding every window of every log. */
  file: string;
  logs: CompressedLogFile[];
}

export class LogWindowCompression {
  /** Every window of every log, written to the side file; rejects when a file cannot be read or written. */
  readonly done: Promise<CompressedLogWindows>;
  private cancelled = false;

  constructor(filePaths: readonly string[], readonly sideFile: string, level = FILE_WINDOW_LEVEL) {
    this.done = this.run(filePaths, level);
    this.done.catch(() => undefined); // awaited by the writer, or dropped by cancel()
  }

  private async run(filePaths: readonly string[], level: number): Promise<CompressedLogWindows> {
    const out = new HtmlOutput(this.sideFile);
    try {
      const chunks = new ChunkWriter(out, level);
      const logs: CompressedLogFile[] = [];
      for (let log = 0; log < filePaths.length; log++) {
        const filePath = filePaths[log];
        const fd = fs.openSync(filePath, 'r');
        try {
          const stat = fs.fstatSync(fd);
          const windowCount = fileWindowCount(stat.size, FILE_WINDOW_BYTES);
          for (let n = 0; n < windowCount; n++) {
            if (this.cancelled) throw new Error('cancelled');
            await chunks.add(compareFileWindowId(log, n), readFileWindow(fd, n, FILE_WINDOW_BYTES));
          }
          logs.push({ filePath, size: stat.size, mtimeMs: stat.mtimeMs, windowBytes: FILE_WINDOW_BYTES, windowCount });
        } finally {
          fs.closeSync(fd);
        }
      }
      await chunks.flush();
      await out.close();
      return { file: this.sideFile, logs };
    } catch (error) {
      out.abort();
      throw error;
    }
  }

  /** Whether `filePath` is still as it was compressed (same size and time of change). */
  static unchanged(file: CompressedLogFile): boolean {
    try {
      const stat = fs.statSync(file.filePath);
      return stat.size === file.size && stat.mtimeMs === file.mtimeMs;
    } catch {
      return false;
    }
  }

  /** Stops compressing (if still under way) and removes the side file. */
  async dispose(): Promise<void> {
    this.cancelled = true;
    await this.done.catch(() => undefined);
    await fs.promises.rm(this.sideFile, { force: true });
  }
}
