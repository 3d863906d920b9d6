/**
 * What comparing reads of each sample of a log (docs/semantics.md §10), columnar: the ids as one string, each
 * score column as typed arrays, the trials' outcomes as one byte each. A million samples take a few tens of
 * megabytes instead of a million objects, and the arrays move between threads without a copy.
 */
import type { TrialCell } from '../model/logViewTypes';
import type { SampleRecord } from '../log/sampleRecords';
import type { SampleRecordColumns } from '../log/sampleRecordColumns';
import { toNumeric } from '../log/logValue';
import type { ScoreScalar } from '../log/logValue';
import { sampleIdsOf } from './sampleIds';
import type { ComparableSamples, ScoreColumnValues } from '../model/compareSampleTypes';

export type { ComparableSamples, ScoreColumnValues } from '../model/compareSampleTypes';

/** A score value's state per sample. */
export const SCORE_ABSENT = 0;
export const SCORE_NUMBER = 1;
export const SCORE_NOT_NUMBER = 2;

export const OUTCOME_CODES: readonly TrialCell['outcome'][] = ['pass', 'fail', 'error', 'unknown'];
const CODE_OF: Readonly<Record<string, number>> = { pass: 0, fail: 1, error: 2, unknown: 3 };

export function sampleCount(samples: ComparableSamples): number {
  return samples.ids.ends.length;
}

/** Each score column of `count` samples as numbers and state bytes, from `scoreAt` (a sample's effective value). */
function scoreColumnsOf(count: number, columnIds: readonly string[], scoreAt: (index: number, id: string) => ScoreScalar | null | undefined): Map<string, ScoreColumnValues> {
  const columns = new Map<string, ScoreColumnValues>();
  for (const id of columnIds) {
    const column: ScoreColumnValues = { values: new Float64Array(count).fill(NaN), states: new Uint8Array(count) };
    for (let i = 0; i < count; i++) {
      const raw = scoreAt(i, id);
      if (raw === null || raw === undefined) continue;
      const n = toNumeric(raw);
      column.states[i] = n === undefined ? SCORE_NOT_NUMBER : SCORE_NUMBER;
      if (n !== undefined) column.values[i] = n;
    }
    columns.set(id, column);
  }
  return columns;
}

/** The values of records, for the score columns `columnIds`. */
export function samplesFromRecords(records: readonly Pick<SampleRecord, 'sampleId' | 'scores' | 'trials'>[], columnIds: readonly string[]): ComparableSamples {
  const count = records.length;
  const columns = scoreColumnsOf(count, columnIds, (i, id) => records[i].scores[id]);
  const trialEnds = new Int32Array(count);
  let trials = 0;
  for (let i = 0; i < count; i++) trialEnds[i] = trials += records[i].trials.length;
  const outcomes = new Uint8Array(trials);
  for (let i = 0, at = 0; i < count; i++) for (const trial of records[i].trials) outcomes[at++] = CODE_OF[trial.outcome] ?? CODE_OF.unknown;
  return { ids: sampleIdsOf(records.map((r) => r.sampleId)), columns, outcomes, trialEnds };
}

/** The values of a log index's records (kept in columns), for the score columns `columnIds`: the same as samplesFromRecords of its records. */
export function samplesFromColumns(records: SampleRecordColumns, columnIds: readonly string[]): ComparableSamples {
  const count = records.length;
  const columns = scoreColumnsOf(count, columnIds, (i, id) => records.scoreAt(i, id));
  const trialEnds = new Int32Array(count);
  for (let i = 0; i < count; i++) trialEnds[i] = records.trialEndAt(i);
  // The index codes outcomes as OUTCOME_CODES does.
  const outcomes = records.trialOutcomeCodes().slice();
  return { ids: records.joinedIds(), columns, outcomes, trialEnds };
}

/** The trials of sample `i` as cells (index and outcome). */
export function trialCells(samples: ComparableSamples, i: number): TrialCell[] {
  const start = i === 0 ? 0 : samples.trialEnds[i - 1];
  return Array.from(samples.outcomes.subarray(start, samples.trialEnds[i]), (code, index) => ({ index, outcome: OUTCOME_CODES[code] }));
}

/** Pass and fail counts of the trials of sample `i`. */
export function passFailCounts(samples: ComparableSamples, i: number): [number, number] {
  let pass = 0;
  let fail = 0;
  for (let k = i === 0 ? 0 : samples.trialEnds[i - 1]; k < samples.trialEnds[i]; k++) {
    if (samples.outcomes[k] === CODE_OF.pass) pass++;
    else if (samples.outcomes[k] === CODE_OF.fail) fail++;
  }
  return [pass, fail];
}

/** The buffers that can move to another thread instead of being copied. */
export function transferables(samples: ComparableSamples): ArrayBuffer[] {
  const views = [samples.ids.ends, samples.outcomes, samples.trialEnds, ...[...samples.columns.values()].flatMap((c) => [c.values, c.states])];
  return views.map((v) => v.buffer as ArrayBuffer);
}
