/**
 * The metrics an Inspect log stores, each recomputed from every sample's scores the way Inspect computed it: the
 * epochs of a sample reduced by the score's reducer, the values read with Inspect's value mapping, then the
 * metric (docs/inspect-logs.md). Never throws on hostile values: what cannot be recomputed says why.
 */
import type { MetricGroup, MetricValueView, MetricView, Verification } from '../../model/logViewTypes';
import { distributionOf } from '../../log/metricsView';
import { PROPORTION_METRIC_TYPES } from '../../log/metricStatistics';
import { variance } from '../../compare/statistics/descriptive';
import { proportionInterval } from '../../compare/statistics/proportionIntervals';
import { checkMetric } from './metricCheck';
import { isDictionary } from './inspectValue';
import { MetricValues, ScorerSamples, metricValues } from './scorerSamples';
import { StoredEvalScore, StoredMetric, reductionDisabled, storedEvalScores } from './storedEvalScores';

export interface InspectSampleScores {
  id: string | number;
  epoch: number;
  /** scorer name → Inspect Score object ({ value, answer?, explanation?, metadata? }) as stored in the sample or summary */
  scores: Record<string, unknown>;
  /** the sample's metadata (for clustered stderr) */
  metadata?: unknown;
}

/** The distribution, interval and spread of the per-sample values behind a metric (docs/semantics.md §12). */
function addStatistics(view: MetricValueView, metricName: string, values: MetricValues): void {
  const numbers = values.inputs.map((input) => input.value);
  const distribution = distributionOf(numbers);
  if (distribution) view.distribution = distribution;
  if (!PROPORTION_METRIC_TYPES.has(metricName) || numbers.length < 2) return;
  view.spread = { n: numbers.length, variance: variance(numbers) };
  const interval = proportionInterval(numbers);
  if (interval) view.interval = interval;
}

/**
 * The column of each EvalScore's epoch-reduced values, as the index lists them: `${scorer}/${name}`, where the name
 * is the dictionary key the EvalScore reads or the scorer's own name, and `${scorer}/${name}@${reducer}` for a
 * second reducer of the same score. Two EvalScores of one score and one reducer share a column.
 */
function reducedColumnIds(evalScores: readonly StoredEvalScore[]): string[] {
  const seen = new Set<string>();
  return evalScores.map((evalScore) => {
    const plain = `${evalScore.scorer}/${evalScore.name}`;
    const id = seen.has(plain) ? `${plain}@${evalScore.reducer ?? ''}` : plain;
    seen.add(id);
    return id;
  });
}

function metricView(metric: StoredMetric, evalScore: StoredEvalScore, column: string, value: MetricValueView): MetricView {
  return {
    metricKey: metric.key,
    metricType: metric.name,
    scorerKey: evalScore.name,
    scorerName: evalScore.scorer,
    scorerPurpose: 'score',
    column,
    values: [value],
  };
}

function verifiedMetricView(metric: StoredMetric, evalScore: StoredEvalScore, column: string, values: MetricValues): MetricView {
  const value: MetricValueView = { key: metric.name, value: metric.value, verification: checkMetric(metric, values, evalScore) };
  if (values.problem === undefined) addStatistics(value, metric.name, values);
  return metricView(metric, evalScore, column, value);
}

/**
 * The metrics of Inspect's `results` object as stored, each value with `verification` as it is (the samples not
 * read yet): what a report shows before its samples are indexed.
 */
export function storedMetricGroups(results: unknown, verification: Verification): MetricGroup[] {
  const evalScores = storedEvalScores(results);
  const columns = reducedColumnIds(evalScores);
  return evalScores.map((evalScore, i) => ({
    scorerKey: evalScore.name,
    scorerName: evalScore.scorer,
    purpose: 'score',
    metrics: evalScore.metrics.map((metric) => metricView(metric, evalScore, columns[i], { key: metric.name, value: metric.value, verification })),
  }));
}

/**
 * Inspect's `results` object (EvalResults) and every sample's scores (every epoch) → the report's metric groups,
 * each value verified. `evalSpec` (the log's `eval`) tells whether epoch reduction was turned off.
 */
