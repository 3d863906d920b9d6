import type { ErrorView, SampleLayout } from '../model/logViewTypes';
import type { AggregatorSpec } from './trialsConfig';
import { indexedShape, readSample, SampleShape, SampleStore } from './sampleReading';
import { buildRecord, ColumnRegistry, pickPrimaryScore, SampleRecord } from './sampleRecords';
import { SampleRecordColumns } from './sampleRecordColumns';
import { SearchIndex } from './searchIndex';
import type { SampleSet } from './samplePaging';
import { TrialPassTally } from './trialPassTally';

/** What indexing one sample set found. */
export interface IndexedSet extends SampleSet {
  store: SampleStore;
  runIndex?: number;
  layouts: Set<SampleLayout>;
  maxTrials: number;
  /** Every error of the set's samples and trials. */
  errors: ErrorView[];
  /** Per-sample pass counts of every score over trials (docs/semantics.md §12), counted while indexing. */
  passes: TrialPassTally;
}

interface IndexSettings {
  aggregators: readonly AggregatorSpec[];
  primaryScore?: string;
  passK: number;
  columns: ColumnRegistry;
  /** Called with each sample as it is indexed (see LoadLogOptions.onSample). */
  onSample?: SampleVisitor;
  /** Leave the checks out of the records (recordChecks reads them again from the samples). */
  leaveOutChecks?: boolean;
}

/** Sees each sample read for indexing: its shape (from the lite copy), its position, its set and its store. */
export type SampleVisitor = (shape: SampleShape, position: number, runIndex: number | undefined, store: SampleStore) => void;

/** How many samples the settings look at to choose the primary score and k. */
export const PROBE_SAMPLES = 20;

/** Reads the first samples of the stores to choose the primary score and the default k. */
export function probeSettings(stores: readonly SampleStore[], aggregators: readonly AggregatorSpec[], numTrials?: number): { primaryScore?: string; passK: number } {
  const shapes: SampleShape[] = [];
  for (const store of stores) {
    for (let i = 0; i < Math.min(PROBE_SAMPLES, store.count) && shapes.length < PROBE_SAMPLES; i++) {
      shapes.push(indexedShape(store, i));
    }
  }
  const primaryScore = pickPrimaryScore(aggregators, shapes);
  const withK = aggregators.find((a) => (a.function === 'pass@k' || a.function === 'pass^k') && a.k !== undefined);
  const probedTrials = Math.max(0, ...shapes.map((s) => s.trials.length));
  const passK = withK?.k ?? numTrials ?? (probedTrials || 1);
  return { primaryScore, passK };
}

/** What indexing a range of samples of one store found (its records are added to the set's columns). */
interface IndexedRange {
  layouts: SampleLayout[];
  maxTrials: number;
  errors: ErrorView[];
}

/** Indexes samples [from, to) of a store into compact records, added to `records` in order. */
function indexSampleRange(store: SampleStore, settings: IndexSettings, records: SampleRecordColumns, passes: TrialPassTally, from: number, to: number, runIndex?: number): IndexedRange {
  const layouts = new Set<SampleLayout>();
  const errors: ErrorView[] = [];
  let maxTrials = 0;
  for (let i = from; i < to; i++) {
    const shape = indexedShape(store, i, runIndex);
    records.add(buildRecord(shape, settings));
    passes.add(shape);
    settings.onSample?.(shape, i, runIndex, store);
    layouts.add(shape.layout);
    if (shape.trials.length > maxTrials) maxTrials = shape.trials.length;
    for (const error of shape.errors) errors.push(error);
    for (const trial of shape.trials) for (const error of trial.errors) errors.push(error);
  }
  return { layouts: [...layouts], maxTrials, errors };
}

/** Indexes every sample of one store into compact records (a store still being filled, as its samples become known). */
export function indexSampleSet(store: SampleStore, settings: IndexSettings, runIndex?: number): IndexedSet {
  const passes = new TrialPassTally();
  // A store scanned whole knows its count: the columns are made that long at once instead of doubling.
  const records = new SampleRecordColumns(store.waitFor ? 0 : store.count);
  const parts = store.waitFor ? indexAsKnown(store, store.waitFor.bind(store), settings, records, passes, runIndex) : [indexSampleRange(store, settings, records, passes, 0, store.count, runIndex)];
  records.trim();
  const layouts = new Set<SampleLayout>(parts.flatMap((p) => p.layouts));
  const errors = parts.length === 1 ? parts[0].errors : parts.flatMap((p) => p.errors);
  const maxTrials = Math.max(0, ...parts.map((p) => p.maxTrials));
  const set: IndexedSet = { records, search: new SearchIndex(store), store, layouts, maxTrials, errors, passes };
  if (runIndex !== undefined) set.runIndex = runIndex;
  return set;
}

/** Indexes the samples of a store still being filled, a batch at a time as they become known. */
function indexAsKnown(store: SampleStore, waitFor: (index: number) => number, settings: IndexSettings, records: SampleRecordColumns, passes: TrialPassTally, runIndex?: number): IndexedRange[] {
  const parts: IndexedRange[] = [];
  for (let at = 0, known = waitFor(0); known > at; at = known, known = waitFor(at)) {
    parts.push(indexSampleRange(store, settings, records, passes, at, known, runIndex));
  }
  return parts;
}

/** The checks of the record at `index` of a set, read again from its sample when the set was indexed with `leaveOutChecks`. */
export function recordChecks(set: IndexedSet, index: number, settings: Omit<IndexSettings, 'columns'>): SampleRecord['checks'] {
  if (!settings.leaveOutChecks) return set.records.checksAt(index);
  return buildRecord(readSample(set.store.full(index), index, set.runIndex), { ...settings, leaveOutChecks: false, columns: new ColumnRegistry() }).checks;
}
