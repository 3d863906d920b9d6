/**
 * How the figures of a comparison are written, the same in the compare view, the CLI table and the
 * standalone HTML page. A metric key follows the log report's one rule (valueFormats.ts): a rate reads as a
 * percentage and its differences (Δ, interval, MDE) in percentage points; other values as formatNumber.
 */
import type { MetricComparison } from '../model/compareTypes';
import { compareStrings as S } from '../l10n/compareStrings';
import { formatNumber, formatPercent } from './displayFormat';
import { metricValueIsRate } from './metricValueFormat';

/** What decides how a metric key's figures read. */
type MetricKeyRule = Pick<MetricComparison, 'metricType' | 'metricKey' | 'valueKey'>;

export function num(value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '—';
  // Rounding noise of sums (e.g. 5.6e-18 for a mean of differences that cancel) is shown as 0.
  return formatNumber(Math.abs(value) < 1e-12 ? 0 : value);
}

/** A difference with its sign: "+0.183", "−0.05", "0". */
export function signed(value: number | null | undefined): string {
  const text = num(value);
  return text !== '0' && typeof value === 'number' && value > 0 ? `+${text}` : text.replace(/^-/, '−');
}

export function pValue(p: number | null | undefined): string {
  if (p === null || p === undefined) return '—';
  return p < 0.0001 ? '< 0.0001' : formatNumber(p);
}

export function metricLabel(m: Pick<MetricComparison, 'scorerKey' | 'metricKey' | 'valueKey'>): string {
  const key = m.metricKey === m.valueKey ? m.metricKey : `${m.metricKey}/${m.valueKey}`;
  return m.scorerKey ? `${m.scorerKey}: ${key}` : key;
}

/** Metric types whose value is the mean of the per-sample values: what the paired figures compare. */
const MEAN_TYPES: ReadonlySet<string> = new Set(['mean', 'accuracy']);

/**
 * What the figures of a compared metric are about: a `min`, `max`, `sum` or `count` metric is compared through the
 * mean of its per-sample values (docs/semantics.md §10), which is not the value the logs report; undefined for a mean.
 */
export function comparedQuantity(m: Pick<MetricComparison, 'metricType'>): string | undefined {
  return MEAN_TYPES.has(m.metricType) ? undefined : S.perSampleMeanOf(m.metricType);
}

/** The metric's label in a table of figures: its name, and what is compared when it is not the reported value. */
export function comparedMetricLabel(m: Pick<MetricComparison, 'scorerKey' | 'metricKey' | 'valueKey' | 'metricType'>): string {
  const quantity = comparedQuantity(m);
  return quantity ? `${metricLabel(m)} (${quantity})` : metricLabel(m);
}

/** The values the logs report for a metric compared through its per-sample mean: "reported min: 0 → 0.01". */
export function reportedValues(m: Pick<MetricComparison, 'metricType' | 'metricKey' | 'valueKey' | 'baseline' | 'candidate'>): string | undefined {
  if (MEAN_TYPES.has(m.metricType)) return undefined;
  return S.reportedValues(m.metricType, metricValue(m, m.baseline), metricValue(m, m.candidate));
}

/** Whether the metric key's values are rates (percentages), by the report's rule. */
export function isRateMetric(m: MetricKeyRule): boolean {
  return metricValueIsRate(m.metricType, m.metricKey, m.valueKey);
}

function missing(value: number | null | undefined): value is null | undefined {
  return value === null || value === undefined || Number.isNaN(value);
}

function clean(value: number): number {
  return Math.abs(value) < 1e-12 ? 0 : value;
}

/** A value of the metric key (baseline, candidate): "54.2%" for a rate, else as `num`. */
export function metricValue(m: MetricKeyRule, value: number | null | undefined): string {
  if (missing(value)) return '—';
  const v = clean(value);
  return isRateMetric(m) && v >= 0 && v <= 1 ? formatPercent(v) : num(v);
}

/** Percentage points with one decimal, without a unit: 0.1834 → "18.3". */
function points(value: number): string {
  const text = (value * 100).toFixed(1).replace(/\.0$/, '');
  return text === '-0' ? '0' : text;
}

function rateDifference(m: MetricKeyRule, value: number): boolean {
  return isRateMetric(m) && Number.isFinite(value) && Math.abs(value) <= 1;
}

/** A metric key with its Δ where there is one: what decides how the bounds and sizes of that Δ read. */
type DifferenceRule = MetricKeyRule & { estimate?: { delta?: number | null } };

/**
 * Whether the bounds and sizes of a metric key's Δ read in percentage points: a rate key whose Δ is a difference of
 * rates (within ±1). They then read in points even past ±100 pp (a t interval over few samples can reach past what
 * a difference of rates can be), so that one row never mixes units; without a Δ, a value within ±1 does.
 */
function readsInPoints(m: DifferenceRule, value: number): boolean {
  const delta = m.estimate?.delta;
  return Number.isFinite(value) && rateDifference(m, typeof delta === 'number' && !Number.isNaN(delta) ? clean(delta) : value);
}

function signedPoints(value: number): string {
  const text = points(value);
  return text === '0' ? text : value > 0 ? `+${text}` : text.replace(/^-/, '−');
}

/** A difference of the metric key with its sign: "+18.3 pp" for a rate, else as `signed`. */
export function metricDelta(m: MetricKeyRule, value: number | null | undefined): string {
  if (missing(value)) return '—';
  const v = clean(value);
  return rateDifference(m, v) ? `${signedPoints(v)} pp` : signed(v);
}

/** A size of difference (the MDE): "7.3 pp" for a rate (as its Δ reads, readsInPoints), else as `num`. */
export function metricSize(m: DifferenceRule, value: number | null | undefined): string {
  if (missing(value)) return '—';
  const v = clean(value);
  return readsInPoints(m, v) ? `${points(v)} pp` : num(v);
}

/** The 95% interval of Δ: "[+7.3, +29.4] pp" for a rate, "[+0.0728, +0.294]" otherwise. */
export function interval(m: MetricComparison): string {
  return intervalOf(m, m.estimate.ciLow, m.estimate.ciHigh);
}

/** An interval of Δ (the t interval, the bootstrap one) written as `interval` writes the t interval. */
export function intervalOf(m: DifferenceRule, ciLow: number | null | undefined, ciHigh: number | null | undefined): string {
  if (missing(ciLow) || missing(ciHigh)) return '—';
  const low = clean(ciLow);
  const high = clean(ciHigh);
  if (readsInPoints(m, low) && readsInPoints(m, high)) return `[${signedPoints(low)}, ${signedPoints(high)}] pp`;
  return `[${signed(low)}, ${signed(high)}]`;
}

export function verdictText(m: MetricComparison): string {
  const verdict = S.verdictLabel[m.verdict];
  return m.lowerIsBetter ? `${verdict} (${S.lowerIsBetter})` : verdict;
}
