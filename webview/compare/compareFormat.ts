/**
 * How the figures of a comparison are written, the same in the compare view, the CLI table and the
 * standalone HTML page (numbers as the report formats them).
 */
import type { MetricComparison } from '../../src/core/compare/compareTypes';
import { compareStrings as S } from '../../src/core/l10n/compareStrings';
import { formatNumber } from '../logReport/format';

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

export function interval(m: MetricComparison): string {
  return m.estimate.ciLow === null || m.estimate.ciHigh === null ? '—' : `[${signed(m.estimate.ciLow)}, ${signed(m.estimate.ciHigh)}]`;
}

export function verdictText(m: MetricComparison): string {
  const verdict = S.verdictLabel[m.verdict];
  return m.lowerIsBetter ? `${verdict} (${S.lowerIsBetter})` : verdict;
}
