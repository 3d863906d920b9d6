import type { ScorerPurpose, Verification } from '../model/logViewTypes';
import type { AggregatorSpec } from './trialsConfig';
import type { SampleShape } from './sampleReading';
import { logStrings } from '../l10n/logStrings';
import { toNumeric } from './logValue';
import { valuesMatch } from './metricVerification';
import { aggregateTrials, AggregatedScorer, AggregatedValue, FEW_SCORERS } from './trialAggregation';

/** The scores that stand for a sample in metrics and in the table: sample-level where present, else trial aggregation. */
export interface EffectiveScorer {
  scorerKey: string;
  scorerName?: string;
  purpose: ScorerPurpose;
  values: Record<string, unknown>;
  /** True when the values were computed from the trials (not in the log). */
  derived: boolean;
  /** Target names on which aggregators collide → every computed value. */
  collisions?: Record<string, AggregatedValue[]>;
  /** Sample-level values verified against the trials, per value key. */
  verification?: Record<string, Verification>;
  metadata?: unknown;
  directIos?: unknown[];
}

/** The first item of `items` with a scorer key, found by a scan while they are few, else through a map made once. */
function lookup<T extends { scorerKey: string }>(items: readonly T[]): (key: string) => T | undefined {
  if (items.length <= FEW_SCORERS) return (key) => items.find((item) => item.scorerKey === key);
  const byKey = new Map<string, T>();
  for (const item of items) if (!byKey.has(item.scorerKey)) byKey.set(item.scorerKey, item);
  return (key) => byKey.get(key);
}

/** The reason "no trial aggregation produces …" per value key, written once (it recurs in every sample). */
const noAggregationReasons = new Map<string, string>();

function noAggregationReason(key: string): string {
  let reason = noAggregationReasons.get(key);
  if (reason === undefined) {
    reason = logStrings.noTrialAggregation(key);
    if (noAggregationReasons.size < 1000) noAggregationReasons.set(key, reason);
  }
  return reason;
}

/** Verifies a sample-level value against what the trials aggregate to under the same name. */
function verifyAgainstTrials(reported: unknown, computed: readonly AggregatedValue[] | undefined, key: string): Verification {
  if (!computed || computed.length === 0) return { verdict: 'not_verifiable', reason: noAggregationReason(key) };
  const reportedNumber = toNumeric(reported);
  if (reportedNumber === undefined) return { verdict: 'not_verifiable', reason: logStrings.reportedNotNumeric };
  for (const candidate of computed) {
    if (valuesMatch(reportedNumber, candidate.value)) {
      const match: Verification = { verdict: 'match', recomputed: candidate.value };
      if (computed.length > 1) match.reason = logStrings.collisionMatch(candidate.label);
      return match;
    }
  }
  const first = computed[0];
  return {
    verdict: 'mismatch',
    recomputed: first.value,
    reason: computed.length > 1
      ? logStrings.collisionMismatch(computed.map((c) => `${c.label}: ${c.value}`).join(', '))
      : logStrings.mismatchReason(reportedNumber, first.value, 1),
  };
}

function collisionsOf(scorer: AggregatedScorer): Record<string, AggregatedValue[]> | undefined {
  let collisions: Record<string, AggregatedValue[]> | undefined;
  // Keys read only where values collide (rarely): no key–value pair is made for each value.
  for (const list of scorer.values.values()) {
    if (list.length > 1) {
      for (const [key, values] of scorer.values) if (values.length > 1) (collisions ??= {})[key] = values;
      break;
    }
  }
  return collisions;
}

/** Computes the effective scores of one sample (docs/semantics.md §8); without `verify`, sample-level values are not verified against the trials. */
export function effectiveScores(shape: SampleShape, aggregators: readonly AggregatorSpec[], verify = true): EffectiveScorer[] {
  const aggregated = shape.trials.length ? aggregateTrials(shape.trials.map((t) => t.scores), aggregators) : [];
  const sampleLevel = shape.scores ?? [];
  const aggregatedFor = lookup(aggregated);
  const isSampleLevel = lookup(sampleLevel);
  const result: EffectiveScorer[] = [];
  for (const entry of sampleLevel) {
    const scorer: EffectiveScorer = { scorerKey: entry.scorerKey, purpose: entry.purpose, values: entry.values, derived: false };
    if (entry.scorerName !== undefined) scorer.scorerName = entry.scorerName;
    if (entry.metadata !== undefined) scorer.metadata = entry.metadata;
    if (entry.directIos !== undefined) scorer.directIos = entry.directIos;
    if (shape.trials.length) {
      const computed = aggregatedFor(entry.scorerKey);
      if (verify) {
        const verification: Record<string, Verification> = {};
        const values = entry.values;
        for (const key in values) if (Object.prototype.hasOwnProperty.call(values, key)) verification[key] = verifyAgainstTrials(values[key], computed?.values.get(key), key);
        scorer.verification = verification;
      }
      const collisions = computed ? collisionsOf(computed) : undefined;
      if (collisions) scorer.collisions = collisions;
    }
    result.push(scorer);
  }
  for (const computed of aggregated) {
    if (isSampleLevel(computed.scorerKey)) continue;
    const values: Record<string, unknown> = {};
    for (const [key, list] of computed.values) values[key] = list[0].value;
    const scorer: EffectiveScorer = { scorerKey: computed.scorerKey, purpose: computed.purpose, values, derived: true };
    if (computed.scorerName !== undefined) scorer.scorerName = computed.scorerName;
    const collisions = collisionsOf(computed);
    if (collisions) scorer.collisions = collisions;
    result.push(scorer);
  }
  return result;
}
