import type { ErrorView, SampleLayout } from './logViewTypes';
import type { AggregatorSpec } from './trialsConfig';
import { readSample, SampleShape, SampleStore } from './sampleReading';
import { buildRecord, ColumnEntry, ColumnRegistry, pickPrimaryScore, SampleRecord } from './sampleRecords';
import { SearchIndex } from './searchIndex';
import type { SampleSet } from './samplePaging';
import type { SharedRead } from './sharedReadTypes';

/** What indexing one sample set found. */
export interface IndexedSet extends SampleSet {
  store: SampleStore;
  runIndex?: number;
  layouts: Set<SampleLayout>;
  maxTrials: number;
  /** Every error of the set's samples and trials. */
  errors: ErrorView[];
  /** The records from this index on were built elsewhere without their checks (read the samples again for them). */
  checksFrom?: number;
}

export interface IndexSettings {
  aggregators: readonly AggregatorSpec[];
  primaryScore?: string;
  passK: number;
  columns: ColumnRegistry;
  /** Called with each sample as it is indexed in this thread (see LoadLogOptions.onSample). */
  onSample?: SampleVisitor;
  /** Leave the checks out of the records (recordChecks reads them again from the samples). */
  leaveOutChecks?: boolean;
}

/** Sees each sample read for indexing: its shape (from the lite copy), its position, its set and its store. */
export type SampleVisitor = (shape: SampleShape, position: number, runIndex: number | undefined, store: SampleStore) => void;

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

/** What indexing a range of samples of one store found (records in order, from the range's first sample). */
export interface IndexedRange {
  records: SampleRecord[];
  layouts: SampleLayout[];
  maxTrials: number;
  errors: ErrorView[];
  /** Whether the records were sent without their checks. */
  checksLeftOut?: boolean;
}

/**
 * Indexes samples [from, to) of another store elsewhere (another thread): returns a function that waits
 * for the result, which is undefined when the range must be indexed here after all; or undefined at once
 * when it cannot start. Score columns the range finds are noted in `settings.columns` by the caller.
 */
export interface RangeIndexer {
  /** Has the other thread help read a file into shared memory (sharedFileRead.ts). */
  helpRead?(read: SharedRead): void;
  /** Where to split a store: its samples from there on are indexed elsewhere (the count: not split). */
  splitAt(store: SampleStore): number;
  start(store: SampleStore, settings: IndexSettings, from: number, to: number, runIndex?: number): (() => (IndexedRange & { columns: ColumnEntry[] }) | undefined) | undefined;
}

/** Sets smaller than this are indexed in one thread. */
export const MIN_SPLIT_SAMPLES = 1000;

/** Indexes samples [from, to) of a store into compact records. */
export function indexSampleRange(store: SampleStore, settings: IndexSettings, from: number, to: number, runIndex?: number): IndexedRange {
  const records: SampleRecord[] = new Array(Math.max(0, to - from));
  const layouts = new Set<SampleLayout>();
  const errors: ErrorView[] = [];
  let maxTrials = 0;
  for (let i = from; i < to; i++) {
    const shape = readSample(store.lite(i), i, runIndex);
    records[i - from] = buildRecord(shape, settings);
    settings.onSample?.(shape, i, runIndex, store);
    layouts.add(shape.layout);
    if (shape.trials.length > maxTrials) maxTrials = shape.trials.length;
    for (const error of shape.errors) errors.push(error);
    for (const trial of shape.trials) for (const error of trial.errors) errors.push(error);
  }
  return { records, layouts: [...layouts], maxTrials, errors };
}

/** Indexes every sample of one store into compact records; with `indexer`, the later part in another thread at the same time. */
export function indexSampleSet(store: SampleStore, settings: IndexSettings, runIndex?: number, indexer?: RangeIndexer): IndexedSet {
  const at = indexer && !settings.onSample && store.count >= MIN_SPLIT_SAMPLES ? indexer.splitAt(store) : store.count;
  const pending = indexer && at > 0 && at < store.count ? indexer.start(store, settings, at, store.count, runIndex) : undefined;
  const parts = [indexSampleRange(store, settings, 0, pending ? at : store.count, runIndex)];
  if (pending) {
    const later = pending();
    if (later) settings.columns.absorb(later.columns);
    parts.push(later ?? indexSampleRange(store, settings, at, store.count, runIndex));
  }
  const records = parts.length === 1 ? parts[0].records : parts.flatMap((p) => p.records);
  const layouts = new Set<SampleLayout>(parts.flatMap((p) => p.layouts));
  const errors = parts.length === 1 ? parts[0].errors : parts.flatMap((p) => p.errors);
  const maxTrials = Math.max(...parts.map((p) => p.maxTrials));
  const set: IndexedSet = { records, search: new SearchIndex(store), store, layouts, maxTrials, errors };
  if (runIndex !== undefined) set.runIndex = runIndex;
  if (settings.leaveOutChecks) set.checksFrom = 0;
  else if (parts[1]?.checksLeftOut) set.checksFrom = at;
  return set;
}

/** The checks of the record at `index` of a set, read again from its sample where they were left out. */
export function recordChecks(set: IndexedSet, index: number, settings: Omit<IndexSettings, 'columns'>): SampleRecord['checks'] {
  if (set.checksFrom === undefined || index < set.checksFrom) return set.records[index].checks;
  return buildRecord(readSample(set.store.full(index), index, set.runIndex), { ...settings, columns: new ColumnRegistry() }).checks;
}

/** Keeps only the chosen data columns in the records' previews. */
export function pruneDataPreviews(records: readonly SampleRecord[], keep: readonly string[]): void {
  for (const record of records) {
    const data: SampleRecord['data'] = {};
    for (const name of keep) if (record.data[name] !== undefined) data[name] = record.data[name];
    record.data = data;
  }
}
