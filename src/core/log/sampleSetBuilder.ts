import type { ErrorView, SampleLayout } from './logViewTypes';
import type { AggregatorSpec } from './trialsConfig';
import { readSample, SampleShape, SampleStore } from './sampleReading';
import { ColumnRegistry, pickPrimaryScore, SampleRecord } from './sampleRecords';
import { indexRange, IndexSharer } from './indexShare';
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

/** Below this many samples a set is indexed in one thread. */
export const SHARE_MIN_SAMPLES = 2000;

/** Indexes every sample of one store into compact records (the second half by `sharer`, in parallel, when given). */
export function indexSampleSet(store: SampleStore, settings: IndexSettings, runIndex?: number, sharer?: IndexSharer): IndexedSet {
  const rangeSettings = { aggregators: settings.aggregators, primaryScore: settings.primaryScore, passK: settings.passK };
  const split = Math.ceil(store.count / 2);
  const shared = sharer !== undefined && store.count >= SHARE_MIN_SAMPLES && sharer.offer(store, split, rangeSettings, runIndex);
  const head = indexRange(store, 0, shared ? split : store.count, rangeSettings, settings.columns, runIndex);
  const parts = [head];
  if (shared) {
    const tail = sharer.collect() ?? indexRange(store, split, store.count, rangeSettings, new ColumnRegistry(), runIndex);
    settings.columns.absorb(tail.columns);
    parts.push(tail);
  }
  const set: IndexedSet = {
    records: parts.flatMap((p) => p.records),
    search: new SearchIndex(store),
    store,
    layouts: new Set(parts.flatMap((p) => p.layouts)),
    maxTrials: Math.max(...parts.map((p) => p.maxTrials)),
    errors: parts.flatMap((p) => p.errors),
  };
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
