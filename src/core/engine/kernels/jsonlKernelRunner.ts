/**
 * Runs the JSONL kernel (jsonlKernel.ts) over windows of a buffer: copies a window into the kernel's
 * memory once, then reads its line records batch by batch. Undefined where WebAssembly SIMD is missing.
 */
import { compiledOnce, pagesFor } from '../wasm/compiledModule';
import { KernelInstance } from '../wasm/kernelInstance';
import { jsonlKernelBytes } from './jsonlKernel';
import { CONFIG_FILTERS, CONFIG_LINES, CONFIG_NEXT, CONFIG_WANTED, FILTER_SLOTS, IN, IN_SLACK, KEYS, KEYS_END, MAX_DECIDED_FILTERS, MAX_POSITIONS, MAX_WANTED, OUT, OUT_BYTES, OUTCOME_STRIDE, OUTCOMES, PREFIXES, recordBytes, STATS, SUBS, TABLE, UNKNOWN_OUTCOME, VALUE_BYTES } from './jsonlKernelLayout';

/** Input bytes per window: lines longer than this are left to JavaScript. */
export const WINDOW_BYTES = 4 * 1024 * 1024;
const PAGES = pagesFor(IN + WINDOW_BYTES + IN_SLACK);

type ScanExport = (from: number, length: number, stop: number, maxLines: number) => number;

const kernelModule = compiledOnce(() => jsonlKernelBytes(PAGES));

/**
 * Word offsets in a line record: start, line feed, status (0: scanned, 1: left to JavaScript), escape
 * bits, the line's index in its scan, then the values' starts and ends, then their ids.
 */
export const RECORD_START = 0;
export const RECORD_LINE_FEED = 1;
export const RECORD_STATUS = 2;
export const RECORD_ESCAPES = 3;
export const RECORD_LINE = 4;
export const RECORD_VALUES = 5;

/** The counts of the lines the kernel counted itself (see jsonlKernelOutcomes.ts). */
export interface KernelCounts {
  total: number;
  matched: number;
  removed: number[];
  notComparable: number[];
}

/** A second-level key the kernel looks for inside a member's object value: the key as written (a whole JSON string with no escape) and the index of its value among the wanted values. */
export interface SubKey {
  key: Uint8Array;
  wanted: number;
}

export class JsonlKernelRunner {
  private readonly kernel: KernelInstance;
  private readonly bytes: Buffer;
  /** The kernel's memory as 32-bit words (records, table). */
  readonly words: Int32Array;
  private readonly scan: ScanExport;
  readonly recordWords: number;
  readonly maxLines: number;
  /** Bytes of the current window, and where it starts in the kernel's input. */
  private windowLength = 0;
  private base = 0;
  /** The kernel's input as a buffer to read a file into, so that a window needs no copy (see `load`). */
  readonly inputBuffer: Buffer;

  private constructor(module: WebAssembly.Module, readonly wantedCount: number) {
    this.kernel = new KernelInstance(module, PAGES);
    this.scan = this.kernel.exports.scan as ScanExport;
    this.bytes = this.kernel.bytes;
    this.words = this.kernel.words;
    this.recordWords = recordBytes(wantedCount) / 4;
    this.maxLines = Math.floor(OUT_BYTES / recordBytes(wantedCount));
    this.words[CONFIG_WANTED / 4] = wantedCount;
    this.inputBuffer = this.bytes.subarray(IN, IN + WINDOW_BYTES);
  }

  /** A runner for `wantedCount` wanted values, or undefined (no WebAssembly SIMD, or too many values). */
  static create(wantedCount: number): JsonlKernelRunner | undefined {
    if (wantedCount < 1 || wantedCount > MAX_WANTED) return undefined;
    const module = kernelModule();
    return module ? new JsonlKernelRunner(module, wantedCount) : undefined;
  }

  /**
   * The shape lines must have: each member's key as written (a whole JSON string) and the index of its
   * value among the wanted values (-1: not wanted), or (`subKeys`) the second-level keys whose values are
   * wanted inside it. False when it does not fit the kernel's tables.
   */
  setShape(keys: readonly Uint8Array[], wantedIndex: readonly number[], subKeys: readonly (readonly SubKey[] | undefined)[] = []): boolean {
    if (keys.length === 0 || keys.length > MAX_POSITIONS) return false;
    let at = KEYS;
    let sub = SUBS;
    const place = (key: Uint8Array): number => {
      if (at + key.length > KEYS_END) return -1;
      this.bytes.set(key, at);
      at += key.length;
      return at - key.length;
    };
    for (let p = 0; p < keys.length; p++) {
      const keyAt = place(keys[p]);
      if (keyAt < 0) return false;
      const entry = (TABLE + p * 16) / 4;
      this.words[entry] = keyAt;
      this.words[entry + 1] = keys[p].length;
      const subs = subKeys[p];
      this.words[entry + 2] = subs ? -1 : wantedIndex[p];
      this.words[entry + 3] = 0;
      if (!subs) continue;
      if (sub + 4 + subs.length * 12 > KEYS) return false;
      this.words[entry + 3] = sub;
      this.words[sub / 4] = subs.length;
      for (let k = 0; k < subs.length; k++) {
        const subAt = place(subs[k].key);
        if (subAt < 0) return false;
        const word = (sub + 4 + k * 12) / 4;
        this.words[word] = subAt;
        this.words[word + 1] = subs[k].key.length;
        this.words[word + 2] = subs[k].wanted;
      }
      sub += 4 + subs.length * 12;
    }
    this.words[0] = keys.length;
    return true;
  }

