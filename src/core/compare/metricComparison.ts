import type { BinaryCounts, ComparedMetricKey, MetricComparison, MetricVerdict, SkippedMetric } from '../model/compareTypes';
import type { ComparableLog } from './comparableLog';
import type { Alignment } from './sampleAlignment';
import type { MetricView } from '../model/logViewTypes';
import { compareStrings } from '../l10n/compareStrings';
import { PerSampleValues } from '../log/metricsView';
import { VERIFIABLE_METRIC_TYPES } from '../log/metricVerification';
import { toNumeric } from '../log/logValue';
import { SCORE_NOT_NUMBER, sampleCount } from './comparableSamples';
import { correlation, mean, NumberList, variance } from './statistics/descriptive';
import { clusteredDifference, pairedDifference, unpairedDifference } from './statistics/differenceTests';
import { holmAdjust, mcnemarExactP } from './statistics/exactTests';
import { proportionsOf, resamplingFigures } from './smallSampleFigures';

/** Significance level of the Holm-adjusted p-values. */
const ALPHA = 0.05;

/** A metric key both logs report, with the per-sample values of each log (NaN where a sample has none). */
export interface MetricKeyValues extends ComparedMetricKey {
  baselineReported: number | null;
  candidateReported: number | null;
  baselineValues: Float64Array;
  candidateValues: Float64Array;
}

interface MetricEntry {
  view: MetricView;
  scorerKey?: string;
  valueKey: string;
  value: unknown;
}

function metricId(scorerKey: string | undefined, metricKey: string, valueKey: string): string {
  return `${scorerKey ?? ''}|${metricKey}|${valueKey}`;
}

function metricEntries(log: ComparableLog): Map<string, MetricEntry> {
  const entries = new Map<string, MetricEntry>();
  for (const group of log.summary.metrics ?? []) {
    for (const view of group.metrics) {
      for (const value of view.values) {
        const id = metricId(view.scorerKey, view.metricKey, value.key);
        if (!entries.has(id)) entries.set(id, { view, scorerKey: view.scorerKey, valueKey: value.key, value: value.value });
      }
    }
  }
  return entries;
}

/** Per-sample values of one column as numbers (NaN when absent); undefined when a present value is not numeric. */
function columnValues(log: ComparableLog, column: string): Float64Array | undefined {
  const found = log.samples.columns.get(column);
  if (!found) return new Float64Array(sampleCount(log.samples)).fill(NaN);
  return found.states.includes(SCORE_NOT_NUMBER) ? undefined : found.values;
}

/** Whether a metric is flipped: matched by metric key, value key, `metricKey/valueKey` or column id. */
function isLowerBetter(lowerIsBetter: ReadonlySet<string>, metricKey: string, valueKey: string, column: string): boolean {
  return lowerIsBetter.has(metricKey) || lowerIsBetter.has(valueKey) || lowerIsBetter.has(`${metricKey}/${valueKey}`) || lowerIsBetter.has(column);
}

