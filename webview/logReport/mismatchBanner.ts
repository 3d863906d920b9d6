/** A banner under the header when a reported metric does not match its per-sample scores, linking to each. */
import type { LogSummary } from '../../src/core/model/logViewTypes';
import { logStrings as V } from '../../src/core/l10n/logStrings';
import { el, icon } from '../shared/dom';
import { metricCardId } from './metricCards';
import { mismatchedMetrics } from './reportRules';

export function mismatchBanner(summary: LogSummary, showMetric: (cardId: string) => void): HTMLElement | undefined {
  const metrics = mismatchedMetrics(summary);
  if (metrics.length === 0) return undefined;
  const banner = el('div', { className: 'mismatch-banner', attrs: { role: 'alert', 'data-testid': 'mismatch-banner' } }, icon('warning'), el('span', { text: V.mismatchBanner(metrics.length) }));
  for (const metric of metrics) {
    const label = metric.scorerName ? `${metric.metricKey} (${metric.scorerName})` : metric.metricKey;
    const link = el('button', { className: 'link-button', text: V.mismatchLink(label), attrs: { 'data-metric-key': metric.metricKey } });
    link.addEventListener('click', () => showMetric(metricCardId(metric)));
    banner.appendChild(link);
  }
  return banner;
}
