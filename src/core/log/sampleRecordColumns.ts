import type { SampleLayout, SampleRow, TrialCell } from '../model/logViewTypes';
import type { ScoreScalar } from './logValue';
import type { AggregatedValue } from './trialAggregation';
import { GrowableArray, InternTable } from './growableArrays';
import { SampleIdPool } from './sampleIdPool';
import { ScoreColumnStore } from './scoreColumnStore';
import { NO_DATA_PREVIEW, RecordList, SampleRecord } from './sampleRecords';

const OUTCOMES: readonly TrialCell['outcome'][] = ['pass', 'fail', 'error', 'unknown'];
const OUTCOME_CODE: Readonly<Record<string, number>> = { pass: 0, fail: 1, error: 2, unknown: 3 };
const NO_TRIALS = Object.freeze([]) as unknown as TrialCell[];
const HAS_PASS_AT_K = 1;
const HAS_PASS_POW_K = 2;
/** The first length of a per-sample column when the number of samples is not known. */
const CAPACITY = 1024;

/** Trials of an index below this share one frozen cell per outcome across rows and records (a page makes no new ones). */
const SHARED_CELL_INDEXES = 256;
const sharedCells: TrialCell[] = [];

/** The cell of a trial of `index` with outcome code `code` (OUTCOMES). */
function trialCell(index: number, code: number): TrialCell {
  if (index < 0 || index >= SHARED_CELL_INDEXES) return { index, outcome: OUTCOMES[code] };
  const at = index * OUTCOMES.length + code;
  return (sharedCells[at] ??= Object.freeze({ index, outcome: OUTCOMES[code] }) as TrialCell);
}

type DataPreview = SampleRecord['data'];

/** Whether `data` has a field of its own (Object.keys without making the list). */
function hasField(data: DataPreview): boolean {
  for (const key in data) if (Object.prototype.hasOwnProperty.call(data, key)) return true;
  return false;
}

/**
 * The compact records of one sample set kept in columns rather than one object per sample: ids in a pool of
 * flat strings, scores as typed arrays (scoreColumnStore.ts), trials as one byte and one number each, error
 * stages and layouts as small numbers into interned tables, data previews only where a sample has any.
 * `recordAt(i)` builds the record of sample `i` as it was added; a page builds only the records it shows.
 */
export class SampleRecordColumns implements RecordList {
  private readonly ids: SampleIdPool;
  readonly scores: ScoreColumnStore;
  private readonly layouts = new InternTable<SampleLayout>((layout) => layout);
  /*
   * The per-sample columns below are sparse: a slot is written only when it is not 0, and slots past the
   * last written read as 0 (GrowableArray.get). A log whose samples all have the first layout seen, no
   * trials, no errors and no pass rates holds none of them.
   */
  private readonly layoutOf = new GrowableArray(Uint8Array);
  private readonly trialEnds = new GrowableArray(Int32Array);
  private readonly trialIndexes = new GrowableArray(Float64Array);
  private readonly outcomes = new GrowableArray(Uint8Array);
  private readonly stageLists = new InternTable<string[]>((stages) => JSON.stringify(stages));
  private noStagesId: number | undefined;
  private readonly stagesOf = new GrowableArray(Int32Array);
  private readonly errorCounts = new GrowableArray(Int32Array);
  private readonly passFlags = new GrowableArray(Uint8Array);
  private readonly passAtK = new GrowableArray(Float64Array);
  private readonly passPowK = new GrowableArray(Float64Array);
  /**
   * Data previews of the samples that have any, at their positions (holes elsewhere; all fields until
   * `keepDataColumns`): setting an array slot costs a fraction of a Map entry, which showed in the time to summary.
   */
  private previews: (DataPreview | undefined)[] = [];
  private previewCount = 0;
  /** After `keepDataColumns`: per kept field, each sample's value. */
  private dataColumns?: { name: string; values: (string | number | boolean | undefined)[] }[];
  private readonly collisions = new Map<number, Record<string, AggregatedValue[]>>();
  /** Each sample's checks at its position (holes where it has none): most samples with trials have some. */
  private readonly checks: SampleRecord['checks'][] = [];
  /** Records whose `index` is not their position (kept aside). */
  private readonly otherIndexes = new Map<number, number>();
  private collided = false;

  /** `expected`: how many records will be added, when known (the columns are then made that long at once, not grown). */
  constructor(expected = 0) {
    const capacity = Math.max(CAPACITY, expected);
    this.ids = new SampleIdPool(capacity);
    this.scores = new ScoreColumnStore(capacity);
  }

  /** Writes a sparse column's slot `at` (see above). */
  private static setSparse(column: GrowableArray<Int32Array | Uint8Array>, at: number, value: number): void {
    if (value !== 0) column.set(at, value);
  }