/** The metric keys both logs report with a verifiable type, and those left out with the reason. */
export function metricKeyValues(base: ComparableLog, cand: ComparableLog, lowerIsBetter: ReadonlySet<string>): { keys: MetricKeyValues[]; skipped: SkippedMetric[] } {
  const a = metricEntries(base);
  const b = metricEntries(cand);
  const keys: MetricKeyValues[] = [];
  const skipped: SkippedMetric[] = [];
  const skip = (entry: MetricEntry, reason: string): void => {
    const row: SkippedMetric = { metricKey: entry.view.metricKey, valueKey: entry.valueKey, reason };
    if (entry.scorerKey !== undefined) row.scorerKey = entry.scorerKey;
    skipped.push(row);
  };
  // Only the columns of the summaries are looked up here: no per-sample values.
  const basePerSample = new PerSampleValues(undefined, base.summary.samples.scoreColumns);
  const candPerSample = new PerSampleValues(undefined, cand.summary.samples.scoreColumns);
  for (const [id, entry] of a) {
    const other = b.get(id);
    if (!other) {
      skip(entry, compareStrings.metricOnlyIn('baseline'));
      continue;
    }
    const type = entry.view.metricType ?? other.view.metricType;
    if (type === undefined) {
      skip(entry, compareStrings.typeMissing);
      continue;
    }
    if (!VERIFIABLE_METRIC_TYPES.has(type) || (other.view.metricType !== undefined && !VERIFIABLE_METRIC_TYPES.has(other.view.metricType))) {
      skip(entry, compareStrings.notComparedType(type, [...VERIFIABLE_METRIC_TYPES].join(', ')));
      continue;
    }
    const baseColumn = basePerSample.column(entry.scorerKey, entry.valueKey, entry.view.column);
    const candColumn = candPerSample.column(other.scorerKey, other.valueKey, other.view.column);
    if (baseColumn.id === undefined || candColumn.id === undefined) {
      skip(entry, baseColumn.reason ?? candColumn.reason ?? compareStrings.noColumn);
      continue;
    }
    const baselineValues = columnValues(base, baseColumn.id);
    const candidateValues = columnValues(cand, candColumn.id);
    if (!baselineValues || !candidateValues) {
      skip(entry, compareStrings.notNumeric);
      continue;
    }
    const row: MetricKeyValues = {
      id,
      metricKey: entry.view.metricKey,
      valueKey: entry.valueKey,
      metricType: type,
      column: baseColumn.id,
      lowerIsBetter: isLowerBetter(lowerIsBetter, entry.view.metricKey, entry.valueKey, baseColumn.id),
      baselineReported: toNumeric(entry.value) ?? null,
      candidateReported: toNumeric(other.value) ?? null,
      baselineValues,
      candidateValues,
    };
    if (entry.scorerKey !== undefined) row.scorerKey = entry.scorerKey;
    keys.push(row);
  }
  for (const [id, entry] of b) if (!a.has(id)) skip(entry, compareStrings.metricOnlyIn('candidate'));
  return { keys, skipped };
}

function binaryCounts(a: NumberList, b: NumberList): BinaryCounts | undefined {
  if (a.length === 0) return undefined;
  const counts = { bothPass: 0, bothFail: 0, onlyBaseline: 0, onlyCandidate: 0 };
  for (let i = 0; i < a.length; i++) {
    if ((a[i] !== 0 && a[i] !== 1) || (b[i] !== 0 && b[i] !== 1)) return undefined;
    if (a[i] === 1 && b[i] === 1) counts.bothPass++;
    else if (a[i] === 0 && b[i] === 0) counts.bothFail++;
    else if (a[i] === 1) counts.onlyBaseline++;
    else counts.onlyCandidate++;
  }
  return { ...counts, mcnemarP: mcnemarExactP(counts.onlyBaseline, counts.onlyCandidate) };
}

function bothValues(key: MetricKeyValues, alignment: Alignment, pair: number): boolean {
  return !Number.isNaN(key.baselineValues[alignment.baseline[pair]]) && !Number.isNaN(key.candidateValues[alignment.candidate[pair]]);
}

/** The pairs' values where both sides have one, and their differences, in typed arrays (no garbage for a million pairs). */
function pairedValues(key: MetricKeyValues, alignment: Alignment): { a: Float64Array; b: Float64Array; d: Float64Array } {
  const n = alignment.baseline.length;
  const a = new Float64Array(n);
  const b = new Float64Array(n);
  const d = new Float64Array(n);
  let count = 0;
  for (let i = 0; i < n; i++) {
    const x = key.baselineValues[alignment.baseline[i]];
    const y = key.candidateValues[alignment.candidate[i]];
    if (Number.isNaN(x) || Number.isNaN(y)) continue;
    a[count] = x;
    b[count] = y;
    d[count++] = y - x;
  }
  return { a: a.subarray(0, count), b: b.subarray(0, count), d: d.subarray(0, count) };
}

