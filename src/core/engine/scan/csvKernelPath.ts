/**
 * Counting CSV records with the WebAssembly kernel (wasm/csvKernel.ts), once no row is kept in full and
 * every filter reads one column. The kernel counts the records whose filtered cells it has met before;
 * the others come back as spans, decoded here once per distinct value and tested with the filters. Any
 * record the kernel is not sure of is read by the exact scanner (CsvScanner), one record at a time.
 */
import { CompiledFilter, FilterOutcome } from '../../filters/filterEvaluator';
import { CsvRecordSink, CsvScanner } from './csvScanner';
import { RowCounter } from './rowCounter';
import { decodeUtf8, ShortValueCache } from './shortValueCache';
import { ESCAPED_ID } from '../kernels/csvKernel';
import { CsvKernelRunner } from '../kernels/csvKernelRunner';

/** After this many records, a kernel that left more than a third of them to the scanner is not used again. */
const TRIAL_RECORDS = 4096;

export class CsvKernelPath {
  /** Per slot: its values by dictionary id, its cache for cells without an id, the filters that read it. */
  private readonly strings: (string | undefined)[][];
  private readonly caches: ShortValueCache<string>[];
  private readonly filtersOfSlot: number[][];
  private readonly cells: (string | undefined)[];
  private kernelRecords = 0;
  private scannerRecords = 0;
  private disabled = false;

  private constructor(
    private readonly runner: CsvKernelRunner,
    private readonly slotColumns: readonly number[],
    private readonly filters: readonly CompiledFilter[],
    private readonly cellOfFilter: readonly number[],
    width: number,
  ) {
    this.strings = slotColumns.map(() => []);
    this.caches = slotColumns.map(() => new ShortValueCache(decodeUtf8));
    this.filtersOfSlot = slotColumns.map((column) => filters.map((_, k) => k).filter((k) => cellOfFilter[k] === column));
    this.cells = new Array<string | undefined>(width).fill(undefined);
  }

  /** Records the kernel read (counted, or handed back as spans). */
  get recordsTaken(): number {
    return this.kernelRecords;
  }

  /**
   * A kernel path for records of `width` cells and filters that each read one cell (`cellOfFilter`, -1:
   * absent), or undefined where the kernel cannot run.
   */
  static create(filters: readonly CompiledFilter[], cellOfFilter: readonly number[], width: number): CsvKernelPath | undefined {
    if (!filters.every((f) => f.testValue !== undefined)) return undefined;
    const slotColumns: number[] = [];
    for (const cell of cellOfFilter) if (cell >= 0 && !slotColumns.includes(cell)) slotColumns.push(cell);
    const runner = CsvKernelRunner.create({
      width,
      slotColumns,
      filterSlots: cellOfFilter.map((cell) => slotColumns.indexOf(cell)),
      absentOutcomes: filters.map((f) => (f.testValue as (value: unknown) => FilterOutcome)(undefined)),
    });
    return runner ? new CsvKernelPath(runner, slotColumns, filters, cellOfFilter, width) : undefined;
  }

  /**
   * Reads the records of `buf[start, end)` as CsvScanner.scan does (same counts, warnings, line numbers
   * and return value), the kernel taking every record it is sure of.
   */
  scan(buf: Buffer, start: number, end: number, final: boolean, base: number, scanner: CsvScanner, sink: CsvRecordSink, counter: RowCounter): number {
    const runner = this.runner;
    let pos = start;
    let windowStart = -1;
    let windowLength = 0;
    for (;;) {
      if (this.disabled) return scanner.scan(buf, pos, end, final, base, sink);
      const stopRel = scanner.stopAt - base;
      if (pos < end && pos < stopRel) {
        if (windowStart < 0 || pos >= windowStart + windowLength) {
          windowStart = pos;
          windowLength = runner.load(buf, pos, end);
        }
        pos = this.runKernel(buf, windowStart, pos - windowStart, stopRel - windowStart, scanner, counter);
      }
      if (pos >= end) return pos;
      // The exact scanner reads the record the kernel stopped at (or sees the stop, or an unfinished record).
      const next = scanner.scan(buf, pos, end, final, base, sink, 1);
      this.scannerRecords++;
      if (scanner.stoppedAt >= 0 || next === pos) return next;
      pos = next;
      if (this.kernelRecords + this.scannerRecords >= TRIAL_RECORDS && this.scannerRecords * 3 > this.kernelRecords + this.scannerRecords) this.disabled = true;
    }
  }

  /** Runs the kernel over the loaded window from `from` (window offsets); returns the absolute offset where it stopped. */
  private runKernel(buf: Buffer, windowStart: number, from: number, stop: number, scanner: CsvScanner, counter: RowCounter): number {
    const runner = this.runner;
    const words = runner.words;
    const slots = runner.slots;
    const cells = this.cells;
    const slotColumns = this.slotColumns;
    const cellOfFilter = this.cellOfFilter;
    const stats = counter.stats;
    for (;;) {
      const before = stats.total;
      const count = runner.run(from, stop);
      scanner.line += runner.takeCounts(stats);
      for (let r = 0; r < count; r++) {
        const at = runner.record(r);
        for (let w = 0; w < slots; w++) {
          const s = windowStart + words[at + 3 * w];
          const e = windowStart + words[at + 3 * w + 1];
          const id = words[at + 3 * w + 2];
          let value: string | undefined;
          if (id >= 0) value = this.strings[w][id] ?? this.learn(w, id, buf, s, e);
          else if (id === ESCAPED_ID) value = buf.toString('utf8', s, e).replace(/""/g, '"');
          else value = this.caches[w].get(buf, s, e);
          cells[slotColumns[w]] = value;
        }
        counter.testCells(cells, cellOfFilter);
      }
      this.kernelRecords += stats.total - before;
      const next = runner.next;
      if (count < runner.maxRecords || next >= stop) return windowStart + next;
      from = next;
    }
  }

  /** Decodes the value of a new id and gives the kernel every outcome it has for the filters of its column. */
  private learn(slot: number, id: number, buf: Buffer, start: number, end: number): string {
    const value = buf.toString('utf8', start, end);
    this.strings[slot][id] = value;
    for (const k of this.filtersOfSlot[slot]) {
      this.runner.setOutcome(k, id, (this.filters[k].testValue as (value: unknown) => FilterOutcome)(value));
    }
    return value;
  }
}
