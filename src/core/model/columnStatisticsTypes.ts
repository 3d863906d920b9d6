/**
 * Statistics of the columns of a preview's kept rows, as the host sends them to the preview webview and the CLI
 * prints them (docs/semantics.md §13). Plain JSON-serialisable data only.
 */

/** The JSON kind of a value; `text` for strings. */
export type ValueKind = 'text' | 'number' | 'boolean' | 'object' | 'array';

/** A column's inferred type: the one kind of its values, `mixed` for several, `empty` when every value is null or missing. */
export type ColumnType = ValueKind | 'mixed' | 'empty';

export interface RangeFigures {
  min: number;
  max: number;
  mean: number;
}

export interface TopValue {
  /** The value as text (numbers and booleans as their JSON text). */
  value: string;
  kind: ValueKind;
  count: number;
}

export interface HistogramBin {
  /** Lower edge (inclusive); the last bin also includes its upper edge. */
  from: number;
  to: number;
  count: number;
}

export interface ColumnStatistics {
  name: string;
  type: ColumnType;
  /** Values of each kind, largest first (more than one for a mixed column). */
  kinds: { kind: ValueKind; count: number }[];
  /** Values present and not null. */
  count: number;
  /** Values that are null. */
  nulls: number;
  /** Rows without this column. */
  missing: number;
  distinct: number;
  /** `distinct` is an estimate (more distinct values than are counted exactly). */
  distinctEstimated: boolean;
  numbers?: RangeFigures;
  /** Lengths of text values, in characters (UTF-16 code units). */
  textLengths?: RangeFigures;
  /** Items of array values. */
  arrayLengths?: RangeFigures;
  /** The most frequent values (not for objects and arrays), most frequent first. */
  top: TopValue[];
  /** The counts of `top` are estimates, never below the true counts (too many distinct values to count each). */
  topEstimated: boolean;
  /** Numbers in equal-width bins between min and max. */
  histogram?: HistogramBin[];
  /** The histogram is drawn from a uniform sample of the numbers. */
  histogramSampled: boolean;
}

export interface ColumnStatisticsResult {
  /** Kept rows the statistics are over. */
  rows: number;
  columns: ColumnStatistics[];
  /** False when the pass was cancelled or stopped early: the figures cover only part of the kept rows. */
  complete: boolean;
}
