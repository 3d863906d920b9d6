/**
 * Messages between a comparison and the worker thread that computes its bootstrap intervals and permutation tests
 * (resampling.worker.ts, started by resamplingRunner.ts): the worker is sent the jobs and the seed (one message),
 * posts each metric key's figures as they are done, then `done`.
 */
import type { BootstrapInterval, PermutationTest, ResamplingResult } from '../model/compareTypes';

/** One metric key to resample: its paired differences and the t-test's p. */
export interface ResamplingWork {
  candidate: number;
  metricId: string;
  differences: Float64Array;
  tP: number | null;
  /** Only the bootstrap or only the permutation test (a large key is split across two workers); both when absent. */
  part?: 'bootstrap' | 'permutation';
}

/** What the resampling worker is sent (its one message). */
export interface ResamplingData {
  jobs: ResamplingWork[];
  seed?: number;
}

/** What the resampling worker posts. */
export type ResamplingWorkerMessage =
  | { kind: 'result'; result: ResamplingResult }
  | { kind: 'part'; candidate: number; metricId: string; bootstrap?: BootstrapInterval; permutation?: PermutationTest }
  | { kind: 'done' };