export function verifyInspectMetrics(results: unknown, samples: Iterable<InspectSampleScores>, evalSpec?: unknown): MetricGroup[] {
  if (!storedEvalScores(results).length) return [];
  return metricGroupsOf(results, new ScorerSamples(samples, !reductionDisabled(evalSpec)));
}

/**
 * The keys of a sample's metadata the stored metrics read: a clustered stderr's `cluster`. The metrics read no
 * other part of the metadata, so a reader may hand over only these.
 */
export function metadataKeysRead(results: unknown): Set<string> {
  const keys = new Set<string>();
  try {
    for (const score of storedEvalScores(results)) for (const metric of score.metrics) if (typeof metric.params.cluster === 'string') keys.add(metric.params.cluster);
  } catch {
    // results the metrics cannot read either: they read no metadata
  }
  return keys;
}

function metricGroupsOf(results: unknown, scorerSamples: ScorerSamples): MetricGroup[] {
  const evalScores = storedEvalScores(results);
  const columns = reducedColumnIds(evalScores);
  return evalScores.map((evalScore, i) => {
    const values = metricValues(scorerSamples, evalScore);
    const group: MetricGroup = { scorerKey: evalScore.name, scorerName: evalScore.scorer, purpose: 'score', metrics: [] };
    for (const metric of evalScore.metrics) group.metrics.push(verifiedMetricView(metric, evalScore, columns[i], values));
    return group;
  });
}

/**
 * The EvalScores to list values for: the stored ones, plus each scorer no stored one covers (default reducer; one
 * per key of a dictionary value).
 */
function scoresToList(results: unknown, scorerSamples: ScorerSamples): StoredEvalScore[] {
  const stored = storedEvalScores(results);
  const covered = new Set(stored.map((score) => score.scorer));
  for (const scorer of scorerSamples.scorers()) {
    if (covered.has(scorer)) continue;
    const dictionary = scorerSamples.reducedScores(scorer, undefined).find((sample) => isDictionary(sample.score.value))?.score.value;
    const keys = isDictionary(dictionary) ? Object.keys(dictionary) : [scorer];
    for (const name of keys) stored.push({ name, scorer, metrics: [] });
  }
  return stored;
}

/**
 * The per-sample value of each score after epoch reduction, as the metrics saw it, keyed by column
 * (reducedColumnIds). Unscored samples and values that Inspect cannot read as numbers are left out.
 */
export function reducedSampleValues(results: unknown, samples: Iterable<InspectSampleScores>, evalSpec?: unknown): ReducedValues {
  return reducedValuesOf(results, new ScorerSamples(samples, !reductionDisabled(evalSpec)));
}

type ReducedValues = Map<string, Map<string | number, number>>;

function reducedValuesOf(results: unknown, scorerSamples: ScorerSamples): ReducedValues {
  const byKey: ReducedValues = new Map();
  const evalScores = scoresToList(results, scorerSamples);
  const columns = reducedColumnIds(evalScores);
  for (const [i, evalScore] of evalScores.entries()) {
    const key = columns[i];
    if (byKey.has(key)) continue;
    const values = new Map<string | number, number>();
    for (const input of metricValues(scorerSamples, evalScore).inputs) values.set(input.sampleId, input.value);
    byKey.set(key, values);
  }
  return byKey;
}

/**
 * The verified metric groups (verifyInspectMetrics) and the reduced per-sample values (reducedSampleValues) from
 * one grouping and reduction of the samples: each sample's epochs are reduced once for both. A value the metrics
 * module does not expect gives no groups or no values (`undefined`) rather than an error.
 */
export function inspectMetricsAndValues(results: unknown, samples: Iterable<InspectSampleScores>, evalSpec?: unknown): { metrics?: MetricGroup[]; reduced?: ReducedValues } {
  let scorerSamples: ScorerSamples;
  try {
    scorerSamples = new ScorerSamples(samples, !reductionDisabled(evalSpec));
  } catch {
    return {};
  }
  return { metrics: attempt(() => metricGroupsOf(results, scorerSamples)), reduced: attempt(() => reducedValuesOf(results, scorerSamples)) };
}

function attempt<T>(compute: () => T): T | undefined {
  try {
    return compute();
  } catch {
    return undefined;
  }
}
