import type { ScorerPurpose } from '../model/logViewTypes';
import type { AggregatorSpec } from './trialsConfig';
import { aggregatorLabel } from './trialsConfig';
import { asArray, asRecord, asString, isPass, JsonRecord, toNumeric } from './logValue';

/** One ScoresData entry (spec §2.5), narrowed. */
export interface ScoresEntry {
  scorerKey: string;
  scorerName?: string;
  purpose: ScorerPurpose;
  values: JsonRecord;
  metadata?: unknown;
  directIos?: unknown[];
}

/** Reads a `scores` array; undefined when it is absent or null. */
export function readScoresList(value: unknown): ScoresEntry[] | undefined {
  const list = asArray(value);
  if (!list) return undefined;
  const entries: ScoresEntry[] = [];
  for (const item of list) {
    const record = asRecord(item);
    if (!record) continue;
    const entry: ScoresEntry = {
      scorerKey: asString(record.scorer_key) ?? '',
      purpose: record.scorer_purpose === 'qa' ? 'qa' : 'score',
      values: asRecord(record.values) ?? {},
    };
    const name = asString(record.scorer_name);
    if (name !== undefined) entry.scorerName = name;
    if (record.metadata !== undefined && record.metadata !== null) entry.metadata = record.metadata;
    const ios = asArray(record.direct_ios);
    if (ios) entry.directIos = ios;
    entries.push(entry);
  }
  return entries;
}

/** A value computed from the trials of one sample. */
export interface AggregatedValue {
  value: number;
  function: string;
  k?: number;
  label: string;
  /** The trial score it was computed from. */
  sourceScore: string;
}

export interface AggregatedScorer {
  scorerKey: string;
  scorerName?: string;
  purpose: ScorerPurpose;
  /** Target name → computed values (more than one when aggregators collide). */
  values: Map<string, AggregatedValue[]>;
}

function numericAll(values: readonly unknown[]): number[] | undefined {
  const numbers: number[] = [];
  for (const value of values) {
    const n = toNumeric(value);
    if (n === undefined) return undefined;
    numbers.push(n);
  }
  return numbers.length ? numbers : undefined;
}

/** The mean of values that are all numeric (summed in order from 0), else undefined. */
function meanOf(values: readonly unknown[]): number | undefined {
  let sum = 0;
  for (const value of values) {
    const n = toNumeric(value);
    if (n === undefined) return undefined;
    sum += n;
  }
  return sum / values.length;
}

/** The label of the mean a score without an aggregator is averaged by. */
const MEAN_LABEL = aggregatorLabel('mean');

/** Computes one aggregator over the trial values of a score (spec §2.9, docs/semantics.md §8). */
export function computeAggregate(fn: string, values: readonly unknown[], k?: number): number | undefined {
  if (values.length === 0) return undefined;
  if (fn === 'pass@k' || fn === 'pass^k') {
    const p = values.filter(isPass).length / values.length;
    const kk = k ?? values.length;
    return fn === 'pass@k' ? 1 - Math.pow(1 - p, kk) : Math.pow(p, kk);
  }
  if (fn === 'mean') return meanOf(values);
  const numbers = numericAll(values);
  if (!numbers) return undefined;
  if (fn === 'min') return Math.min(...numbers);
  if (fn === 'max') return Math.max(...numbers);
  return undefined;
}

/**
 * Aggregates the scores of a sample's trials per scorer: configured aggregators store under their target
 * name; a score with no aggregator is averaged when all its values are numeric or boolean; other scores
 * are not aggregated. Missing and null trial values are left out.
 */
