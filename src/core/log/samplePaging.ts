import type { SamplePage, SampleQuery, SampleRow, ScoreColumn } from '../model/logViewTypes';
import type { SampleRecordColumns } from './sampleRecordColumns';
import type { SearchIndex } from './searchIndex';
import { columnId } from './sampleRecords';
import { isPass, toNumeric } from './logValue';

/** The indexed samples of one set (top level or one run). */
export interface SampleSet {
  records: SampleRecordColumns;
  search: SearchIndex;
}

export type SortKey = number | string | null;

/** How long a page request may spend building search texts before it answers with the samples searched so far. */
export const SEARCH_BUDGET_MS = 20;

/**
 * Serves pages of a sample set: filters, sorts (keys precomputed per column) and keeps the last filtered
 * ordering so that paging through one result costs only the slice.
 */
export class SamplePager {
  private readonly sortKeys = new Map<string, SortKey[]>();
  private lastKey: string | undefined;
  private lastOrder: number[] = [];

  constructor(
    private readonly set: SampleSet,
    private readonly scoreColumns: readonly ScoreColumn[],
    private readonly dataColumns: readonly string[],
  ) {}

  page(query: SampleQuery, generation: number): SamplePage {
    const { order, searched } = this.ordering(query);
    const offset = Math.max(0, Math.min(query.offset, order.length));
    const limit = Math.max(0, query.limit);
    const rows = order.slice(offset, offset + limit).map((i) => this.row(i));
    const page: SamplePage = { generation, total: order.length, offset, rows };
    if (searched !== undefined) page.searching = { searched, total: this.set.records.length };
    if (query.locate !== undefined) page.located = order.findIndex((i) => this.set.records.indexAt(i) === query.locate);
    return page;
  }

  /**
   * The positions of the samples that pass the query's filters, in its sort order. While the search texts
   * are being built, a search covers the first `searched` samples only (and the ordering is not kept).
   */
  ordering(query: SampleQuery): { order: number[]; searched?: number } {
    const key = JSON.stringify([query.sort, query.search, query.scoreFilter, query.errorStage, query.metric]);
    if (key === this.lastKey) return { order: this.lastOrder };
    const records = this.set.records;
    const search = query.search && query.search.trim() ? this.set.search.matches(query.search.trim(), SEARCH_BUDGET_MS) : undefined;
    const matchesSearch = search?.found;
    const keepScore = query.scoreFilter ? scoreFilter(records, query.scoreFilter.column, query.scoreFilter.value) : undefined;
    const metricColumns = query.metric ? this.metricColumns(query.metric) : undefined;
    const stage = query.errorStage;
    const order: number[] = [];
    for (let i = 0; i < records.length; i++) {
      if (matchesSearch && !matchesSearch.has(i)) continue;
      if (stage && (stage === 'any' ? records.errorCountAt(i) === 0 : !records.errorStagesAt(i).includes(stage))) continue;
      if (keepScore && !keepScore(i)) continue;
      if (metricColumns && !metricColumns.some((c) => records.scoreAt(i, c) !== null && records.scoreAt(i, c) !== undefined)) continue;
      order.push(i);
    }
    const sorted = query.sort ? sortByKeys(order, this.keysOf(query.sort.column, order), query.sort.direction === 'desc' ? -1 : 1) : order;
    if (search && search.searched < records.length) return { order: sorted, searched: search.searched };
    this.lastKey = key;
    this.lastOrder = sorted;
    return { order: sorted };
  }

  private metricColumns(metric: { scorerKey?: string; valueKey: string }): string[] {
    if (metric.scorerKey !== undefined) return [columnId(metric.scorerKey, metric.valueKey)];
    return this.scoreColumns.filter((c) => c.valueKey === metric.valueKey).map((c) => c.id);
  }

  /**
   * The sort keys of `positions` in `column`: the column's keys for every sample (made once, then kept), or, while
   * they are not made and a filter or search kept few samples, only the keys of those (made for this sort alone).
   */
  private keysOf(column: string, positions: readonly number[]): readonly SortKey[] {
    const records = this.set.records;
    if (this.sortKeys.has(column) || positions.length * FEW_SORTED >= records.length) return this.keysFor(column);
    const pick = isScoreColumn(column) ? (i: number) => records.scoreAt(i, column) : sortKeyPicker(records, column);
    const keys = new Array<SortKey>(records.length);
    for (const position of positions) keys[position] = normalise(pick(position));
    return keys;
  }

