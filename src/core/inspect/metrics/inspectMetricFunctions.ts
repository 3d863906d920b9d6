/**
 * Inspect's built-in metrics over the epoch-reduced per-sample values, with Inspect's own guards and corrections
 * (docs/inspect-logs.md): accuracy and mean are 0 without values; std, var and stderr use n − 1 and are 0 below two
 * values; the clustered stderr multiplies by C / (C − 1) and is 0 below two clusters.
 */
import { inspectMetricStrings } from '../../l10n/inspectMetricStrings';
import { variance as sampleVariance } from '../../compare/statistics/descriptive';
import { isDictionary, quoteValue } from './inspectValue';
import { meanOf } from './reducerStatistics';

/** One sample's value as the metrics see it. */
export interface MetricInput {
  sampleId: string | number;
  value: number;
  /** The sample's metadata (the cluster of a clustered stderr). */
  metadata?: unknown;
}

export type MetricResult = { value: number } | { problem: string };

/** The metrics recomputed here, by the name Inspect logs them under. */
export const RECOMPUTED_METRICS: ReadonlySet<string> = new Set(['accuracy', 'mean', 'std', 'var', 'stderr']);

/** The proportion (or mean) of the values; 0 without values, as Inspect. */
export function accuracyOf(values: readonly number[]): number {
  return values.length ? meanOf(values) : 0;
}

/** Sample variance (n − 1); 0 below two values, as Inspect. */
export function varianceOf(values: readonly number[]): number {
  return values.length < 2 ? 0 : sampleVariance(values);
}

/** Sample standard deviation (n − 1); 0 below two values. */
export function stdOf(values: readonly number[]): number {
  return values.length < 2 ? 0 : Math.sqrt(sampleVariance(values));
}

/** Standard error of the mean, std (n − 1) / √n; 0 below two values. */
export function stderrOf(values: readonly number[]): number {
  return values.length < 2 ? 0 : Math.sqrt(sampleVariance(values)) / Math.sqrt(values.length);
}

/** The cluster a cluster id names, with Python's key equality (1, 1.0 and true are one cluster). */
function clusterKey(id: unknown): string | undefined {
  if (typeof id === 'boolean') return `n:${id ? 1 : 0}`;
  if (typeof id === 'number') return `n:${id}`;
  if (typeof id === 'string') return `s:${id}`;
  return undefined;
}

/** The values partitioned by the cluster id in each sample's metadata, or why that is impossible. */
export function clusterPartition(inputs: readonly MetricInput[], cluster: string): number[][] | { problem: string } {
  const groups = new Map<string, number[]>();
  for (const input of inputs) {
    const metadata = isDictionary(input.metadata) ? input.metadata : undefined;
    const id = metadata && Object.prototype.hasOwnProperty.call(metadata, cluster) ? metadata[cluster] : undefined;
    if (id === undefined || id === null || (typeof id === 'number' && Number.isNaN(id))) {
      return { problem: inspectMetricStrings.missingCluster(quoteValue(input.sampleId), cluster) };
    }
    const key = clusterKey(id);
    if (key === undefined) return { problem: inspectMetricStrings.unhashableCluster(quoteValue(input.sampleId), cluster) };
    let group = groups.get(key);
    if (!group) groups.set(key, (group = []));
    group.push(input.value);
  }
  return [...groups.values()];
}

/** Clustered standard error: √(Σ_c (Σ_i (x_ci − x̄))² · C / (C − 1)) / n; 0 below two clusters. */
export function clusteredStderrOf(partition: readonly (readonly number[])[]): number {
  const clusters = partition.length;
  if (clusters < 2) return 0;
  const values = partition.flat();
  const mean = meanOf(values);
  let clusteredVariance = 0;
  for (const group of partition) {
    let deviation = 0;
    for (const value of group) deviation += value - mean;
    clusteredVariance += deviation * deviation;
  }
  return Math.sqrt((clusteredVariance * clusters) / (clusters - 1)) / values.length;
}

/** A recomputed metric's value (`name` one of RECOMPUTED_METRICS); `cluster` for a clustered stderr. */
export function computeMetric(name: string, inputs: readonly MetricInput[], cluster?: string): MetricResult {
  const values = inputs.map((input) => input.value);
  switch (name) {
    case 'accuracy':
    case 'mean':
      return { value: accuracyOf(values) };
    case 'std':
      return { value: stdOf(values) };
    case 'var':
      return { value: varianceOf(values) };
    case 'stderr': {
      if (cluster === undefined) return { value: stderrOf(values) };
      const partition = clusterPartition(inputs, cluster);
      return Array.isArray(partition) ? { value: clusteredStderrOf(partition) } : partition;
    }
    default:
      return { problem: inspectMetricStrings.customMetric(name) };
  }
}
