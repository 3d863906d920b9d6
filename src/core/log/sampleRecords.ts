import type { ScoreColumn, SampleLayout, TrialCell, Verification } from '../model/logViewTypes';
import type { AggregatorSpec } from './trialsConfig';
import type { SampleShape, TrialShape } from './sampleReading';
import type { AggregatedValue } from './trialAggregation';
import { effectiveScores } from './effectiveScores';
import { stageOf, sortStages } from './errorCollection';
import { isBinary, isPass, isRecord, ScoreScalar, toScoreScalar, truncate } from './logValue';
import { boundDepth } from '../json/depthGuard';

/** A sample-level value checked against its trials (for `log verify`). */
export interface SampleCheck {
  scorerKey: string;
  key: string;
  reported: unknown;
  verification: Verification;
}

/** Compact per-sample aggregates, computed once at indexing time; the raw sample is read again only for details. */
export interface SampleRecord {
  index: number;
  sampleId: string | number;
  /** Effective value per ScoreColumn id. */
  scores: Record<string, ScoreScalar>;
  /** Column id → every computed value, where trial aggregators collide. */
  collisions?: Record<string, AggregatedValue[]>;
  trials: TrialCell[];
  passAtK?: number;
  passPowK?: number;
  errorStages: string[];
  errorCount: number;
  /** Scalar previews of the sample's data fields. */
  data: Record<string, string | number | boolean>;
  layout: SampleLayout;
  checks?: SampleCheck[];
}

/** The records of a sample set, read one at a time (sampleRecordColumns.ts keeps them in columns). */
export interface RecordList {
  readonly length: number;
  /** Of record `index`, what choosing the data columns reads (without building the whole record). */
  dataAt(index: number): SampleRecord['data'];
  sampleIdAt(index: number): SampleRecord['sampleId'];
}

interface RecordContext {
  aggregators: readonly AggregatorSpec[];
  /** The binary score whose trial values give the trial outcomes and pass@k. */
  primaryScore?: string;
  passK: number;
  columns: ColumnRegistry;
  /** Leave the checks out of the records (they are read again from the samples when asked: sampleSetBuilder.recordChecks). */
  leaveOutChecks?: boolean;
}

const DATA_PREVIEW_CHARS = 120;
const DATA_PREVIEW_FIELDS = 16;

export function columnId(scorerKey: string, valueKey: string): string {
  return `${scorerKey}/${valueKey}`;
}

/** A score column as noted, with every kind of value seen (for merging the columns of two parts of a set). */
interface ColumnEntry extends Omit<ScoreColumn, 'kind'> {
  kinds: string[];
}

/** The score columns seen across samples, with the kinds of their values. */
/** Noted beside a column's value types when one of its numbers is neither 0 nor 1. */
const NOT_BINARY = 'not-binary';

export class ColumnRegistry {
  private readonly columns = new Map<string, ScoreColumn & { kinds: Set<string> }>();
  private readonly byScorer = new Map<string, Map<string, ScoreColumn & { kinds: Set<string> }>>();

  /** The columns in the order they were first seen. */
  entries(): ColumnEntry[] {
    return [...this.columns.values()].map(({ kinds, kind: _kind, ...column }) => ({ ...column, kinds: [...kinds] }));
  }

  /** Notes the columns of later samples (as `entries()` gave them), as if each had been noted here in order. */
  absorb(entries: readonly ColumnEntry[]): void {
    for (const { kinds, ...entry } of entries) {
      let column = this.columns.get(entry.id);
      if (!column) {
        column = { id: entry.id, scorerKey: entry.scorerKey, valueKey: entry.valueKey, kind: 'mixed', kinds: new Set() };
        if (entry.scorerName !== undefined) column.scorerName = entry.scorerName;
        this.columns.set(entry.id, column);
      }
      for (const kind of kinds) column.kinds.add(kind);
    }
  }

  note(scorerKey: string, scorerName: string | undefined, valueKey: string, value: unknown): string {
    // The same few columns recur in every sample: found by their two keys without building the id.
    let byValueKey = this.byScorer.get(scorerKey);
    if (!byValueKey) this.byScorer.set(scorerKey, (byValueKey = new Map()));
    let column = byValueKey.get(valueKey);
    if (!column) {
      const id = columnId(scorerKey, valueKey);
      column = this.columns.get(id);
      if (!column) {
        column = { id, scorerKey, valueKey, kind: 'mixed', kinds: new Set() };
        if (scorerName !== undefined) column.scorerName = scorerName;
        this.columns.set(id, column);
      }
      byValueKey.set(valueKey, column);
    }
    if (value !== null && value !== undefined) column.kinds.add(typeof value === 'number' || typeof value === 'boolean' || typeof value === 'string' ? typeof value : 'object');
    if (typeof value === 'number' && value !== 0 && value !== 1) column.kinds.add(NOT_BINARY);
    return column.id;
  }

