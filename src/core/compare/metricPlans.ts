import type { ComparedMetricKey, MetricComparison, SamplePlan } from '../model/compareTypes';
import type { ComparableLog } from './comparableLog';
import { metricKeyValues } from './metricComparison';
import { variance } from './statistics/descriptive';
import { samplesNeeded } from './statistics/samplePlanning';

/** What a plan is for: the power and the level of the test (defaults: 0.8 and 0.05). */
export interface PlanSettings {
  delta: number;
  power?: number;
  alpha?: number;
}

/** The plan of one metric key, with how many values its variance comes from. */
export interface MetricPlan extends Omit<ComparedMetricKey, 'lowerIsBetter' | 'metricType' | 'column'> {
  values: number;
  plan: SamplePlan;
}

/**
 * Plans from one log (docs/semantics.md §12): per metric key whose per-sample values a comparison would use,
 * n = (z_a + z_b)²·2s²/D², s² the variance (n − 1) of its sample-level values.
 */
export function singleLogPlans(log: ComparableLog, settings: PlanSettings): MetricPlan[] {
  return metricKeyValues(log, log, new Set()).keys.map((key) => {
    const values: number[] = [];
    for (const v of key.baselineValues) if (!Number.isNaN(v)) values.push(v);
    const row: MetricPlan = { id: key.id, metricKey: key.metricKey, valueKey: key.valueKey, values: values.length, plan: samplesNeeded(variance(values), settings.delta, { ...settings, paired: false }) };
    if (key.scorerKey !== undefined) row.scorerKey = key.scorerKey;
    return row;
  });
}

/** The plan of a compared metric key from the variance of its paired differences; undefined when unpaired. */
export function comparisonPlan(metric: MetricComparison, settings: PlanSettings): SamplePlan | undefined {
  if (metric.differenceVariance === undefined) return undefined;
  return samplesNeeded(metric.differenceVariance, settings.delta, { ...settings, paired: true });
}

/** Plans of every compared metric key of a comparison (n = (z_a + z_b)²·s_d²/D²). */
export function comparisonPlans(metrics: readonly MetricComparison[], settings: PlanSettings): MetricPlan[] {
  const rows: MetricPlan[] = [];
  for (const metric of metrics) {
    const plan = comparisonPlan(metric, settings);
    if (!plan) continue;
    const row: MetricPlan = { id: metric.id, metricKey: metric.metricKey, valueKey: metric.valueKey, values: metric.estimate.n, plan };
    if (metric.scorerKey !== undefined) row.scorerKey = metric.scorerKey;
    rows.push(row);
  }
  return rows;
}