  get length(): number {
    return this.ids.count;
  }

  /** Appends the record of the next sample. */
  add(record: SampleRecord): void {
    const at = this.length;
    if (record.index !== at) this.otherIndexes.set(at, record.index);
    this.ids.push(record.sampleId);
    SampleRecordColumns.setSparse(this.layoutOf, at, this.layouts.idOf(record.layout));
    this.scores.push(record.scores);
    for (const trial of record.trials) {
      this.trialIndexes.push(trial.index);
      this.outcomes.push(OUTCOME_CODE[trial.outcome] ?? OUTCOME_CODE.unknown);
    }
    SampleRecordColumns.setSparse(this.trialEnds, at, this.outcomes.length);
    const stages = record.errorStages;
    // Most samples have no error stage: their list's number is looked up once.
    const stagesId = stages.length === 0 ? (this.noStagesId ??= this.stageLists.idOf(stages)) : this.stageLists.idOf(stages);
    SampleRecordColumns.setSparse(this.stagesOf, at, stagesId);
    SampleRecordColumns.setSparse(this.errorCounts, at, record.errorCount);
    this.addPassRates(at, record);
    if (record.data !== NO_DATA_PREVIEW && hasField(record.data)) {
      this.previews[at] = record.data;
      this.previewCount++;
    }
    if (record.collisions) {
      this.collisions.set(at, record.collisions);
      this.collided = true;
    }
    if (record.checks) this.checks[at] = record.checks;
  }

  private addPassRates(at: number, record: SampleRecord): void {
    let flags = 0;
    if (record.passAtK !== undefined) {
      flags |= HAS_PASS_AT_K;
      this.passAtK.set(at, record.passAtK);
    }
    if (record.passPowK !== undefined) {
      flags |= HAS_PASS_POW_K;
      this.passPowK.set(at, record.passPowK);
    }
    SampleRecordColumns.setSparse(this.passFlags, at, flags);
  }

  /**
   * What a record and a page's row hold of sample `i`, in their order up to `data` (a record's preview, a row's texts):
   * one object literal, which a page of rows builds much faster than one assigned onto another.
   */
  private fieldsAt<D>(i: number, data: D): Omit<SampleRow, 'data'> & { data: D } {
    return {
      index: this.indexAt(i),
      sampleId: this.sampleIdAt(i),
      scores: this.scores.scoresAt(i),
      trials: this.trialsAt(i),
      errorStages: this.errorStagesAt(i),
      errorCount: this.errorCountAt(i),
      data,
    };
  }

  /** Sample `i`'s pass rates copied onto `target` where it has them (after its data, as a record has them). */
  private copyPassRatesTo(target: { passAtK?: number; passPowK?: number }, i: number): void {
    const flags = this.passFlags.get(i);
    if (flags & HAS_PASS_AT_K) target.passAtK = this.passAtK.get(i);
    if (flags & HAS_PASS_POW_K) target.passPowK = this.passPowK.get(i);
  }

  /** The record of sample `i`, as it was added, keys in the same order (its data preview pruned to the kept fields). */
  recordAt(i: number): SampleRecord {
    const record: SampleRecord = { ...this.fieldsAt(i, this.dataAt(i)), layout: this.layouts.values[this.layoutOf.get(i)] };
    this.copyPassRatesTo(record, i);
    const collisions = this.collisions.get(i);
    if (collisions) record.collisions = collisions;
    const checks = this.checks[i];
    if (checks) record.checks = checks;
    return record;
  }

  /** The row of sample `i` on a page, its data fields `names` as text (dataTextsAt); no whole record is built. */
  rowAt(i: number, names: readonly string[]): SampleRow {
    const row: SampleRow = this.fieldsAt(i, this.dataTextsAt(i, names));
    this.copyPassRatesTo(row, i);
    return row;
  }

  indexAt(i: number): number {
    return this.otherIndexes.size === 0 ? i : this.otherIndexes.get(i) ?? i;
  }

  sampleIdAt(i: number): string | number {
    return this.ids.idAt(i);
  }

  /** Every sample id, as sampleIdAt gives each; `lowerCase`: text ids lower-cased (SampleIdPool.allIds). */
  allSampleIds(lowerCase = false): (string | number)[] {
    return this.ids.allIds(lowerCase);
  }

  /** Every sample id as text in one string, and where each ends (compare/sampleIds.ts). */
  joinedIds(): { text: string; ends: Int32Array } {
    return this.ids.joined();
  }

  scoreAt(i: number, columnId: string): ScoreScalar | undefined {
    return this.scores.valueAt(i, columnId);
  }

