/**
 * Runs the CSV kernel (csvKernel.ts): sets up the header's columns and the filters, copies a window of a
 * buffer into the kernel's memory, and reads what the kernel counted and wrote. Undefined where
 * WebAssembly SIMD is missing or the header or filters do not fit the kernel's tables.
 */
import { compiledOnce, pagesFor } from '../wasm/compiledModule';
import { KernelInstance } from '../wasm/kernelInstance';
import { CFG_FILTERS, CFG_LINE_FEEDS, CFG_MATCHED, CFG_NEXT, CFG_SLOTS, CFG_TOTAL, CFG_WIDTH, COLUMNS, csvKernelBytes, FILTERS, IN, IN_SLACK, MASKS, MAX_FILTERS, MAX_IDS, MAX_SLOTS, MAX_WIDTH, NOT_COMPARABLE, OUT, OUT_BYTES, OUTCOMES, recordWords, REMOVED, UNKNOWN_OUTCOME } from './csvKernel';

/** Input bytes per window: a record longer than this is left to JavaScript. */
export const WINDOW_BYTES = 4 * 1024 * 1024;
const PAGES = pagesFor(IN + WINDOW_BYTES + IN_SLACK);

type ScanExport = (from: number, length: number, stop: number, maxRecords: number) => number;

const kernelModule = compiledOnce(() => csvKernelBytes(PAGES));

interface CsvKernelSetup {
  /** Cells per record (the header's length). */
  width: number;
  /** Per slot, the column (cell index) it holds; each column a filter reads has one slot. */
  slotColumns: readonly number[];
  /** Per filter, the slot of its column, or -1 when the header has no such column. */
  filterSlots: readonly number[];
  /** Per filter, its outcome for a missing value (used when its slot is -1). */
  absentOutcomes: readonly number[];
}

/** Counts the kernel adds to (drained by `takeCounts`). */
export interface KernelCounts {
  total: number;
  matched: number;
  removed: number[];
  notComparable: number[];
}

export class CsvKernelRunner {
  private readonly kernel: KernelInstance;
  /** The kernel's memory as 32-bit words (records, counts). */
  readonly words: Int32Array;
  private readonly scan: ScanExport;
  readonly slots: number;
  readonly recordWords: number;
  readonly maxRecords: number;
  private readonly filterCount: number;
  private windowLength = 0;

  private constructor(module: WebAssembly.Module, setup: CsvKernelSetup) {
    this.kernel = new KernelInstance(module, PAGES);
    this.scan = this.kernel.exports.scan as ScanExport;
    this.words = this.kernel.words;
    const bytes = this.kernel.bytes;
    this.slots = setup.slotColumns.length;
    this.filterCount = setup.filterSlots.length;
    this.recordWords = recordWords(this.slots);
    this.maxRecords = Math.floor(OUT_BYTES / 4 / this.recordWords);
    const words = this.words;
    words[CFG_WIDTH / 4] = setup.width;
    words[CFG_SLOTS / 4] = this.slots;
    words[CFG_FILTERS / 4] = this.filterCount;
    for (let col = 0; col < setup.width; col++) words[COLUMNS / 4 + col] = setup.slotColumns.indexOf(col);
    setup.filterSlots.forEach((slot, k) => {
      words[FILTERS / 4 + 2 * k] = slot;
      words[FILTERS / 4 + 2 * k + 1] = setup.absentOutcomes[k];
    });
    bytes.fill(UNKNOWN_OUTCOME, OUTCOMES, OUTCOMES + MAX_FILTERS * MAX_IDS);
    for (let len = 0; len <= 16; len++) {
      for (let b = 0; b < 16; b++) bytes[MASKS + 16 * len + b] = b < len ? 0xff : 0;
    }
  }

  /** A runner for this header and these filters, or undefined (no WebAssembly SIMD, or they do not fit). */
  static create(setup: CsvKernelSetup): CsvKernelRunner | undefined {
    const { width, slotColumns, filterSlots } = setup;
    if (width < 1 || width > MAX_WIDTH || slotColumns.length < 1 || slotColumns.length > MAX_SLOTS) return undefined;
    if (filterSlots.length < 1 || filterSlots.length > MAX_FILTERS) return undefined;
    const module = kernelModule();
    if (!module) return undefined;
    try {
      return new CsvKernelRunner(module, setup);
    } catch {
      // No memory for the kernel's instance: the JavaScript scanner counts instead.
      return undefined;
    }
  }

  /** Sets filter `k`'s outcome for dictionary id `id`. */
  setOutcome(k: number, id: number, outcome: number): void {
    this.kernel.bytes[OUTCOMES + k * MAX_IDS + id] = outcome;
  }

  /** Copies `buf[start, min(end, start + WINDOW_BYTES))` into the kernel; returns the window's length. */
  load(buf: Buffer, start: number, end: number): number {
    const length = Math.min(end - start, WINDOW_BYTES);
    this.kernel.loadInput(buf, start, length, IN);
    this.windowLength = length;
    return length;
  }

  /** Reads the window's records from `from` that start before `stop` (window offsets); returns how many it wrote. */
  run(from: number, stop: number): number {
    return this.scan(from, this.windowLength, Math.max(from, Math.min(stop, this.windowLength)), this.maxRecords);
  }

  /** Window offset where the last run stopped: a record start. */
  get next(): number {
    return this.words[CFG_NEXT / 4];
  }

  /** Word index of written record `r` of the last run: per slot start, end (window offsets) and id. */
  record(r: number): number {
    return OUT / 4 + r * this.recordWords;
  }

  /** Line feeds passed and records counted since the last call, added to `into`; the kernel's counts are reset. */
  takeCounts(into: KernelCounts): number {
    const words = this.words;
    into.total += words[CFG_TOTAL / 4];
    into.matched += words[CFG_MATCHED / 4];
    words[CFG_TOTAL / 4] = 0;
    words[CFG_MATCHED / 4] = 0;
    for (let k = 0; k < this.filterCount; k++) {
      into.removed[k] += words[REMOVED / 4 + k];
      into.notComparable[k] += words[NOT_COMPARABLE / 4 + k];
      words[REMOVED / 4 + k] = 0;
      words[NOT_COMPARABLE / 4 + k] = 0;
    }
    const lineFeeds = words[CFG_LINE_FEEDS / 4];
    words[CFG_LINE_FEEDS / 4] = 0;
    return lineFeeds;
  }
}
