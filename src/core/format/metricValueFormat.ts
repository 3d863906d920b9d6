/**
 * One display rule per metric value key: whether `scorer/value` is a rate (shown as a percentage) is decided
 * once from the whole summary, then used by every view (Overview, Runs, the samples table, the sample detail,
 * the exported HTML), so a value never reads 0.556 in one place and 55.6% in another. Pure, no DOM.
 */
import type { LogSummary, MetricGroup } from '../model/logViewTypes';
import { formatValue, isRate } from './displayFormat';

/** Metric types whose value is on the scale of the per-sample values (a mean of rates is a rate). */
const MEAN_TYPES = /^(mean|average|avg|micro_mean|macro_mean)$/i;

/** Whether a reported metric value reads as a percentage: a rate by type or value key, or a mean of a rate key. */
export function metricValueIsRate(metricType: string | undefined, metricKey: string, valueKey: string): boolean {
  const averaged = metricType === undefined || MEAN_TYPES.test(metricType);
  return isRate(metricType, valueKey) || (averaged && isRate(undefined, metricKey));
}

function keyOf(scorerKey: string | undefined, valueKey: string): string {
  return `${scorerKey ?? ''}\u0000${valueKey}`;
}

export class ValueFormats {
  private readonly rates = new Set<string>();
  private readonly rateValueKeys = new Set<string>();

  constructor(summary: Pick<LogSummary, 'metrics' | 'samples' | 'runs'>) {
    const groups: MetricGroup[] = [...(summary.metrics ?? []), ...(summary.runs?.runs.flatMap((r) => r.metrics ?? []) ?? [])];
    for (const group of groups) {
      for (const metric of group.metrics) {
        for (const value of metric.values) {
          if (metricValueIsRate(metric.metricType, metric.metricKey, value.key)) this.mark(metric.scorerKey, value.key);
        }
      }
    }
    for (const column of summary.samples.scoreColumns) if (column.kind === 'boolean' || isRate(undefined, column.valueKey)) this.mark(column.scorerKey, column.valueKey);
    for (const stat of summary.runs?.stats ?? []) if (isRate(undefined, stat.valueKey)) this.mark(stat.scorerKey, stat.valueKey);
  }

  private mark(scorerKey: string | undefined, valueKey: string): void {
    this.rates.add(keyOf(scorerKey, valueKey));
    this.rateValueKeys.add(valueKey);
  }

  /** Whether the values stored under `valueKey` (of `scorerKey`, when known) read as percentages. */
  isRate(scorerKey: string | undefined, valueKey: string): boolean {
    if (scorerKey === undefined) return this.rateValueKeys.has(valueKey);
    return this.rates.has(keyOf(scorerKey, valueKey)) || this.rates.has(keyOf(undefined, valueKey));
  }

  /** A value (or a spread of values, such as a standard deviation) of `scorer/valueKey` for display. */
  format(scorerKey: string | undefined, valueKey: string, value: unknown): string {
    return formatValue(value, this.isRate(scorerKey, valueKey));
  }
}

let current: ValueFormats | undefined;

/** Sets the rules of the report being shown (called once per summary). */
export function useValueFormats(summary: Pick<LogSummary, 'metrics' | 'samples' | 'runs'>): ValueFormats {
  current = new ValueFormats(summary);
  return current;
}

/** The rule in force: whether `scorer/valueKey` is a rate (a boolean score always is). */
export function rateOf(scorerKey: string | undefined, valueKey: string, kind?: string): boolean {
  if (kind === 'boolean') return true;
  return current ? current.isRate(scorerKey, valueKey) : isRate(undefined, valueKey, kind);
}
