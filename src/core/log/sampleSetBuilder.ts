import type { ErrorView, SampleLayout } from './logViewTypes';
import type { AggregatorSpec } from './trialsConfig';
import { readSample, SampleShape, SampleStore } from './sampleReading';
import { buildRecord, ColumnRegistry, pickPrimaryScore, SampleRecord } from './sampleRecords';
import { SearchIndex } from './searchIndex';
import type { SampleSet } from './samplePaging';

/** What indexing one sample set found. */
export interface IndexedSet extends SampleSet {
  store: SampleStore;
  runIndex?: number;
  layouts: Set<SampleLayout>;
  maxTrials: number;
  /** Every error of the set's samples and trials. */
  errors: ErrorView[];
}

export interface IndexSettings {
  aggregators: readonly AggregatorSpec[];
  primaryScore?: string;
  passK: number;
  columns: ColumnRegistry;
}

/** How many samples the settings look at to choose the primary score and k. */
const PROBE_SAMPLES = 20;

/** Reads the first samples of the stores to choose the primary score and the default k. */
export function probeSettings(stores: readonly SampleStore[], aggregators: readonly AggregatorSpec[], numTrials?: number): { primaryScore?: string; passK: number } {
  const shapes: SampleShape[] = [];
  for (const store of stores) {
    for (let i = 0; i < Math.min(PROBE_SAMPLES, store.count) && shapes.length < PROBE_SAMPLES; i++) {
      shapes.push(readSample(store.lite(i), i));
    }
  }
  const primaryScore = pickPrimaryScore(aggregators, shapes);
  const withK = aggregators.find((a) => (a.function === 'pass@k' || a.function === 'pass^k') && a.k !== undefined);
  const probedTrials = Math.max(0, ...shapes.map((s) => s.trials.length));
  const passK = withK?.k ?? numTrials ?? (probedTrials || 1);
  return { primaryScore, passK };
}

/** Indexes every sample of one store into compact records. */
export function indexSampleSet(store: SampleStore, settings: IndexSettings, runIndex?: number): IndexedSet {
  const records: SampleRecord[] = new Array(store.count);
  const layouts = new Set<SampleLayout>();
  const errors: ErrorView[] = [];
  let maxTrials = 0;
  for (let i = 0; i < store.count; i++) {
    const shape = readSample(store.lite(i), i, runIndex);
    records[i] = buildRecord(shape, settings);
    layouts.add(shape.layout);
    if (shape.trials.length > maxTrials) maxTrials = shape.trials.length;
    for (const error of shape.errors) errors.push(error);
    for (const trial of shape.trials) for (const error of trial.errors) errors.push(error);
  }
  const set: IndexedSet = { records, search: new SearchIndex(store), store, layouts, maxTrials, errors };
  if (runIndex !== undefined) set.runIndex = runIndex;
  return set;
}

/** Keeps only the chosen data columns in the records' previews. */
export function pruneDataPreviews(records: readonly SampleRecord[], keep: readonly string[]): void {
  for (const record of records) {
    const data: SampleRecord['data'] = {};
    for (const name of keep) if (record.data[name] !== undefined) data[name] = record.data[name];
    record.data = data;
  }
}
