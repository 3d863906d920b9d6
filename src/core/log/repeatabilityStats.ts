import type { MetricGroup, RepeatabilityStat } from '../model/logViewTypes';
import { toNumeric } from './logValue';

/**
 * Statistics across runs for every metric value key (docs/semantics.md §8, repeatability). The standard deviation
 * is the sample standard deviation (divisor n − 1), null with fewer than two runs carrying the value.
 */
export function repeatabilityStats(runs: readonly (MetricGroup[] | null)[]): RepeatabilityStat[] {
  const stats = new Map<string, RepeatabilityStat>();
  runs.forEach((groups, runPosition) => {
    for (const group of groups ?? []) {
      for (const metric of group.metrics) {
        for (const value of metric.values) {
          const id = JSON.stringify([group.scorerKey ?? null, metric.metricKey, value.key]);
          let stat = stats.get(id);
          if (!stat) {
            stat = { metricKey: metric.metricKey, valueKey: value.key, perRun: new Array<number | null>(runs.length).fill(null), mean: null, std: null, min: null, max: null };
            if (group.scorerKey !== undefined) stat.scorerKey = group.scorerKey;
            stats.set(id, stat);
          }
          stat.perRun[runPosition] = toNumeric(value.value) ?? null;
        }
      }
    }
  });
  for (const stat of stats.values()) Object.assign(stat, describe(stat.perRun));
  return [...stats.values()];
}

export function describe(perRun: readonly (number | null)[]): Pick<RepeatabilityStat, 'mean' | 'std' | 'min' | 'max'> {
  const values = perRun.filter((v): v is number => v !== null);
  if (values.length === 0) return { mean: null, std: null, min: null, max: null };
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  const std = values.length < 2 ? null : Math.sqrt(values.reduce((a, v) => a + (v - mean) ** 2, 0) / (values.length - 1));
  return { mean, std, min: Math.min(...values), max: Math.max(...values) };
}
