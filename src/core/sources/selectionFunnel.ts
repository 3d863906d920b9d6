/**
 * The selection funnel of the record sources (docs/semantics.md §9.1): records arrive from the platform, the checks the
 * platform cannot make are made here in order (one funnel step each), `limit` keeps the N most recent, and the
 * rows come out oldest first.
 */
import { sourceStrings } from '../l10n/sourceStrings';
import { TimeRange, isoOf } from './remote/timeRange';
import { FilterStep, PreviewProgress, PreviewResult, PreviewRow, PreviewWarning, RecordNoun, RemovedRecordWatch, RemovedRow } from '../model/previewTypes';
import { quotedValue } from './removedValue';

export interface SelectionCheck<R> {
  field: string;
  label: string;
  test: (record: R) => boolean;
  /** The value of the record the check reads, quoted when a removed record is listed (the drill-down). */
  read?: (record: R) => unknown;
}

/** How the records a step removed are listed: each record as its row, and the watch of the step asked for. */
export interface RemovedRecordListing<R> {
  rowOf: (record: R) => PreviewRow;
  watch?: RemovedRecordWatch;
}

export function limitOf(source: Record<string, unknown>): number | undefined {
  const limit = source.limit;
  return typeof limit === 'number' && Number.isInteger(limit) && limit >= 0 ? limit : undefined;
}

export function timeChecks<R>(range: TimeRange, startOf: (record: R) => number | undefined): SelectionCheck<R>[] {
  const checks: SelectionCheck<R>[] = [];
  if (range.from !== undefined) {
    const from = range.from;
    checks.push({ field: 'from_time', label: sourceStrings.stepFrom(isoOf(from)!), test: (r) => (startOf(r) ?? -Infinity) >= from, read: (r) => isoOf(startOf(r)) });
  }
  if (range.to !== undefined) {
    const to = range.to;
    checks.push({ field: 'to_time', label: sourceStrings.stepTo(isoOf(to)!), test: (r) => (startOf(r) ?? Infinity) < to, read: (r) => isoOf(startOf(r)) });
  }
  return checks;
}

interface SelectedRecord<R> {
  record: R;
  /** Start time, epoch ms (records without one sort first). */
  time: number | undefined;
  /** Its place among the kept records: of two records with the same time, the later one counts as more recent. */
  order: number;
}

/** Oldest first; of two with the same time, the earlier arrival first. */
function byTime<R>(a: SelectedRecord<R>, b: SelectedRecord<R>): number {
  return (a.time ?? -Infinity) - (b.time ?? -Infinity) || a.order - b.order;
}

export class RecordSelection<R> {
  seen = 0;
  /** The kept records (none when they are handed over as they come, see `hold`). */
  readonly kept: SelectedRecord<R>[] = [];
  /** Records kept so far, held or handed over. */
  keptCount = 0;
  private readonly removed: number[];
  /** Records dropped because `limit` was reached (known only when the platform's order is not newest first). */
  private removedByLimit = 0;

  constructor(
    private readonly checks: readonly SelectionCheck<R>[],
    private readonly limit: number | undefined,
    /** Progress per record offered; absent when the records were counted before (sessions, by their files). */
    private readonly report: ((progress: PreviewProgress) => void) | undefined,
    /** False: kept records are only counted, the caller hands each over as `offer` says it is kept (a row sink). */
    private readonly hold = true,
    /** Absent: the source cannot list the records a step removed. */
    private readonly listing?: RemovedRecordListing<R>,
  ) {
    this.removed = checks.map(() => 0);
  }

  /** True once `limit` records are kept (records arriving newest first: no more are needed). */
  get full(): boolean {
    return this.limit !== undefined && this.keptCount >= this.limit;
  }

  /** True when the record is kept. */
  offer(record: R, time: number | undefined): boolean {
    this.seen++;
    for (let k = 0; k < this.checks.length; k++) {
      if (!this.checks[k].test(record)) {
        this.removed[k]++;
        this.tell(this.checks[k], record, time);
        this.progress();
        return false;
      }
    }
    this.keptCount++;
    if (this.hold) this.kept.push({ record, time, order: this.keptCount });
    this.progress();
    return true;
  }

  /** For platforms whose order is not newest first: keeps the `limit` most recent of all records kept. */
  applyLimit(): void {
    if (this.limit === undefined || this.kept.length <= this.limit) return;
    this.kept.sort((a, b) => byTime(b, a));
    this.removedByLimit = this.kept.length - this.limit;
    const label = sourceStrings.stepLimit(this.limit);
    for (const older of this.kept.slice(this.limit)) this.tell({ field: 'limit', label, test: () => false }, older.record, older.time);
    this.kept.length = this.limit;
    this.keptCount = this.limit;
  }

  /** Hands a removed record to the watch of its step, if one watches it (its start time when the check reads none). */
  private tell(check: SelectionCheck<R>, record: R, time: number | undefined): void {
    const listing = this.listing;
    if (listing?.watch?.field !== check.field) return;
    listing.watch.removed(() => {
      const row = listing.rowOf(record);
      const removed: RemovedRow = { values: row.values, origin: row.origin, outcome: 'failed' };
      const value = quotedValue(check.read ? check.read(record) : isoOf(time));
      if (value !== undefined) removed.value = value;
      return removed;
    }, check.label);
  }

  private progress(): void {
    this.report?.({ done: this.seen, unit: 'records', rowsSeen: this.seen, rowsKept: this.keptCount });
  }

  /** The kept records, oldest first. */
  oldestFirst(): R[] {
    return [...this.kept].sort(byTime).map((entry) => entry.record);
  }

  steps(): FilterStep[] {
    const steps: FilterStep[] = [];
    this.checks.forEach((check, k) => {
      if (this.removed[k] > 0) steps.push({ index: steps.length, field: check.field, label: check.label, removed: this.removed[k], notComparable: 0, ...this.listable() });
    });
    if (this.removedByLimit > 0 && this.limit !== undefined) {
      steps.push({ index: steps.length, field: 'limit', label: sourceStrings.stepLimit(this.limit), removed: this.removedByLimit, notComparable: 0, ...this.listable() });
    }
    return steps;
  }

  private listable(): { listable?: true } {
    return this.listing ? { listable: true } : {};
  }

  result(parts: { columns: readonly string[]; rows: PreviewRow[]; warnings: PreviewWarning[]; complete: boolean; recordNoun: RecordNoun; countedBy: string }): PreviewResult {
    return {
      columns: [...parts.columns],
      rows: parts.rows,
      total: this.seen,
      matched: this.keptCount,
      removedPerFilter: this.steps(),
      notComparable: 0,
      warnings: parts.warnings,
      complete: parts.complete,
      selection: true,
      recordNoun: parts.recordNoun,
      countedBy: parts.countedBy,
    };
  }
}
