import type { AggregatorView } from '../model/logViewTypes';
import { asArray, asInteger, asRecord, asString } from './logValue';

/** One configured aggregator (spec §2.9), with the name its value is stored under. */
export interface AggregatorSpec extends AggregatorView {
  /** Short label for a column or a collision, e.g. "pass@k k=3". */
  label: string;
}

export interface TrialsSettings {
  numTrials?: number;
  aggregators: AggregatorSpec[];
  /** Whether `specification.config.trials` was present at all. */
  configured: boolean;
}

export function aggregatorLabel(fn: string, k?: number): string {
  return k !== undefined ? `${fn} k=${k}` : fn;
}

/**
 * Reads `specification.config.trials` (docs/semantics.md §8): `num_trials` and optional `score_aggregators`.
 * Two aggregators that store under the same name (typically two of one score without `score_name`) collide.
 */
export function readTrialsSettings(specification: unknown): TrialsSettings {
  const config = asRecord(asRecord(specification)?.config);
  const trials = asRecord(config?.trials);
  if (!trials) return { aggregators: [], configured: false };
  const aggregators: AggregatorSpec[] = [];
  for (const entry of asArray(trials.score_aggregators) ?? []) {
    const record = asRecord(entry);
    const scoreName = asString(record?.score_name);
    const aggregator = asRecord(record?.aggregator);
    const fn = asString(aggregator?.function);
    if (scoreName === undefined || fn === undefined) continue;
    const k = asInteger(aggregator?.k);
    const targetName = asString(aggregator?.score_name) ?? scoreName;
    const spec: AggregatorSpec = { scoreName, function: fn, targetName, label: aggregatorLabel(fn, k) };
    if (k !== undefined) spec.k = k;
    aggregators.push(spec);
  }
  const byTarget = new Map<string, number>();
  for (const a of aggregators) byTarget.set(a.targetName, (byTarget.get(a.targetName) ?? 0) + 1);
  for (const a of aggregators) if ((byTarget.get(a.targetName) ?? 0) > 1) a.collides = true;
  const numTrials = asInteger(trials.num_trials);
  return { numTrials, aggregators, configured: true };
}
