/** Overview: metric cards, errors by stage, token usage chart. */
import type { LogSummary } from '../../src/core/model/logViewTypes';
import { logStrings as S } from '../../src/core/l10n/logStrings';
import { el } from '../shared/dom';
import { MetricSelect, renderMetricGroups } from './metricCards';
import { errorSummary } from './errorsTab';
import { usageChart } from './usageTab';

export function renderOverviewTab(summary: LogSummary, onSelectMetric: MetricSelect): HTMLElement {
  const panel = el('div', { className: 'overview-tab' });
  panel.appendChild(el('h2', { className: 'visually-hidden', text: S.metrics }));
  panel.appendChild(renderMetricGroups(summary.metrics, summary.metricsMissingReason, onSelectMetric));
  const side = el('div', { className: 'overview-side' }, errorSummary(summary), el('section', { className: 'usage-summary' }, el('h2', { text: S.tokenUsage }), usageChart(summary.tokenUsage)));
  panel.appendChild(side);
  return panel;
}