  list(): ScoreColumn[] {
    return [...this.columns.values()].map(({ kinds, ...column }) => {
      const types = [...kinds].filter((k) => k !== NOT_BINARY);
      const only = types.length === 1 ? types[0] : undefined;
      const kind: ScoreColumn['kind'] = only === 'number' || only === 'boolean' || only === 'string' ? only : 'mixed';
      const binary = types.length > 0 && types.every((t) => t === 'number' || t === 'boolean') && !kinds.has(NOT_BINARY);
      return binary ? { ...column, kind, binary } : { ...column, kind };
    });
  }

  has(id: string): boolean {
    return this.columns.has(id);
  }
}

/** The value of a score in one trial (first scorer that carries it). */
function trialValue(trial: TrialShape, scoreName: string): unknown {
  for (const entry of trial.scores) {
    const value = entry.values[scoreName];
    if (value !== undefined && value !== null) return value;
  }
  return undefined;
}

function trialOutcome(trial: TrialShape, primaryScore: string | undefined): TrialCell['outcome'] {
  if (trial.errors.length > 0) return 'error';
  if (primaryScore === undefined) return 'unknown';
  const value = trialValue(trial, primaryScore);
  if (isPass(value)) return 'pass';
  if (value === false || value === 0) return 'fail';
  return 'unknown';
}

/** pass@k and pass^k of a sample from the primary score of its trials (trials without it are left out). */
export function passRates(trials: readonly TrialShape[], primaryScore: string | undefined, k: number): { passAtK?: number; passPowK?: number } {
  if (primaryScore === undefined) return {};
  let counted = 0;
  let passed = 0;
  for (const trial of trials) {
    const value = trialValue(trial, primaryScore);
    if (value === undefined) continue;
    counted++;
    if (isPass(value)) passed++;
  }
  if (counted === 0) return {};
  const p = passed / counted;
  return { passAtK: 1 - Math.pow(1 - p, k), passPowK: Math.pow(p, k) };
}

/** Picks the score that decides trial outcomes: a pass@k/pass^k aggregator's score, else the first binary score. */
export function pickPrimaryScore(aggregators: readonly AggregatorSpec[], shapes: readonly SampleShape[]): string | undefined {
  const pass = aggregators.find((a) => a.function === 'pass@k' || a.function === 'pass^k');
  if (pass) return pass.scoreName;
  for (const purpose of ['score', 'qa']) {
    for (const shape of shapes) {
      for (const trial of shape.trials) {
        for (const entry of trial.scores) {
          if (entry.purpose !== purpose) continue;
          for (const [key, value] of Object.entries(entry.values)) if (isBinary(value)) return key;
        }
      }
    }
  }
  return undefined;
}

/**
 * Shared by every record without trials, error stages or data fields: a log of a million small samples keeps
 * no million empty arrays. Records are never changed in place (frozen, so a change would fail loudly).
 */
const NO_TRIALS = Object.freeze([]) as unknown as TrialCell[];
const NO_ERROR_STAGES = Object.freeze([]) as unknown as string[];
export const NO_DATA_PREVIEW = Object.freeze({}) as Record<string, string | number | boolean>;

function dataPreview(data: unknown): Record<string, string | number | boolean> {
  if (!isRecord(data) || Object.keys(data).length === 0) return NO_DATA_PREVIEW;
  const preview: Record<string, string | number | boolean> = {};
  let n = 0;
  for (const [key, value] of Object.entries(data)) {
    if (n++ >= DATA_PREVIEW_FIELDS) break;
    if (typeof value === 'number' || typeof value === 'boolean') preview[key] = value;
    else if (typeof value === 'string') preview[key] = truncate(value, DATA_PREVIEW_CHARS);
    else if (value !== null && value !== undefined) preview[key] = truncate(JSON.stringify(boundDepth(value)), DATA_PREVIEW_CHARS);
  }
  return preview;
}

