/**
 * The metrics an Inspect log stores in `results.scores` (docs/inspect-logs.md): one `EvalScore` per scorer, per
 * reducer, and per value key when a scorer's metrics are given by key (`{"correct": [...]}`, `{"*": [...]}`), each
 * with its metrics `{name, value, params}` keyed by their unique name (`accuracy`, `accuracy2`, …).
 */
import { isDictionary } from './inspectValue';

/** The package prefix Inspect strips from its own metric names in a log (older logs may keep it). */
const PACKAGE_PREFIX = 'inspect_ai/';

export interface StoredMetric {
  /** The key in `EvalScore.metrics`. */
  key: string;
  /** The metric's logged name (`accuracy`, `stderr`, `my_package/my_metric`). */
  name: string;
  value: unknown;
  params: Record<string, unknown>;
  /** Set when the value is one entry of a metric that returns several (a dictionary or a list). */
  group?: string;
}

export interface StoredEvalScore {
  /** The value key when metrics are given by key, else the scorer's name. */
  name: string;
  scorer: string;
  reducer?: string;
  metrics: StoredMetric[];
  scoredSamples?: number;
  unscoredSamples?: number;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function count(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : undefined;
}

function storedMetric(key: string, raw: unknown): StoredMetric {
  const metric = isDictionary(raw) ? raw : {};
  let name = text(metric.name) ?? key;
  if (name.startsWith(PACKAGE_PREFIX)) name = name.slice(PACKAGE_PREFIX.length);
  const params = isDictionary(metric.params) ? metric.params : isDictionary(metric.options) ? metric.options : {};
  const stored: StoredMetric = { key, name, value: isDictionary(raw) ? metric.value : raw, params };
  const group = text(metric.group);
  if (group !== undefined) stored.group = group;
  return stored;
}

function storedEvalScore(raw: unknown): StoredEvalScore | undefined {
  if (!isDictionary(raw)) return undefined;
  const name = text(raw.name) ?? text(raw.scorer);
  if (name === undefined) return undefined;
  const metrics = isDictionary(raw.metrics) ? Object.entries(raw.metrics).map(([key, metric]) => storedMetric(key, metric)) : [];
  const score: StoredEvalScore = { name, scorer: text(raw.scorer) ?? name, metrics };
  const reducer = text(raw.reducer);
  if (reducer !== undefined) score.reducer = reducer;
  const scored = count(raw.scored_samples);
  if (scored !== undefined) score.scoredSamples = scored;
  const unscored = count(raw.unscored_samples);
  if (unscored !== undefined) score.unscoredSamples = unscored;
  return score;
}

/** The EvalScores of an Inspect `results` object (anything else gives none). */
export function storedEvalScores(results: unknown): StoredEvalScore[] {
  const scores = isDictionary(results) && Array.isArray(results.scores) ? results.scores : [];
  const stored: StoredEvalScore[] = [];
  for (const raw of scores) {
    const score = storedEvalScore(raw);
    if (score) stored.push(score);
  }
  return stored;
}

/** Whether the log's eval spec turns epoch reduction off (`epochs_reducer: []`): metrics then see every epoch. */
export function reductionDisabled(evalSpec: unknown): boolean {
  const config = isDictionary(evalSpec) && isDictionary(evalSpec.config) ? evalSpec.config : undefined;
  return config !== undefined && Array.isArray(config.epochs_reducer) && config.epochs_reducer.length === 0;
}
