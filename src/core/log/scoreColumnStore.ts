import type { ScoreScalar } from './logValue';
import type { NumericReading } from './numericReading';
import { GrowableArray, InternTable } from './growableArrays';
import { completeReading } from './numericReading';

/** How a score value is held: its state byte (0: absent), and a number (the value, a pooled text's number, or unused). */
const NUMBER = 1;
const TRUE = 2;
const FALSE = 3;
const NULL = 4;
const TEXT = 5;

/** Texts are interned while there are few distinct ones (score labels); past this they are only pooled. */
const MAX_INTERNED_TEXTS = 65536;

interface ScoreColumnValues {
  values: GrowableArray<Float64Array>;
  states: GrowableArray<Uint8Array>;
}

/**
 * The effective scores of every sample of a set, one column per score column id: a Float64Array of values and
 * a state byte (absent, number, true, false, null, text). Each sample also keeps which of its columns it has,
 * in the order its record listed them (one interned list per distinct order), so the record comes back as
 * it was built (docs/semantics.md §8).
 */
export class ScoreColumnStore {
  private readonly columnIndex = new Map<string, number>();
  private readonly columnIds: string[] = [];
  private readonly columns: ScoreColumnValues[] = [];
  private readonly orders = new InternTable<number[]>((order) => order.join(','));
  /** Per sample, its order's number; sparse: written only when not 0 (the first order seen), as most samples share it. */
  private readonly orderOf = new GrowableArray(Int32Array);
  private lastOrder: { order: number[]; id: number } | undefined;
  /** Per order's number, the template scoresAt copies (made when first read). */
  private readonly templates: (Record<string, ScoreScalar> | undefined)[] = [];
  private readonly texts: string[] = [];
  private readonly textIds = new Map<string, number>();
  count = 0;

  /** `capacity`: the samples each column makes room for at once. */
  constructor(private readonly capacity = 1024) {}

  private columnFor(id: string): number {
    let at = this.columnIndex.get(id);
    if (at === undefined) {
      at = this.columns.length;
      this.columnIndex.set(id, at);
      this.columnIds.push(id);
      this.columns.push({ values: new GrowableArray(Float64Array, this.capacity, NaN), states: new GrowableArray(Uint8Array, this.capacity) });
    }
    return at;
  }

  private textId(text: string): number {
    const known = this.textIds.get(text);
    if (known !== undefined) return known;
    const id = this.texts.length;
    this.texts.push(text);
    if (this.textIds.size < MAX_INTERNED_TEXTS) this.textIds.set(text, id);
    return id;
  }

  /** Appends the scores of the next sample. */
  push(scores: Readonly<Record<string, ScoreScalar>>): void {
    const sample = this.count++;
    const order: number[] = [];
    for (const id in scores) {
      const value = scores[id];
      const at = this.columnFor(id);
      order.push(at);
      const column = this.columns[at];
      if (typeof value === 'number') {
        column.states.set(sample, NUMBER);
        column.values.set(sample, value);
      } else if (typeof value === 'boolean') column.states.set(sample, value ? TRUE : FALSE);
      else if (typeof value === 'string') {
        column.states.set(sample, TEXT);
        column.values.set(sample, this.textId(value));
      } else column.states.set(sample, NULL);
    }
    const orderId = this.orderIdOf(order);
    if (orderId !== 0) this.orderOf.set(sample, orderId);
  }

  /** The number of `order`; a sample with the same columns in the same order as the one before reuses its number. */
  private orderIdOf(order: number[]): number {
    const last = this.lastOrder;
    if (last && last.order.length === order.length && order.every((at, k) => at === last.order[k])) return last.id;
    const id = this.orders.idOf(order);
    this.lastOrder = { order, id };
    return id;
  }

  private valueIn(column: ScoreColumnValues, sample: number): ScoreScalar | undefined {
    switch (column.states.get(sample)) {
      case NUMBER:
        return column.values.get(sample);
      case TRUE:
        return true;
      case FALSE:
        return false;
      case NULL:
        return null;
      case TEXT:
        return this.texts[column.values.get(sample)];
      default:
        return undefined;
    }
  }

  /** The value of column `id` for sample `i` (undefined where the sample has none). */
  valueAt(i: number, id: string): ScoreScalar | undefined {
    const at = this.columnIndex.get(id);
    return at === undefined ? undefined : this.valueIn(this.columns[at], i);
  }

