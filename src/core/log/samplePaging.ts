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
    const sorted = query.sort ? sortByKeys(order, this.keysFor(query.sort.column), query.sort.direction === 'desc' ? -1 : 1) : order;
    if (search && search.searched < records.length) return { order: sorted, searched: search.searched };
    this.lastKey = key;
    this.lastOrder = sorted;
    return { order: sorted };
  }

  private metricColumns(metric: { scorerKey?: string; valueKey: string }): string[] {
    if (metric.scorerKey !== undefined) return [columnId(metric.scorerKey, metric.valueKey)];
    return this.scoreColumns.filter((c) => c.valueKey === metric.valueKey).map((c) => c.id);
  }

  private keysFor(column: string): SortKey[] {
    let keys = this.sortKeys.get(column);
    if (keys) return keys;
    const pick = sortKeyPicker(this.set.records, column);
    keys = new Array<SortKey>(this.set.records.length);
    for (let i = 0; i < keys.length; i++) keys[i] = normalise(pick(i));
    this.sortKeys.set(column, keys);
    return keys;
  }

  private row(i: number): SampleRow {
    const record = this.set.records.recordAt(i);
    const data: Record<string, string> = {};
    for (const name of this.dataColumns) {
      const value = record.data[name];
      if (value !== undefined) data[name] = String(value);
    }
    const row: SampleRow = {
      index: record.index,
      sampleId: record.sampleId,
      data,
      scores: record.scores,
      trials: record.trials,
      errorStages: record.errorStages,
      errorCount: record.errorCount,
    };
    if (record.passAtK !== undefined) row.passAtK = record.passAtK;
    if (record.passPowK !== undefined) row.passPowK = record.passPowK;
    return row;
  }
}

function sortKeyPicker(records: SampleRecordColumns, column: string): (i: number) => unknown {
  switch (column) {
    case 'index':
      return (i) => records.indexAt(i);
    case 'sampleId':
      return (i) => records.sampleIdAt(i);
    case 'errors':
      return (i) => records.errorCountAt(i);
    case 'passAtK':
      return (i) => records.passAtKAt(i);
    case 'passPowK':
      return (i) => records.passPowKAt(i);
    default:
      if (column.startsWith('data:')) return records.dataReaderOf(column.slice(5));
      return records.scores.readerOf(column);
  }
}

function normalise(value: unknown): SortKey {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'number') return Number.isNaN(value) ? null : value;
  return String(value).toLowerCase();
}

/** `positions` grouped by key (each group in the order given), and the distinct keys of each kind. */
function groupByKey(positions: readonly number[], keys: readonly SortKey[]): { numbers: Map<number, number[]>; texts: Map<string, number[]>; missing: number[] } {
  const numbers = new Map<number, number[]>();
  const texts = new Map<string, number[]>();
  const missing: number[] = [];
  for (const position of positions) {
    const key = keys[position];
    if (key === null) {
      missing.push(position);
      continue;
    }
    const groups: Map<SortKey, number[]> = typeof key === 'number' ? numbers : texts;
    const group = groups.get(key);
    if (group) group.push(position);
    else groups.set(key, [position]);
  }
  return { numbers, texts, missing };
}

/**
 * `positions` (ascending) in the order of their keys (compareKeys): numbers before text, missing keys last in both
 * directions, equal keys by position. Positions are grouped by key and only the distinct keys are sorted — numbers
 * as numbers, text by UTF-16 code units as `<` compares it (the default sort of strings).
 */
export function sortByKeys(positions: number[], keys: readonly SortKey[], sign: number): number[] {
  const { numbers, texts, missing } = groupByKey(positions, keys);
  const distinctNumbers = Float64Array.from(numbers.keys()).sort();
  const distinctTexts = Array.from(texts.keys()).sort();
  if (sign < 0) {
    distinctNumbers.reverse();
    distinctTexts.reverse();
  }
  const sorted: number[] = [];
  for (const key of distinctNumbers) for (const position of numbers.get(key) as number[]) sorted.push(position);
  for (const key of distinctTexts) for (const position of texts.get(key) as number[]) sorted.push(position);
  for (const position of missing) sorted.push(position);
  return sorted;
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
