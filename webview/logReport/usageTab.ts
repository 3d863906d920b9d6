/** Token usage per model and purpose: a stacked bar chart (prompt vs completion) and a table with totals. */
import type { TokenUsageRow } from '../../src/core/model/logViewTypes';
import { logStrings as S } from '../../src/core/l10n/logStrings';
import { el } from '../shared/dom';
import { formatCount } from '../../src/core/l10n/numberFormat';
import { stackedBars } from './charts';

/** The model as a person knows it: its name where the log gives one, else "model 101". */
function modelText(row: TokenUsageRow): string {
  return row.modelName ? S.namedModel(row.modelName, row.modelId) : S.modelById(row.modelId);
}

export function usageChart(rows: TokenUsageRow[]): HTMLElement {
  if (rows.length === 0) return el('p', { className: 'empty', text: S.noTokenUsage });
  const bars = rows.map((row) => ({
    label: `${modelText(row)} · ${row.purpose}`,
    parts: [
      { value: row.promptTokens, className: 'bar-prompt', name: S.usagePrompt },
      { value: row.completionTokens, className: 'bar-completion', name: S.usageCompletion },
    ],
  }));
  const legend = el('div', { className: 'legend' }, el('span', { className: 'swatch swatch-prompt' }), ` ${S.usagePrompt} `, el('span', { className: 'swatch swatch-completion' }), ` ${S.usageCompletion}`);
  return el('div', { className: 'usage-chart' }, stackedBars(bars, S.usageChartTitle), legend);
}

function usageTable(rows: TokenUsageRow[]): HTMLElement {
  const table = el('table', { className: 'data-table', attrs: { 'aria-label': S.tokenUsage } });
  table.appendChild(el('thead', {}, el('tr', {}, ...[S.usageModel, S.usagePurpose, S.usagePrompt, S.usageCompletion, S.usageTotal].map((h) => el('th', { text: h, attrs: { scope: 'col' } })))));
  const body = el('tbody');
  let prompt = 0;
  let completion = 0;
  for (const row of rows) {
    prompt += row.promptTokens;
    completion += row.completionTokens;
    body.appendChild(el('tr', {}, el('td', { text: modelText(row) }), el('td', { text: String(row.purpose) }), el('td', { className: 'num', text: formatCount(row.promptTokens) }), el('td', { className: 'num', text: formatCount(row.completionTokens) }), el('td', { className: 'num', text: formatCount(row.promptTokens + row.completionTokens) })));
  }
  table.appendChild(body);
  table.appendChild(el('tfoot', {}, el('tr', {}, el('th', { text: S.usageTotal, attrs: { scope: 'row', colspan: 2 } }), el('td', { className: 'num', text: formatCount(prompt) }), el('td', { className: 'num', text: formatCount(completion) }), el('td', { className: 'num', text: formatCount(prompt + completion) }))));
  return table;
}

export function renderUsageTab(rows: TokenUsageRow[]): HTMLElement {
  const panel = el('div', { className: 'usage-tab' }, el('h2', { text: S.tokenUsage }), usageChart(rows));
  if (rows.length) panel.appendChild(usageTable(rows));
  return panel;
}
