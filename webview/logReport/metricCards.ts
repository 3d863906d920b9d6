/** Metric cards grouped by scorer (score and qa apart), each value with its verification and distribution. */
import type { MetricGroup, MetricValueView, MetricView, Verification } from '../../src/core/model/logViewTypes';
import { logStrings as S, logStrings as V } from '../../src/core/l10n/logStrings';
import { el, icon } from '../shared/dom';
import { exactValue, formatValue } from '../../src/core/format/displayFormat';
import { rateOf } from '../../src/core/format/metricValueFormat';
import { distributionChart } from './charts';
import { curveFigure, curveNote, intervalLine, planLine } from '../shared/statisticsBlocks';

export type MetricSelect = (metric: { scorerKey?: string; valueKey: string; label: string }) => void;

export function verificationBadge(verification: Verification, asRate: boolean): HTMLElement {
  if (verification.pending) {
    return el('span', { className: 'verify verify-pending', title: S.verifyPendingTitle, attrs: { 'data-verdict': 'pending', role: 'status' } }, icon('loading codicon-modifier-spin'), ` ${S.verifyPending}`);
  }
  switch (verification.verdict) {
    case 'match':
      return el('span', { className: 'verify verify-match', title: S.verifyMatchTitle(verification.sampleCount), attrs: { 'data-verdict': 'match' } }, icon('check'), ` ${S.verifyMatch}`);
    case 'mismatch': {
      const recomputed = verification.recomputed !== undefined ? formatValue(verification.recomputed, asRate) : S.unknownValue;
      const title = `${S.verifyMismatchTitle(verification.reason)}${verification.recomputed !== undefined ? ` (${exactValue(verification.recomputed)})` : ''}`;
      return el('span', { className: 'verify verify-mismatch', title, attrs: { 'data-verdict': 'mismatch' } }, icon('warning'), ` ${S.verifyMismatch(recomputed)}`);
    }
    default:
      return el('span', { className: 'verify verify-none', title: S.verifyNotVerifiableTitle(verification.reason), attrs: { 'data-verdict': 'not_verifiable' } }, icon('circle-slash'), ` ${S.verifyNotVerifiable}`);
  }
}

function valueRow(metric: MetricView, value: MetricValueView, onSelect: MetricSelect): HTMLElement {
  const asRate = rateOf(metric.scorerKey, value.key);
  const label = `${metric.scorerName ?? metric.scorerKey ?? ''} ${value.key}`.trim();
  const button = el('button', {
    className: 'metric-value',
    title: `${exactValue(value.value)} — ${S.showSamples}`,
    attrs: { 'data-metric-key': metric.metricKey, 'data-value-key': value.key, 'aria-label': `${value.key} ${formatValue(value.value, asRate)}. ${S.showSamples}` },
  }, el('span', { className: 'value-key', text: value.key }), el('span', { className: 'value-number', text: formatValue(value.value, asRate) }));
  button.addEventListener('click', () => onSelect({ scorerKey: metric.scorerKey, valueKey: value.key, label }));
  return el('div', { className: 'metric-value-row' }, button, verificationBadge(value.verification, asRate), value.distribution ? distributionChart(value.distribution) : null);
}

/** Under a metric value: its Wilson interval, its unbiased curves and the "Plan a run" line (docs/semantics.md §12). */
function valueStatistics(metric: MetricView, value: MetricValueView): HTMLElement | null {
  const asRate = rateOf(metric.scorerKey, value.key) || value.interval !== undefined;
  const label = `${metric.scorerKey ?? ''}/${value.key}`.replace(/^\//, '');
  const curve = value.curve ? curveFigure(value.curve, label) : null;
  const parts = [value.interval ? intervalLine(value.interval, true) : null, curve, curve ? curveNote() : null, value.spread ? planLine(value.spread, asRate) : null].filter((p): p is HTMLElement => p !== null);
  return parts.length ? el('div', { className: 'metric-statistics', attrs: { 'data-testid': 'metric-statistics' } }, ...parts) : null;
}

function metricCard(metric: MetricView, onSelect: MetricSelect): HTMLElement {
  const mismatched = metric.values.some((v) => v.verification.verdict === 'mismatch');
  const card = el('article', { className: `metric-card${mismatched ? ' has-mismatch' : ''}`, attrs: { 'data-testid': 'metric-card', 'aria-label': metric.metricKey, id: metricCardId(metric), tabindex: -1 } });
  card.appendChild(el('div', { className: 'metric-head' }, el('h3', { text: metric.metricKey }), el('span', { className: 'metric-type', text: metric.metricType ?? S.metricTypeUnknown })));
  if (metric.reason) card.appendChild(el('p', { className: 'metric-reason', text: metric.reason }));
  for (const value of metric.values) card.append(valueRow(metric, value, onSelect), valueStatistics(metric, value) ?? '');
  return card;
}

/** The element id of a metric's card (the mismatch banner links to it). */
export function metricCardId(metric: Pick<MetricView, 'scorerKey' | 'metricKey'>): string {
  return `metric-${(metric.scorerKey ?? '').replace(/[^\w-]/g, '_')}--${metric.metricKey.replace(/[^\w-]/g, '_')}`;
}

function groupTitle(group: MetricGroup): string {
  if (!group.scorerKey && !group.scorerName) return S.noScorer;
  const name = group.scorerName ?? group.scorerKey ?? '';
  return group.scorerName && group.scorerKey && group.scorerName !== group.scorerKey ? `${name} (${group.scorerKey})` : name;
}

/** All metric groups; score groups first, then qa groups under their own heading. */
export function renderMetricGroups(groups: MetricGroup[] | null, missingReason: string | undefined, onSelect: MetricSelect): HTMLElement {
  const section = el('section', { className: 'metrics', attrs: { 'aria-label': S.metrics } });
  if (!groups || groups.length === 0) {
    section.appendChild(el('p', { className: 'empty', text: missingReason ?? S.noMetrics }));
    return section;
  }
  const renderGroup = (group: MetricGroup): HTMLElement => {
    const qa = group.purpose === 'qa';
    const box = el('div', { className: `metric-group purpose-${group.purpose}` }, el('h2', { className: qa ? 'qa-heading' : '', text: qa ? V.qaGroupTitle(groupTitle(group)) : groupTitle(group) }));
    const cards = el('div', { className: 'metric-cards' });
    for (const metric of group.metrics) cards.appendChild(metricCard(metric, onSelect));
    box.appendChild(cards);
    return box;
  };
  // No heading without content: empty groups are left out, and each quality-check group says so in its own
  // heading (score groups first, then the qa groups).
  const filled = groups.filter((g) => g.metrics.length > 0);
  for (const group of [...filled.filter((g) => g.purpose !== 'qa'), ...filled.filter((g) => g.purpose === 'qa')]) section.appendChild(renderGroup(group));
  return section;
}