export function aggregateTrials(trialScores: readonly (readonly ScoresEntry[])[], aggregators: readonly AggregatorSpec[]): AggregatedScorer[] {
  if (trialScores.length === 1 && distinctScorers(trialScores[0])) return aggregateOneTrial(trialScores[0], aggregators);
  const scorers = new Map<string, { entry: ScoresEntry; byKey: Map<string, unknown[]> }>();
  for (const scores of trialScores) {
    for (const entry of scores) {
      let scorer = scorers.get(entry.scorerKey);
      if (!scorer) {
        scorer = { entry, byKey: new Map() };
        scorers.set(entry.scorerKey, scorer);
      }
      const values = entry.values;
      for (const key in values) {
        if (!Object.prototype.hasOwnProperty.call(values, key)) continue;
        const value = values[key];
        if (value === null || value === undefined) continue;
        const list = scorer.byKey.get(key);
        if (list) list.push(value);
        else scorer.byKey.set(key, [value]);
      }
    }
  }
  const configuredFor = aggregatorsByScore(aggregators);
  const result: AggregatedScorer[] = [];
  for (const [scorerKey, { entry, byKey }] of scorers) {
    const values = new Map<string, AggregatedValue[]>();
    for (const [scoreName, trialValues] of byKey) {
      const configured = configuredFor.get(scoreName);
      if (!configured) {
        const mean = computeAggregate('mean', trialValues);
        if (mean !== undefined) putValue(values, scoreName, { value: mean, function: 'mean', label: MEAN_LABEL, sourceScore: scoreName });
        continue;
      }
      putConfigured(values, configured, scoreName, trialValues);
    }
    const scorer: AggregatedScorer = { scorerKey, purpose: entry.purpose, values };
    if (entry.scorerName !== undefined) scorer.scorerName = entry.scorerName;
    result.push(scorer);
  }
  return result;
}

/** Scorers are looked up by a scan rather than through a map while they are this few (a sample has one or two). */
export const FEW_SCORERS = 8;

/** Whether a trial's entries have distinct scorer keys (false too when they are too many to tell by a scan). */
function distinctScorers(entries: readonly ScoresEntry[]): boolean {
  if (entries.length > FEW_SCORERS) return false;
  for (let i = 1; i < entries.length; i++) for (let j = 0; j < i; j++) if (entries[i].scorerKey === entries[j].scorerKey) return false;
  return true;
}

/**
 * aggregateTrials of a sample with one trial whose scorers are distinct (most samples of a run without repeats):
 * each value is its key's only trial value, so nothing is gathered first.
 */
function aggregateOneTrial(entries: readonly ScoresEntry[], aggregators: readonly AggregatorSpec[]): AggregatedScorer[] {
  const configuredFor = aggregators.length ? aggregatorsByScore(aggregators) : undefined;
  const result: AggregatedScorer[] = [];
  for (const entry of entries) {
    const values = new Map<string, AggregatedValue[]>();
    const trialValues = entry.values;
    for (const scoreName in trialValues) {
      if (!Object.prototype.hasOwnProperty.call(trialValues, scoreName)) continue;
      const value = trialValues[scoreName];
      if (value === null || value === undefined) continue;
      const configured = configuredFor?.get(scoreName);
      if (!configured) {
        const n = toNumeric(value);
        // The mean of one value, as computeAggregate sums it (from 0).
        if (n !== undefined) putValue(values, scoreName, { value: (0 + n) / 1, function: 'mean', label: MEAN_LABEL, sourceScore: scoreName });
        continue;
      }
      putConfigured(values, configured, scoreName, [value]);
    }
    const scorer: AggregatedScorer = { scorerKey: entry.scorerKey, purpose: entry.purpose, values };
    if (entry.scorerName !== undefined) scorer.scorerName = entry.scorerName;
    result.push(scorer);
  }
  return result;
}

/** Each configured aggregator's value of one score's trial values, stored under its target name. */
function putConfigured(values: Map<string, AggregatedValue[]>, configured: readonly AggregatorSpec[], scoreName: string, trialValues: readonly unknown[]): void {
  for (const a of configured) {
    const value = computeAggregate(a.function, trialValues, a.k);
    if (value === undefined) continue;
    const computed: AggregatedValue = { value, function: a.function, label: a.label, sourceScore: scoreName };
    if (a.k !== undefined) computed.k = a.k;
    putValue(values, a.targetName, computed);
  }
}

function putValue(values: Map<string, AggregatedValue[]>, target: string, value: AggregatedValue): void {
  const list = values.get(target);
  if (list) list.push(value);
  else values.set(target, [value]);
}

const byScoreCache = new WeakMap<readonly AggregatorSpec[], Map<string, AggregatorSpec[]>>();

/** The configured aggregators of each score name, in order (worked out once per configuration). */
function aggregatorsByScore(aggregators: readonly AggregatorSpec[]): Map<string, AggregatorSpec[]> {
  let byScore = byScoreCache.get(aggregators);
  if (!byScore) {
    byScore = new Map();
    for (const a of aggregators) {
      const list = byScore.get(a.scoreName);
      if (list) list.push(a);
      else byScore.set(a.scoreName, [a]);
    }
    byScoreCache.set(aggregators, byScore);
  }
  return byScore;
}
