import type { ErrorView, SampleLayout } from '../model/logViewTypes';
import { readErrors } from './errorCollection';
import { asArray, asInteger, asRecord, asSampleId, isRecord } from './logValue';
import { readScoresList, ScoresEntry } from './trialAggregation';

/** A source of the samples of one set (the top-level samples, or those of one run). */
export interface SampleStore {
  readonly count: number;
  /**
   * For a store still being filled (pipedScan.ts): waits until sample `index` is known or the store is
   * complete, and returns how many samples are known then.
   */
  waitFor?(index: number): number;
  /** The sample for indexing; large parts (`solver`, `direct_ios`) may be replaced by null. */
  lite(index: number): unknown;
  /**
   * The shape indexing reads of sample `index` (of run `runIndex`), where the store makes it without a sample to
   * read: what `readSample(lite(index), index, runIndex)` gives.
   */
  shape?(index: number, runIndex?: number): SampleShape;
  /** The complete sample. */
  full(index: number): unknown;
}

/** Samples held in memory as parsed values. */
export class ArraySampleStore implements SampleStore {
  constructor(private readonly samples: readonly unknown[]) {}
  get count(): number {
    return this.samples.length;
  }
  lite(index: number): unknown {
    return this.samples[index];
  }
  full(index: number): unknown {
    return this.samples[index];
  }
}

export interface TrialShape {
  index: number;
  data: unknown;
  hasData: boolean;
  solver: unknown;
  scores: ScoresEntry[];
  errors: ErrorView[];
}

export interface SampleShape {
  position: number;
  sampleId: string | number;
  layout: SampleLayout;
  /** Sample-level data (`sample.data`), else the first trial's. */
  data: unknown;
  dataSource: 'sample' | 'trial' | 'none';
  /** Sample-level `solver` (legacy). */
  solver: unknown;
  hasSolver: boolean;
  /** Sample-level scores; undefined when absent or null. */
  scores?: ScoresEntry[];
  trials: TrialShape[];
  /** Sample-level errors. */
  errors: ErrorView[];
  /** Whether `trials` is an array (possibly empty). */
  hasTrials: boolean;
}

function dataOf(sampleData: unknown): { data: unknown; present: boolean } {
  const record = asRecord(sampleData);
  if (!record || !('data' in record)) return { data: undefined, present: false };
  return { data: record.data, present: true };
}

/** Narrows one SampleEvidence (spec §2.3) and tells its layout (docs/semantics.md §8). */
export function readSample(raw: unknown, position: number, runIndex?: number): SampleShape {
  const record = isRecord(raw) ? raw : {};
  const sampleId = asSampleId(record.sample_id, position);
  const base = { level: 'sample' as const, sampleIndex: position, sampleId, ...(runIndex !== undefined ? { runIndex } : {}) };
  const trialsRaw = asArray(record.trials);
  const trials: TrialShape[] = (trialsRaw ?? []).map((item, i) => {
    const trial = asRecord(item) ?? {};
    const index = asInteger(trial.index) ?? i;
    const { data, present } = dataOf(trial.sample);
    const solver = asRecord(trial.solver);
    return {
      index,
      data,
      hasData: present,
      solver: solver ? solver.output : undefined,
      scores: readScoresList(trial.scores) ?? [],
      // Most trials have no errors: their place is only built for those that do.
      errors: asArray(trial.errors)?.length ? readErrors(trial.errors, { ...base, level: 'trial', trialIndex: index }) : [],
    };
  });
  const own = dataOf(record.sample);
  const firstWithData = trials.find((t) => t.hasData);
  const solverRecord = asRecord(record.solver);
  const scores = readScoresList(record.scores);
  const hasLegacyParts = own.present || solverRecord !== undefined || scores !== undefined;
  const layout: SampleLayout = trials.length === 0 && hasLegacyParts ? 'legacy' : 'trials';
  return {
    position,
    sampleId,
    layout,
    data: own.present ? own.data : firstWithData?.data,
    dataSource: own.present ? 'sample' : firstWithData ? 'trial' : 'none',
    solver: solverRecord ? solverRecord.output : undefined,
    hasSolver: solverRecord !== undefined,
    scores,
    trials,
    errors: readErrors(record.errors, base),
    hasTrials: trialsRaw !== undefined,
  };
}

/** The shape of sample `index` of a store for indexing: made by the store where it can, else read from its lite copy. */
export function indexedShape(store: SampleStore, index: number, runIndex?: number): SampleShape {
  return store.shape ? store.shape(index, runIndex) : readSample(store.lite(index), index, runIndex);
}