  private keysFor(column: string): SortKey[] {
    let keys = this.sortKeys.get(column);
    if (keys) return keys;
    if (column === 'sampleId') {
      // All the ids at once, in one pass over the id pool, text ids already lower-cased as normalise does.
      const ids = this.set.records.allSampleIds(true);
      keys = new Array<SortKey>(ids.length);
      for (let i = 0; i < keys.length; i++) {
        const id = ids[i];
        keys[i] = typeof id === 'string' ? id : normalise(id);
      }
    } else if (isScoreColumn(column)) {
      // A score column's keys at once, read from its arrays in one pass (as normalise makes them).
      keys = this.set.records.scores.sortKeysOf(column, lowerCased);
    } else {
      const pick = sortKeyPicker(this.set.records, column);
      keys = new Array<SortKey>(this.set.records.length);
      for (let i = 0; i < keys.length; i++) keys[i] = normalise(pick(i));
    }
    this.sortKeys.set(column, keys);
    return keys;
  }

  private row(i: number): SampleRow {
    return this.set.records.rowAt(i, this.dataColumns);
  }
}

/** Samples kept by a filter or search count as few below one in this many: their keys alone are made to sort them. */
const FEW_SORTED = 8;

/** The columns of a row that are not scores: its id, index, error count, pass rates, and data fields (`data:NAME`). */
const ROW_FIELD_COLUMNS: ReadonlySet<string> = new Set(['sampleId', 'index', 'errors', 'passAtK', 'passPowK']);

/** Whether a sort column names a score column (by its id) rather than another field of a row. */
function isScoreColumn(column: string): boolean {
  return !ROW_FIELD_COLUMNS.has(column) && !column.startsWith('data:');
}

/** Reads the sort value of a column that is not a score column, sample by sample. */
function sortKeyPicker(records: SampleRecordColumns, column: string): (i: number) => unknown {
  switch (column) {
    case 'sampleId':
      return (i) => records.sampleIdAt(i);
    case 'index':
      return (i) => records.indexAt(i);
    case 'errors':
      return (i) => records.errorCountAt(i);
    case 'passAtK':
      return (i) => records.passAtKAt(i);
    case 'passPowK':
      return (i) => records.passPowKAt(i);
    default:
      return records.dataReaderOf(column.slice(5));
  }
}

/** A value as the key it sorts by: text compared lower-cased, booleans as 1 and 0, nothing and NaN as missing. */
function normalise(value: unknown): SortKey {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'number') return Number.isNaN(value) ? null : value;
  return lowerCased(String(value));
}

function lowerCased(text: string): string {
  return text.toLowerCase();
}

/** Distinct number keys grouped in the first pass; a column with more (ids, continuous values) is sorted apart. */
const MAX_GROUPS = 1024;

/**
 * `positions` (ascending) in the order of their keys (compareKeys): numbers before text, missing keys last in both
 * directions, equal keys by position. Number keys are grouped by key as they are met and the distinct keys sorted
 * (scores have few); past MAX_GROUPS distinct keys the numbers are sorted by sortManyNumbers instead. Texts are
 * sorted by UTF-16 code units, as `<` compares them (appendTexts).
 */
export function sortByKeys(positions: number[], keys: readonly SortKey[], sign: number): number[] {
  const groups = new Map<number, number[]>();
  const texts: number[] = [];
  const missing: number[] = [];
  for (const position of positions) {
    const key = keys[position];
    if (key === null) {
      missing.push(position);
    } else if (typeof key === 'number') {
      const group = groups.get(key);
      if (group) group.push(position);
      else if (groups.size < MAX_GROUPS) groups.set(key, [position]);
      else return sortManyNumbers(positions, keys, sign);
    } else {
      texts.push(position);
    }
  }
  const sorted: number[] = [];
  appendGroups(sorted, groups, sign);
  return appendRest(sorted, texts, missing, keys, sign);
}

/**
 * sortByKeys for number keys of many distinct values: integers of 32 bits packed with their positions and sorted
 * natively (appendIntegers), other numbers grouped by key (appendByKey).
 */
function sortManyNumbers(positions: readonly number[], keys: readonly SortKey[], sign: number): number[] {
  const numbers: number[] = [];
  const texts: number[] = [];
  const missing: number[] = [];
  for (const position of positions) {
    const key = keys[position];
    if (key === null) missing.push(position);
    else if (typeof key === 'number') numbers.push(position);
    else texts.push(position);
  }
  const sorted: number[] = [];
  if (!appendIntegers(sorted, numbers, keys, sign)) appendByKey(sorted, numbers, keys, sign);
  return appendRest(sorted, texts, missing, keys, sign);
}

