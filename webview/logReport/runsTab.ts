/** Repeatability: every metric per run with mean, std and min–max; each run's samples one click away. */
import type { LogSummary } from '../../src/core/model/logViewTypes';
import { logStrings as S, logStrings as L } from '../../src/core/l10n/logStrings';
import { el } from '../shared/dom';
import { exactValue, formatValue } from '../../src/core/format/displayFormat';
import { rateOf } from '../../src/core/format/metricValueFormat';

export function renderRunsTab(summary: LogSummary, showRunSamples: (runIndex: number) => void): HTMLElement {
  const panel = el('div', { className: 'runs-tab' });
  if (!summary.runs) {
    panel.appendChild(el('p', { className: 'empty', text: S.noRuns }));
    return panel;
  }
  const { runs, stats } = summary.runs;
  panel.appendChild(el('h2', { text: S.runsTitle }));
  const table = el('table', { className: 'data-table runs-table', attrs: { 'aria-label': S.runsTitle } });
  const head = el('tr', {}, el('th', { text: S.metrics, attrs: { scope: 'col' } }));
  for (const run of runs) head.appendChild(el('th', { className: 'num', text: S.runLabel(run.index), title: L.runIndexTitle(run.index), attrs: { scope: 'col' } }));
  head.append(el('th', { className: 'num', text: S.runsMean, attrs: { scope: 'col' } }), el('th', { className: 'num', text: S.runsStd, attrs: { scope: 'col' } }), el('th', { className: 'num', text: S.runsRange, attrs: { scope: 'col' } }));
  table.appendChild(el('thead', {}, head));
  const body = el('tbody');
  for (const stat of stats) {
    const rate = rateOf(stat.scorerKey, stat.valueKey);
    const label = [stat.scorerKey, stat.metricKey, stat.valueKey !== stat.metricKey ? stat.valueKey : undefined].filter(Boolean).join(' / ');
    const row = el('tr', {}, el('th', { text: label, attrs: { scope: 'row' } }));
    for (const v of stat.perRun) row.appendChild(el('td', { className: 'num', text: formatValue(v, rate), title: exactValue(v) }));
    row.append(
      el('td', { className: 'num', text: formatValue(stat.mean, rate), title: exactValue(stat.mean) }),
      el('td', { className: 'num', text: formatValue(stat.std, rate), title: exactValue(stat.std) }),
      el('td', { className: 'num', text: stat.min === null || stat.max === null ? '—' : `${formatValue(stat.min, rate)} – ${formatValue(stat.max, rate)}`, title: `${exactValue(stat.min)} – ${exactValue(stat.max)}` }),
    );
    body.appendChild(row);
  }
  table.appendChild(body);
  panel.appendChild(table);
  const list = el('ul', { className: 'run-list' });
  for (const run of runs) {
    const button = el('button', { className: 'link-button', text: S.runSamples(run.index, run.sampleCount), title: L.runIndexTitle(run.index) });
    button.addEventListener('click', () => showRunSamples(run.index));
    const extra = run.errorCount ? el('span', { className: 'muted', text: ` · ${run.errorCount} ${S.errors.toLowerCase()}` }) : null;
    list.appendChild(el('li', {}, button, extra));
  }
  panel.appendChild(list);
  return panel;
}
