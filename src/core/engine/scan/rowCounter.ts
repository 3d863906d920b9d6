/** Counts rows through AND-combined filters, keeps the first kept rows and collects warnings. */
import { CompiledFilter, FilterOutcome } from '../../filters/filterEvaluator';
import { PreviewRow, PreviewWarning, RowOrigin } from '../../model/previewTypes';

/** Warnings kept per preview; further ones are only counted. */
export const MAX_WARNINGS = 1000;

export interface CountStats {
  total: number;
  matched: number;
  /** Per filter, rows it removed from the rows that passed the filters before it. */
  removed: number[];
  /** Per filter, of those removed, rows whose value was not comparable. */
  notComparable: number[];
}

export function emptyStats(filterCount: number): CountStats {
  return { total: 0, matched: 0, removed: new Array<number>(filterCount).fill(0), notComparable: new Array<number>(filterCount).fill(0) };
}

export function addStats(into: CountStats, from: CountStats): void {
  into.total += from.total;
  into.matched += from.matched;
  for (let k = 0; k < into.removed.length; k++) {
    into.removed[k] += from.removed[k];
    into.notComparable[k] += from.notComparable[k];
  }
}

export class RowCounter {
  readonly stats: CountStats;
  readonly rows: PreviewRow[] = [];
  readonly warnings: PreviewWarning[] = [];
  warningCount = 0;
  /** Every kept row, decoded in full (see PreviewOptions.onRow). */
  onRow?: (values: Record<string, unknown>, origin: RowOrigin) => void;

  constructor(
    private readonly filters: readonly CompiledFilter[],
    /** How many kept rows to keep in full. */
    public need: number,
    private readonly file: string,
  ) {
    this.stats = emptyStats(filters.length);
  }

  get pageFull(): boolean {
    return this.rows.length >= this.need;
  }

  warn(message: string, line?: number): void {
    this.warningCount++;
    if (this.warnings.length < MAX_WARNINGS) {
      this.warnings.push(line === undefined ? { message, file: this.file } : { message, file: this.file, line });
    }
  }

  /** Runs the filters on a row (full or holding only the columns the filters read): true when kept. */
  test(row: Record<string, unknown>): boolean {
    const stats = this.stats;
    stats.total++;
    const filters = this.filters;
    for (let k = 0; k < filters.length; k++) {
      const outcome = filters[k].test(row);
      if (outcome !== FilterOutcome.Pass) return this.removedBy(k, outcome);
    }
    stats.matched++;
    return true;
  }

  /**
   * `test` for filters that each read one top-level column, given the row's cells and, per filter, the
   * cell that holds its column (-1: the row has no such column).
   */
  testCells(cells: readonly unknown[], cellOfFilter: readonly number[]): boolean {
    const stats = this.stats;
    stats.total++;
    const filters = this.filters;
    for (let k = 0; k < filters.length; k++) {
      const at = cellOfFilter[k];
      const outcome = (filters[k].testValue as (value: unknown) => FilterOutcome)(at < 0 ? undefined : cells[at]);
      if (outcome !== FilterOutcome.Pass) return this.removedBy(k, outcome);
    }
    stats.matched++;
    return true;
  }

  /**
   * `testCells` with, per filter, the function that gives its outcome for its cell's value (undefined:
   * missing), such as a filter's `testLeaf` when the cell holds the value its whole path leads to.
   */
  testCellsWith(cells: readonly unknown[], cellOfFilter: readonly number[], tests: readonly ((value: unknown) => FilterOutcome)[]): boolean {
    const stats = this.stats;
    stats.total++;
    for (let k = 0; k < tests.length; k++) {
      const at = cellOfFilter[k];
      const outcome = tests[k](at < 0 ? undefined : cells[at]);
      if (outcome !== FilterOutcome.Pass) return this.removedBy(k, outcome);
    }
    stats.matched++;
    return true;
  }

  /**
   * `test` for a batch of `rows` rows given, per filter, every row's outcome (column-wise evaluation): the
   * same counts as testing the rows one by one. Returns which rows are kept (1) or not (0).
   */
  testBatch(outcomes: readonly Uint8Array[], rows: number, reuse?: Uint8Array): Uint8Array {
    const stats = this.stats;
    // `reuse` (at least `rows` long, starting its buffer) holds the kept flags instead of a new array.
    const kept = (reuse !== undefined && reuse.length >= rows && reuse.byteOffset === 0 ? reuse.subarray(0, rows) : new Uint8Array(rows)).fill(1);
    // Four rows per step, one per byte of a 32-bit word (outcomes are 0 pass, 1 fail, 2 not comparable).
    const words = rows >> 2;
    const keptWords = new Uint32Array(kept.buffer, 0, words);
    for (let k = 0; k < outcomes.length; k++) {
      const of = outcomes[k];
      const ofWords = of.byteOffset % 4 === 0 ? new Uint32Array(of.buffer, of.byteOffset, words) : new Uint32Array(of.slice(0, words * 4).buffer);
      let removed = 0;
      let notComparable = 0;
      for (let w = 0; w < words; w++) {
        const word = ofWords[w];
        const removes = keptWords[w] & (word | (word >>> 1)) & 0x01010101;
        keptWords[w] ^= removes;
        removed += Math.imul(removes, 0x01010101) >>> 24;
        notComparable += Math.imul(removes & (word >>> 1), 0x01010101) >>> 24;
      }
      for (let i = words * 4; i < rows; i++) {
        const outcome = of[i];
        const removes = kept[i] & (outcome | (outcome >> 1)) & 1;
        kept[i] ^= removes;
        removed += removes;
        notComparable += removes & (outcome >> 1);
      }
      stats.removed[k] += removed;
      stats.notComparable[k] += notComparable;
    }
    let matched = 0;
    for (let w = 0; w < words; w++) matched += Math.imul(keptWords[w], 0x01010101) >>> 24;
    for (let i = words * 4; i < rows; i++) matched += kept[i];
    stats.total += rows;
    stats.matched += matched;
    return kept;
  }

  private removedBy(k: number, outcome: FilterOutcome): false {
    this.stats.removed[k]++;
    if (outcome === FilterOutcome.NotComparable) this.stats.notComparable[k]++;
    return false;
  }

  keep(values: Record<string, unknown>, file: string, line?: number): void {
    this.rows.push({ values, origin: line === undefined ? { file } : { file, line } });
  }

  /** A kept row: kept in full while the page is not full, and given to `onRow`. */
  kept(values: Record<string, unknown>, file: string, line?: number): void {
    if (!this.pageFull) this.keep(values, file, line);
    this.onRow?.(values, line === undefined ? { file } : { file, line });
  }
}