/** `out` with the text keys' positions (appendTexts), then the missing keys' positions, appended. */
function appendRest(out: number[], texts: readonly number[], missing: readonly number[], keys: readonly SortKey[], sign: number): number[] {
  appendTexts(out, texts, keys, sign);
  for (const position of missing) out.push(position);
  return out;
}

/** Positions below this, and integer keys from −2^31 to below 2^31, fit one double together exactly (2^53). */
const POSITION_RANGE = 2 ** 21;
const KEY_OFFSET = 2 ** 31;

/**
 * The common case of many distinct number keys (sample ids, counts): when every key is an integer of 32 bits, each
 * key and its position are packed into one double and sorted natively, with no comparison in JavaScript. False
 * (nothing appended) otherwise.
 */
function appendIntegers(out: number[], positions: readonly number[], keys: readonly SortKey[], sign: number): boolean {
  const size = positions.length;
  if (size > 0 && positions[size - 1] >= POSITION_RANGE) return false;
  const packed = new Float64Array(size);
  for (let i = 0; i < size; i++) {
    const key = (keys[positions[i]] as number) + KEY_OFFSET;
    if (!Number.isInteger(key) || key < 0 || key >= 2 * KEY_OFFSET) return false;
    packed[i] = key * POSITION_RANGE + positions[i];
  }
  packed.sort();
  if (sign > 0) {
    for (let i = 0; i < size; i++) out.push(packed[i] % POSITION_RANGE);
    return true;
  }
  // Descending keys, equal keys still by position: runs of one key from the end, each read forwards.
  for (let end = size; end > 0; ) {
    const key = Math.floor(packed[end - 1] / POSITION_RANGE);
    let start = end - 1;
    while (start > 0 && Math.floor(packed[start - 1] / POSITION_RANGE) === key) start--;
    for (let i = start; i < end; i++) out.push(packed[i] % POSITION_RANGE);
    end = start;
  }
  return true;
}

/** Appends the positions of number keys grouped by key, each group's positions in the order given (appendGroups). */
function appendByKey(out: number[], positions: readonly number[], keys: readonly SortKey[], sign: number): void {
  const groups = new Map<number, number[]>();
  for (const position of positions) {
    const key = keys[position] as number;
    const group = groups.get(key);
    if (group) group.push(position);
    else groups.set(key, [position]);
  }
  appendGroups(out, groups, sign);
}

/** Appends each group's positions, the groups in the order of their keys (descending when `sign` < 0). */
function appendGroups(out: number[], groups: ReadonlyMap<number, readonly number[]>, sign: number): void {
  const distinct = new Float64Array(groups.size);
  let at = 0;
  for (const key of groups.keys()) distinct[at++] = key;
  distinct.sort();
  if (sign < 0) distinct.reverse();
  for (const key of distinct) for (const position of groups.get(key) ?? []) out.push(position);
}

/**
 * Appends the positions of text keys in the order of their keys (by UTF-16 code units, as `<` compares them), equal
 * keys by position: one sort of the positions with the keys compared in place.
 */
function appendTexts(out: number[], positions: readonly number[], keys: readonly SortKey[], sign: number): void {
  const sorted = positions.slice().sort((a, b) => {
    const x = keys[a] as string;
    const y = keys[b] as string;
    return x < y ? -sign : x > y ? sign : a - b;
  });
  for (const position of sorted) out.push(position);
}

/** Missing values last in both directions; numbers before text. */
export function compareKeys(a: SortKey, b: SortKey, sign: number): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  if (typeof a === 'number' && typeof b === 'number') return (a - b) * sign;
  if (typeof a === 'number') return -1;
  if (typeof b === 'number') return 1;
  return (a < b ? -1 : 1) * sign;
}

function scoreFilter(records: SampleRecordColumns, column: string, wanted: string | number | boolean): (i: number) => boolean {
  if (wanted === 'pass') return (i) => isPass(records.scoreAt(i, column));
  if (wanted === 'fail') return (i) => {
    const value = records.scoreAt(i, column);
    return value === false || value === 0;
  };
  const wantedNumber = toNumeric(wanted);
  return (i) => {
    const value = records.scoreAt(i, column);
    if (value === null || value === undefined) return false;
    if (wantedNumber !== undefined && typeof wanted !== 'string') return toNumeric(value) === wantedNumber;
    return String(value) === String(wanted);
  };
}
