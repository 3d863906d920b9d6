/** What the sketches of a table say, as the view and the CLI show it (docs/semantics.md §13). */
import type { ColumnStatistics, ColumnType, HistogramBin, RangeFigures, TopValue, ValueKind } from '../../model/columnStatisticsTypes';
import { emptySketch } from './columnSketch';
import type { ColumnSketch, Primitive, RunningRange } from './columnSketch';
import { estimateDistinct } from './distinctSketch';
import { compareCodePoints } from '../../filters/filterEvaluator';
import type { TableSketch } from './tableSketch';

/** Most frequent values listed per column. */
export const TOP_SHOWN = 10;
/** Bins of a numeric histogram. */
export const HISTOGRAM_BINS = 12;

function figures(range: RunningRange): RangeFigures | undefined {
  return range.count > 0 ? { min: range.min, max: range.max, mean: range.sum / range.count } : undefined;
}

function kindOf(value: Primitive): ValueKind {
  return typeof value === 'string' ? 'text' : typeof value === 'number' ? 'number' : 'boolean';
}

function topValues(counts: Map<Primitive, number>): TopValue[] {
  return [...counts]
    .sort((a, b) => b[1] - a[1] || compareCodePoints(String(a[0]), String(b[0])))
    .slice(0, TOP_SHOWN)
    .map(([value, count]) => ({ value: String(value), kind: kindOf(value), count }));
}

/** Equal-width bins between `min` and `max` over (value, count) pairs; one bin when every value is the same. */
export function histogramOf(pairs: Iterable<[number, number]>, min: number, max: number, bins = HISTOGRAM_BINS): HistogramBin[] {
  if (!Number.isFinite(min) || !Number.isFinite(max)) return [];
  const count = max > min ? bins : 1;
  const width = (max - min) / count;
  const result: HistogramBin[] = [];
  for (let k = 0; k < count; k++) result.push({ from: min + k * width, to: k + 1 === count ? max : min + (k + 1) * width, count: 0 });
  for (const [value, times] of pairs) {
    const k = width > 0 ? Math.min(count - 1, Math.floor((value - min) / width)) : 0;
    if (k >= 0) result[k].count += times;
  }
  return result;
}

function numberPairs(sketch: ColumnSketch): Iterable<[number, number]> {
  if (sketch.exact) return [...sketch.exact].filter((pair): pair is [number, number] => typeof pair[0] === 'number');
  return sketch.sample.map((value) => [value, 1] as [number, number]);
}

function columnType(kinds: { kind: ValueKind; count: number }[]): ColumnType {
  if (kinds.length === 0) return 'empty';
  return kinds.length === 1 ? kinds[0].kind : 'mixed';
}

export function columnStatisticsOf(name: string, sketch: ColumnSketch, rows: number): ColumnStatistics {
  const kinds = (Object.entries(sketch.kinds) as [ValueKind, number][])
    .filter(([, count]) => count > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([kind, count]) => ({ kind, count }));
  const exact = sketch.exact !== undefined;
  const numbers = figures(sketch.numbers);
  const statistics: ColumnStatistics = {
    name,
    type: columnType(kinds),
    kinds,
    count: sketch.present,
    nulls: sketch.nulls,
    missing: rows - sketch.present - sketch.nulls,
    distinct: exact ? (sketch.exact?.size ?? 0) + (sketch.nested?.size ?? 0) : estimateDistinct(sketch.registers as Uint8Array),
    distinctEstimated: !exact,
    top: topValues(sketch.exact ?? sketch.top?.counts ?? new Map()),
    topEstimated: !exact,
    histogramSampled: !exact,
  };
  if (numbers) {
    statistics.numbers = numbers;
    statistics.histogram = histogramOf(numberPairs(sketch), numbers.min, numbers.max);
  }
  const textLengths = figures(sketch.textLengths);
  if (textLengths) statistics.textLengths = textLengths;
  const arrayLengths = figures(sketch.arrayLengths);
  if (arrayLengths) statistics.arrayLengths = arrayLengths;
  return statistics;
}

/** Statistics of every column, in the given order (columns never seen in a kept row are `empty`). */
export function tableStatistics(table: TableSketch, order: readonly string[]): ColumnStatistics[] {
  const names = [...order];
  for (const name of table.columns.keys()) if (!names.includes(name)) names.push(name);
  return names.map((name) => {
    const sketch = table.columns.get(name);
    return sketch ? columnStatisticsOf(name, sketch, table.rows) : columnStatisticsOf(name, emptySketch(), table.rows);
  });
}