/** Builds the compact record of one sample. */
export function buildRecord(shape: SampleShape, context: RecordContext): SampleRecord {
  const scorers = effectiveScores(shape, context.aggregators, !context.leaveOutChecks);
  const scores: Record<string, ScoreScalar> = {};
  let collisions: Record<string, AggregatedValue[]> | undefined;
  let checks: SampleCheck[] | undefined;
  // Own keys in the order Object.entries gives them, read without a pair made for each (every sample goes through here).
  for (const scorer of scorers) {
    const { values, collisions: collided, verification: verified } = scorer;
    for (const key in values) {
      if (!Object.prototype.hasOwnProperty.call(values, key)) continue;
      const value = values[key];
      scores[context.columns.note(scorer.scorerKey, scorer.scorerName, key, value)] = toScoreScalar(value);
    }
    for (const key in collided) {
      if (!Object.prototype.hasOwnProperty.call(collided, key)) continue;
      const list = collided[key];
      (collisions ??= {})[columnId(scorer.scorerKey, key)] = list;
      for (const computed of list) {
        scores[context.columns.note(scorer.scorerKey, scorer.scorerName, `${key} [${computed.label}]`, computed.value)] = computed.value;
      }
    }
    for (const key in verified) {
      if (Object.prototype.hasOwnProperty.call(verified, key)) (checks ??= []).push({ scorerKey: scorer.scorerKey, key, reported: values[key], verification: verified[key] });
    }
  }
  let errorCount = shape.errors.length;
  for (const trial of shape.trials) errorCount += trial.errors.length;
  const record: SampleRecord = {
    index: shape.position,
    sampleId: shape.sampleId,
    scores,
    trials: shape.trials.length ? shape.trials.map((t) => ({ index: t.index, outcome: trialOutcome(t, context.primaryScore) })) : NO_TRIALS,
    errorStages: errorCount ? sortStages(new Set([...shape.errors, ...shape.trials.flatMap((t) => t.errors)].map(stageOf))) : NO_ERROR_STAGES,
    errorCount,
    data: dataPreview(shape.data),
    layout: shape.layout,
  };
  const { passAtK, passPowK } = passRates(shape.trials, context.primaryScore, context.passK);
  if (passAtK !== undefined) record.passAtK = passAtK;
  if (passPowK !== undefined) record.passPowK = passPowK;
  if (collisions) record.collisions = collisions;
  if (checks) record.checks = checks;
  return record;
}

const PREFERRED_DATA_FIELDS = [
  'id', 'question', 'input', 'prompt', 'query', 'problem', 'task', 'instruction', 'text',
  'answer', 'target', 'expected', 'expected_output', 'reference', 'label', 'category', 'difficulty', 'subject', 'topic',
];

/** Chooses a few data fields worth a table column: common ones first, then the most frequent. */
export function chooseDataColumns(records: readonly SampleRecord[] | RecordList, max = 4): string[] {
  const list = records as RecordList;
  const dataAt = Array.isArray(records) ? (i: number) => records[i].data : (i: number) => list.dataAt(i);
  const sampleIdAt = Array.isArray(records) ? (i: number) => records[i].sampleId : (i: number) => list.sampleIdAt(i);
  const presence = new Map<string, number>();
  /** Fields whose value differs from the sample id somewhere (a field that only repeats the id is left out). */
  const differsFromId = new Set<string>();
  const step = Math.max(1, Math.floor(records.length / 2000));
  let seen = 0;
  for (let i = 0; i < records.length; i += step) {
    seen++;
    const sampleId = String(sampleIdAt(i));
    for (const [key, value] of Object.entries(dataAt(i))) {
      presence.set(key, (presence.get(key) ?? 0) + 1);
      if (String(value) !== sampleId) differsFromId.add(key);
    }
  }
  const common = [...presence.entries()].filter(([key, n]) => n * 2 >= seen && differsFromId.has(key)).map(([key]) => key);
  const rank = (key: string): number => {
    const at = PREFERRED_DATA_FIELDS.indexOf(key.toLowerCase());
    return at >= 0 ? at : PREFERRED_DATA_FIELDS.length;
  };
  return common
    .map((key, order) => ({ key, order }))
    .sort((a, b) => rank(a.key) - rank(b.key) || (presence.get(b.key) ?? 0) - (presence.get(a.key) ?? 0) || a.order - b.order)
    .slice(0, max)
    .map((c) => c.key);
}
