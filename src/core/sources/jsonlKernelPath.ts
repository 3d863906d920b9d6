/**
 * Counting JSONL rows with the WebAssembly kernel: lines of one shape (the keys of a line the JavaScript
 * scanner read) are checked and located by the kernel, their wanted values decoded here; every other line
 * goes back to the caller, whose scanner is exact. When most lines of a window leave the kernel, it takes
 * the shape of the last line the scanner read; if that is the same shape, the kernel is not used again
 * (nested values, say, which it leaves to JavaScript).
 */
import { JsonObjectScanner } from './jsonObjectScanner';
import { JsonlKernelRunner, RECORD_ESCAPES, RECORD_LINE_FEED, RECORD_START, RECORD_STATUS, RECORD_VALUES } from './wasm/jsonlKernelRunner';

export interface KernelLineSink {
  /** A line of the shape: the wanted values, by position among the wanted keys. */
  row(values: readonly unknown[]): void;
  /** Any other line `buf[start, lineFeed)`, to be read by the caller. */
  other(buf: Buffer, start: number, lineFeed: number): void;
}

export class JsonlKernelPath {
  private shapeKeys: string | undefined;
  private disabled = false;
  private readonly values: unknown[];
  /** Per wanted key, whether the shape has it (the kernel writes only those values). */
  private present: boolean[] = [];

  private constructor(private readonly runner: JsonlKernelRunner, private readonly scanner: JsonObjectScanner) {
    this.values = new Array<unknown>(runner.wantedCount).fill(undefined);
  }

  /** A kernel path for `wantedCount` wanted keys, or undefined where the kernel cannot run. */
  static create(scanner: JsonObjectScanner, wantedCount: number): JsonlKernelPath | undefined {
    const runner = JsonlKernelRunner.create(wantedCount);
    return runner ? new JsonlKernelPath(runner, scanner) : undefined;
  }

  /** Takes the shape of the scanner's last line; false when there is none or it does not fit. */
  private adoptShape(): boolean {
    const shape = this.scanner.lastShape();
    if (!shape) return false;
    const signature = shape.keys.map((key) => key.toString('latin1')).join('\u0000');
    if (signature === this.shapeKeys) return true;
    if (!this.runner.setShape(shape.keys, shape.wanted)) return false;
    this.shapeKeys = signature;
    this.present = this.values.map((_, w) => shape.wanted.includes(w));
    return true;
  }

  /**
   * Reads whole lines of `buf[start, end)` that start before `stop`; returns the offset after the last
   * line read (`start` when none: the caller then reads one line itself).
   */
  scan(buf: Buffer, start: number, end: number, stop: number, sink: KernelLineSink): number {
    // The first shape comes from the scanner's first line; later ones only when most lines leave the kernel.
    if (this.disabled || (this.shapeKeys === undefined && !this.adoptShape())) return start;
    const runner = this.runner;
    const words = runner.words;
    const values = this.values;
    const wanted = values.length;
    const present = this.present;
    const length = runner.load(buf, start, end);
    let from = 0;
    let others = 0;
    let lines = 0;
    for (;;) {
      const count = runner.run(from, stop - start);
      for (let r = 0; r < count; r++) {
        const at = runner.record(r);
        const lineStart = start + words[at + RECORD_START];
        const lineFeed = start + words[at + RECORD_LINE_FEED];
        if (words[at + RECORD_STATUS] === 0) {
          const escapes = words[at + RECORD_ESCAPES];
          for (let w = 0; w < wanted; w++) {
            const valueStart = words[at + RECORD_VALUES + 2 * w];
            values[w] = !present[w] ? undefined : this.scanner.wantedValueAt(w, buf, start + valueStart, start + words[at + RECORD_VALUES + 2 * w + 1], (escapes & (1 << w)) !== 0);
          }
          sink.row(values);
        } else {
          others++;
          sink.other(buf, lineStart, lineFeed);
        }
        from = lineFeed + 1 - start;
      }
      lines += count;
      if (count < runner.maxLines || from >= length) break;
    }
    if (lines >= 16 && others * 2 > lines) {
      // Most lines left the kernel: follow a new shape if the scanner saw one, else stop using the kernel.
      const before = this.shapeKeys;
      this.disabled = !this.adoptShape() || this.shapeKeys === before;
    }
    return start + from;
  }
}