  /**
   * Lets the kernel count lines itself: per filter (in order) the wanted value it reads, and per wanted
   * value how many first characters of a long string are all its filters read (0: the whole value). Every
   * outcome is unknown until `setOutcome`. False when there are too many filters (the kernel then writes
   * a record for every line).
   */
  decideWith(slotOfFilter: readonly number[], prefixes: readonly number[]): boolean {
    if (slotOfFilter.length === 0 || slotOfFilter.length > MAX_DECIDED_FILTERS) return false;
    slotOfFilter.forEach((slot, k) => (this.words[FILTER_SLOTS / 4 + k] = slot));
    prefixes.forEach((units, s) => (this.words[PREFIXES / 4 + s] = units > 0 && units + 2 <= VALUE_BYTES ? units : 0));
    this.bytes.fill(UNKNOWN_OUTCOME, OUTCOMES, OUTCOMES + slotOfFilter.length * OUTCOME_STRIDE);
    this.words[CONFIG_FILTERS / 4] = slotOfFilter.length;
    return true;
  }

  /** Filter `filter`'s outcome for value id `id` (UNKNOWN_OUTCOME until set). */
  outcome(filter: number, id: number): number {
    return this.bytes[OUTCOMES + filter * OUTCOME_STRIDE + id];
  }

  setOutcome(filter: number, id: number, outcome: number): void {
    this.bytes[OUTCOMES + filter * OUTCOME_STRIDE + id] = outcome;
  }

  /** Adds the counts of the lines the kernel counted since the last call to `into`, and clears them. */
  takeCounts(into: KernelCounts): void {
    const words = this.words;
    const at = STATS / 4;
    if (words[at] === 0) return;
    into.total += words[at];
    into.matched += words[at + 1];
    for (let k = 0; k < into.removed.length; k++) {
      into.removed[k] += words[at + 2 + k];
      into.notComparable[k] += words[at + 2 + MAX_DECIDED_FILTERS + k];
    }
    words.fill(0, at, at + 2 + 2 * MAX_DECIDED_FILTERS);
  }

  /** Where the last run stopped (window offset), and how many lines it passed. */
  get next(): number {
    return this.words[CONFIG_NEXT / 4] - this.base;
  }

  get lines(): number {
    return this.words[CONFIG_LINES / 4];
  }

  /**
   * Makes `buf[start, min(end, start + WINDOW_BYTES))` the window and returns its length: copied into
   * the kernel, unless `buf` is `inputBuffer`, whose bytes are already there.
   */
  load(buf: Buffer, start: number, end: number): number {
    if (buf.buffer === this.bytes.buffer && buf.byteOffset === IN) {
      const length = Math.min(end, WINDOW_BYTES) - start;
      this.base = start;
      this.bytes[IN + start + length] = 0;
      this.windowLength = length;
      return length;
    }
    const length = Math.min(end - start, WINDOW_BYTES);
    this.kernel.loadInput(buf, start, length, IN);
    this.base = 0;
    this.windowLength = length;
    return length;
  }

  /**
   * Where a window's offset 0 is in the kernel's input: record offsets minus this are window offsets.
   * Zero unless the window was read in place.
   */
  get windowBase(): number {
    return this.base;
  }

  /** Scans the window's lines from `from` that start before `stop` (window offsets), writing at most `maxRecords` records; returns how many. */
  run(from: number, stop: number, maxRecords = this.maxLines): number {
    const base = this.base;
    return this.scan(base + from, base + this.windowLength, base + Math.min(stop, this.windowLength), Math.min(maxRecords, this.maxLines));
  }

  /** Word index of record `r` of the last run. */
  record(r: number): number {
    return OUT / 4 + r * this.recordWords;
  }

  /** Word index of wanted value `slot`'s id in the record at word `at`. */
  idWord(at: number, slot: number): number {
    return at + RECORD_VALUES + 2 * this.wantedCount + slot;
  }
}
