/**
 * Runs the JSONL kernel (jsonlKernel.ts) over windows of a buffer: copies a window into the kernel's
 * memory once, then reads its line records batch by batch. Undefined where WebAssembly SIMD is missing.
 */
import { compiledOnce, KernelInstance } from '../../wasm/kernelInstance';
import { IN, IN_SLACK, jsonlKernelBytes, KEYS, KEYS_END, MAX_POSITIONS, OUT, OUT_BYTES, recordBytes, TABLE } from './jsonlKernel';

/** Input bytes per window: lines longer than this are left to JavaScript. */
export const WINDOW_BYTES = 4 * 1024 * 1024;
const PAGE = 65536;
const PAGES = Math.ceil((IN + WINDOW_BYTES + IN_SLACK) / PAGE);

type ScanExport = (from: number, length: number, stop: number, maxLines: number) => number;

const kernelModule = compiledOnce(() => jsonlKernelBytes(PAGES));

/** Word offsets in a line record: start, line feed, status (0: scanned, 1: left to JavaScript), escape bits, values. */
export const RECORD_START = 0;
export const RECORD_LINE_FEED = 1;
export const RECORD_STATUS = 2;
export const RECORD_ESCAPES = 3;
export const RECORD_VALUES = 4;

export class JsonlKernelRunner {
  private readonly kernel: KernelInstance;
  private readonly bytes: Buffer;
  /** The kernel's memory as 32-bit words (records, table). */
  readonly words: Int32Array;
  private readonly scan: ScanExport;
  readonly recordWords: number;
  readonly maxLines: number;
  /** Bytes of the current window. */
  private windowLength = 0;

  private constructor(module: WebAssembly.Module, readonly wantedCount: number) {
    this.kernel = new KernelInstance(module, PAGES);
    this.scan = this.kernel.exports.scan as ScanExport;
    this.bytes = this.kernel.bytes;
    this.words = this.kernel.words;
    this.recordWords = recordBytes(wantedCount) / 4;
    this.maxLines = Math.floor(OUT_BYTES / recordBytes(wantedCount));
    this.words[1] = wantedCount;
  }

  /** A runner for `wantedCount` wanted values, or undefined (no WebAssembly SIMD, or too many values). */
  static create(wantedCount: number): JsonlKernelRunner | undefined {
    if (wantedCount < 1 || wantedCount > 30) return undefined;
    const module = kernelModule();
    return module ? new JsonlKernelRunner(module, wantedCount) : undefined;
  }

  /**
   * The shape lines must have: each member's key as written (a whole JSON string) and the index of its
   * value among the wanted values (-1: not wanted). False when it does not fit the kernel's table.
   */
  setShape(keys: readonly Uint8Array[], wantedIndex: readonly number[]): boolean {
    if (keys.length === 0 || keys.length > MAX_POSITIONS) return false;
    let at = KEYS;
    for (let p = 0; p < keys.length; p++) {
      if (at + keys[p].length > KEYS_END) return false;
      this.bytes.set(keys[p], at);
      const entry = (TABLE + p * 16) / 4;
      this.words[entry] = at;
      this.words[entry + 1] = keys[p].length;
      this.words[entry + 2] = wantedIndex[p];
      at += keys[p].length;
    }
    this.words[0] = keys.length;
    return true;
  }

  /** Copies `buf[start, min(end, start + WINDOW_BYTES))` into the kernel; returns the window's length. */
  load(buf: Buffer, start: number, end: number): number {
    const length = Math.min(end - start, WINDOW_BYTES);
    this.kernel.loadInput(buf, start, length, IN);
    this.windowLength = length;
    return length;
  }

  /** Scans the window's lines from `from` that start before `stop` (window offsets); returns how many records. */
  run(from: number, stop: number): number {
    return this.scan(from, this.windowLength, Math.min(stop, this.windowLength), this.maxLines);
  }

  /** Word index of record `r` of the last run. */
  record(r: number): number {
    return OUT / 4 + r * this.recordWords;
  }
}
