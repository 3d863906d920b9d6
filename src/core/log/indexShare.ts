/**
 * Indexing one range of a sample set, the part another thread can take: the records, layouts, errors and
 * score columns of samples [from, to), computed exactly as the sequential indexing would, so that the
 * two halves merge into the same result.
 */
import type { ErrorView, SampleLayout } from './logViewTypes';
import type { AggregatorSpec } from './trialsConfig';
import { readSample, SampleStore } from './sampleReading';
import { buildRecord, ColumnRegistry, ColumnSnapshot, SampleRecord } from './sampleRecords';

/** The settings a range is indexed with (the column registry is the range's own, merged afterwards). */
export interface RangeSettings {
  aggregators: readonly AggregatorSpec[];
  primaryScore?: string;
  passK: number;
}

export interface IndexedRange {
  from: number;
  records: SampleRecord[];
  layouts: SampleLayout[];
  maxTrials: number;
  errors: ErrorView[];
  /** Score columns in first-seen order within the range. */
  columns: ColumnSnapshot[];
}

/** Indexes samples [from, to) of `store`, whose element `i - offset` is sample `i` of the set. */
export function indexRange(store: SampleStore, from: number, to: number, settings: RangeSettings, columns: ColumnRegistry, runIndex?: number, offset = 0): IndexedRange {
  const records: SampleRecord[] = [];
  const layouts = new Set<SampleLayout>();
  const errors: ErrorView[] = [];
  let maxTrials = 0;
  const context = { ...settings, columns };
  for (let i = from; i < to; i++) {
    const shape = readSample(store.lite(i - offset), i, runIndex);
    records.push(buildRecord(shape, context));
    layouts.add(shape.layout);
    if (shape.trials.length > maxTrials) maxTrials = shape.trials.length;
    for (const error of shape.errors) errors.push(error);
    for (const trial of shape.trials) for (const error of trial.errors) errors.push(error);
  }
  return { from, records, layouts: [...layouts], maxTrials, errors, columns: columns.snapshot() };
}

/**
 * Something that indexes the tail of a large sample set in parallel: `offer` hands over samples
 * [from, store.count) when it can take them (returns false otherwise); `collect` waits for the result.
 */
export interface IndexSharer {
  offer(store: SampleStore, from: number, settings: RangeSettings, runIndex?: number): boolean;
  /** The range's result, or undefined when the other thread could not index it (the caller then does). */
  collect(): IndexedRange | undefined;
}