  /** Whether sample `i` has a number in column `id` (its value is then `numberAt`). */
  numberAt(i: number, id: string): number | undefined {
    const at = this.columnIndex.get(id);
    if (at === undefined || this.columns[at].states.get(i) !== NUMBER) return undefined;
    return this.columns[at].values.get(i);
  }

  /** The scores of sample `i`, as its record had them (same keys, same order). */
  scoresAt(i: number): Record<string, ScoreScalar> {
    const orderId = this.orderOf.get(i);
    const order = this.orders.values[orderId];
    if (!order) return {};
    // A copy of the order's template takes its keys at once; each value is then written over a key it has.
    const scores = { ...(this.templates[orderId] ??= this.templateOf(order)) };
    for (let k = 0; k < order.length; k++) {
      const at = order[k];
      scores[this.columnIds[at]] = this.valueIn(this.columns[at], i) as ScoreScalar;
    }
    return scores;
  }

  /** An object with the columns of `order` as keys, in that order (values null). */
  private templateOf(order: readonly number[]): Record<string, ScoreScalar> {
    const template: Record<string, ScoreScalar> = {};
    for (const at of order) template[this.columnIds[at]] = null;
    return template;
  }

  /**
   * Every sample's sort key in column `id`, as samplePaging.ts orders them: a number as it is (NaN: none), true 1,
   * false 0, a text by `textKey` (once per distinct text), null where absent or null. Read from the column's arrays
   * in one pass, with no value made first.
   */
  sortKeysOf(id: string, textKey: (text: string) => string): (number | string | null)[] {
    const keys = new Array<number | string | null>(this.count).fill(null);
    const at = this.columnIndex.get(id);
    if (at === undefined) return keys;
    const states = this.columns[at].states.view();
    const numbers = this.columns[at].values.view();
    const textKeys: string[] = [];
    for (let i = 0; i < states.length; i++) {
      const state = states[i];
      if (state === NUMBER) {
        const value = numbers[i];
        if (!Number.isNaN(value)) keys[i] = value;
      } else if (state === TRUE) keys[i] = 1;
      else if (state === FALSE) keys[i] = 0;
      else if (state === TEXT) keys[i] = textKeys[numbers[i]] ??= textKey(this.texts[numbers[i]]);
    }
    return keys;
  }

  /**
   * Every sample's value of column `id` (undefined where absent), read from the column's arrays directly: this runs
   * once per column when a summary is made, before the code is optimized, where a call per value shows.
   */
  valuesOf(id: string): (ScoreScalar | undefined)[] {
    const at = this.columnIndex.get(id);
    const values: (ScoreScalar | undefined)[] = new Array(this.count).fill(undefined);
    if (at === undefined) return values;
    // The written part of each array: slots past it are absent (state 0).
    const states = this.columns[at].states.view();
    const numbers = this.columns[at].values.view();
    for (let i = 0; i < states.length; i++) {
      const state = states[i];
      if (state === NUMBER) values[i] = numbers[i];
      else if (state === TEXT) values[i] = this.texts[numbers[i]];
      else if (state !== 0) values[i] = state === TRUE ? true : state === FALSE ? false : null;
    }
    return values;
  }

  /**
   * Column `id` read as numbers (numericReadingOf over valuesOf, without making the values): a summary reads each
   * score column this way before the code is optimized, where a value made or a call per sample shows.
   */
  numericReadingOf(id: string): NumericReading {
    const at = this.columnIndex.get(id);
    if (at === undefined) return completeReading(new Float64Array(0), 0, 0, true);
    const states = this.columns[at].states.view();
    const values = this.columns[at].values.view();
    const buffer = new Float64Array(states.length);
    let present = 0;
    let count = 0;
    let allNumeric = true;
    for (let i = 0; i < states.length; i++) {
      const state = states[i];
      if (state === 0 || state === NULL) continue;
      present++;
      if (state === TRUE) buffer[count++] = 1;
      else if (state === FALSE) buffer[count++] = 0;
      else if (state === NUMBER && Number.isFinite(values[i])) buffer[count++] = values[i];
      else allNumeric = false;
    }
    return completeReading(buffer, count, present, allNumeric);
  }

  trim(): void {
    this.orderOf.trim();
    for (const column of this.columns) {
      column.values.trim(this.count);
      column.states.trim(this.count);
    }
  }
}