  trialsAt(i: number): TrialCell[] {
    const start = i === 0 ? 0 : this.trialEnds.get(i - 1);
    const end = this.trialEnds.get(i);
    if (end === start) return NO_TRIALS;
    const trials: TrialCell[] = new Array(end - start);
    for (let k = start; k < end; k++) trials[k - start] = trialCell(this.trialIndexes.get(k), this.outcomes.get(k));
    return trials;
  }

  /** Where the trials of sample `i` end in `trialOutcomeCodes()` (cumulative). */
  trialEndAt(i: number): number {
    return this.trialEnds.get(i);
  }

  /** Every trial's outcome as one byte (pass 0, fail 1, error 2, unknown 3), sample after sample. */
  trialOutcomeCodes(): Uint8Array {
    return this.outcomes.view();
  }

  errorStagesAt(i: number): string[] {
    return this.stageLists.values[this.stagesOf.get(i)];
  }

  errorCountAt(i: number): number {
    return this.errorCounts.get(i);
  }

  passAtKAt(i: number): number | undefined {
    return this.passFlags.get(i) & HAS_PASS_AT_K ? this.passAtK.get(i) : undefined;
  }

  passPowKAt(i: number): number | undefined {
    return this.passFlags.get(i) & HAS_PASS_POW_K ? this.passPowK.get(i) : undefined;
  }

  dataAt(i: number): DataPreview {
    if (!this.dataColumns) return this.previews[i] ?? NO_DATA_PREVIEW;
    let data: DataPreview | undefined;
    for (const column of this.dataColumns) {
      const value = column.values[i];
      if (value !== undefined) (data ??= {})[column.name] = value;
    }
    return data ?? NO_DATA_PREVIEW;
  }

  /**
   * The fields `names` of sample `i`'s data preview as text (what a page's row shows), in the kept columns' order once
   * there are kept columns (a pager's `names` are those columns): read from the columns directly, without the preview
   * object dataAt builds.
   */
  dataTextsAt(i: number, names: readonly string[]): Record<string, string> {
    const texts: Record<string, string> = {};
    if (this.dataColumns) {
      for (const column of this.dataColumns) {
        const value = column.values[i];
        if (value !== undefined && names.includes(column.name)) texts[column.name] = String(value);
      }
      return texts;
    }
    const preview = this.previews[i];
    if (!preview) return texts;
    // Own fields only: a field named `constructor` is not read from a preview that lacks it.
    for (const name of names) if (Object.prototype.hasOwnProperty.call(preview, name) && preview[name] !== undefined) texts[name] = String(preview[name]);
    return texts;
  }

  /** The value of data field `name` in the preview of sample `i`. */
  dataValueAt(i: number, name: string): string | number | boolean | undefined {
    if (!this.dataColumns) {
      const preview = this.previews[i];
      return preview && Object.prototype.hasOwnProperty.call(preview, name) ? preview[name] : undefined;
    }
    return this.dataColumns.find((c) => c.name === name)?.values[i];
  }

  /** Reads data field `name` sample by sample, its column looked up once. */
  dataReaderOf(name: string): (i: number) => string | number | boolean | undefined {
    const column = this.dataColumns?.find((c) => c.name === name);
    if (column) return (i) => column.values[i];
    return (i) => this.dataValueAt(i, name);
  }

  get hasCollisions(): boolean {
    return this.collided;
  }

  collisionsAt(i: number): Record<string, AggregatedValue[]> | undefined {
    return this.collisions.get(i);
  }

  checksAt(i: number): SampleRecord['checks'] {
    return this.checks[i];
  }

  /** Keeps only the chosen fields of the data previews, each as one column. */
  keepDataColumns(keep: readonly string[]): void {
    const columns = keep.map((name) => ({ name, values: new Array<string | number | boolean | undefined>(this.previewCount ? this.length : 0) }));
    // forEach visits the samples that have a preview only (it skips holes).
    this.previews.forEach((preview, i) => {
      // Own fields only: a field named `constructor` is not read from a preview that lacks it.
      if (preview) for (const column of columns) if (Object.prototype.hasOwnProperty.call(preview, column.name) && preview[column.name] !== undefined) column.values[i] = preview[column.name];
    });
    this.dataColumns = columns.filter((c) => c.values.some((v) => v !== undefined));
    this.previews = [];
    this.previewCount = 0;
  }

  /** Releases spare capacity once every sample is added. */
  trim(): void {
    this.ids.trim();
    this.scores.trim();
    for (const column of [this.layoutOf, this.trialEnds, this.stagesOf, this.errorCounts, this.passFlags, this.trialIndexes, this.outcomes, this.passAtK, this.passPowK]) column.trim();
  }

  /** The columns of records given as objects (tests, and sets built elsewhere). */
  static of(records: readonly SampleRecord[]): SampleRecordColumns {
    const columns = new SampleRecordColumns();
    for (const record of records) columns.add(record);
    return columns;
  }
}