function finite(values: Float64Array): number[] {
  const list: number[] = [];
  for (const v of values) if (!Number.isNaN(v)) list.push(v);
  return list;
}

/**
 * The figures of one metric key (docs/semantics.md §10): paired over the aligned samples that carry the value in both
 * logs (clustered when `clusters` gives each pair's cluster), or unpaired (Welch) over every sample when
 * the logs share no sample.
 */
export function compareMetricKey(key: MetricKeyValues, alignment: Alignment, unpaired: boolean, clusters?: readonly string[], resampling?: { seed?: number }): Omit<MetricComparison, 'pHolm' | 'significant' | 'verdict' | 'changes'> {
  let a: NumberList;
  let b: NumberList;
  let d: NumberList = [];
  let estimate;
  let binary: BinaryCounts | undefined;
  let r: number | null = null;
  if (unpaired) {
    a = finite(key.baselineValues);
    b = finite(key.candidateValues);
    estimate = unpairedDifference(a, b);
  } else {
    ({ a, b, d } = pairedValues(key, alignment));
    const pairClusters: string[] = [];
    if (clusters) for (let i = 0; i < alignment.baseline.length; i++) if (bothValues(key, alignment, i)) pairClusters.push(clusters[i]);
    estimate = clusters ? clusteredDifference(d, pairClusters) : pairedDifference(d);
    r = correlation(a, b);
    binary = binaryCounts(a, b);
  }
  const result: Omit<MetricComparison, 'pHolm' | 'significant' | 'verdict' | 'changes'> = {
    id: key.id,
    metricKey: key.metricKey,
    valueKey: key.valueKey,
    metricType: key.metricType,
    column: key.column,
    lowerIsBetter: key.lowerIsBetter,
    baseline: key.baselineReported,
    candidate: key.candidateReported,
    baselineMean: a.length ? mean(a) : null,
    candidateMean: b.length ? mean(b) : null,
    estimate,
    correlation: r,
  };
  if (key.scorerKey !== undefined) result.scorerKey = key.scorerKey;
  if (binary) result.binary = binary;
  addSmallSampleFigures(result, a, b, unpaired ? undefined : d, resampling);
  return result;
}

/**
 * The figures of docs/semantics.md §12 beside those of §10: Wilson intervals when both sides are 0/1; for paired
 * values that are not, the bootstrap interval and the permutation test when asked for; the variance of the differences.
 */
function addSmallSampleFigures(result: Omit<MetricComparison, 'pHolm' | 'significant' | 'verdict' | 'changes'>, a: NumberList, b: NumberList, differences: NumberList | undefined, resampling?: { seed?: number }): void {
  const proportions = proportionsOf(a, b);
  if (proportions) result.proportions = proportions;
  if (!differences || differences.length < 2) return;
  result.differenceVariance = variance(differences);
  if (proportions || !resampling) return;
  const figures = resamplingFigures(Float64Array.from(differences), result.estimate.p, resampling.seed);
  if (figures) result.resampling = figures;
}

/** Holm's adjustment over the metric keys of one comparison, then significance and the verdict per key. */
export function adjustAndJudge<T extends { estimate: { p: number | null; delta: number }; lowerIsBetter: boolean }>(metrics: readonly T[]): (T & { pHolm: number | null; significant: boolean; verdict: MetricVerdict })[] {
  const adjusted = holmAdjust(metrics.map((m) => m.estimate.p));
  return metrics.map((m, i) => {
    const pHolm = adjusted[i];
    const significant = pHolm !== null && pHolm < ALPHA;
    let verdict: MetricVerdict = 'untested';
    if (pHolm !== null) verdict = !significant || m.estimate.delta === 0 ? 'no_difference' : (m.estimate.delta > 0) !== m.lowerIsBetter ? 'better' : 'worse';
    return { ...m, pHolm, significant, verdict };
  });
}
