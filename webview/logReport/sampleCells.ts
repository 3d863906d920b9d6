/** Cells of the samples table: score values, the trials strip, the error marker. */
import type { ScoreColumn, SampleRow } from '../../src/core/model/logViewTypes';
import { logStrings as S } from '../../src/core/l10n/logStrings';
import { el, icon } from '../shared/dom';
import { exactValue, formatValue } from '../../src/core/format/displayFormat';
import { rateOf } from '../../src/core/format/metricValueFormat';

export function scoreCell(value: number | boolean | string | null | undefined, column: ScoreColumn): HTMLElement {
  if (value === null || value === undefined) return el('span', { className: 'score-missing', text: '—' });
  if (typeof value === 'boolean') return el('span', { className: `score-bool ${value ? 'pass' : 'fail'}`, text: value ? S.pass : S.fail });
  return el('span', { className: 'score-value', text: formatValue(value, rateOf(column.scorerKey, column.valueKey, column.kind)), title: exactValue(value) });
}

export function trialStrip(row: SampleRow): HTMLElement {
  const strip = el('span', { className: 'trial-strip', attrs: { role: 'img', 'aria-label': row.trials.map((t) => S.trialCell(t.index, t.outcome)).join(', ') } });
  for (const trial of row.trials) strip.appendChild(el('span', { className: `trial-cell outcome-${trial.outcome}`, title: S.trialCell(trial.index, trial.outcome), attrs: { 'data-trial-index': trial.index } }));
  return strip;
}

export function errorMarker(row: SampleRow): HTMLElement | string {
  if (row.errorCount === 0) return '';
  return el('span', { className: 'error-marker', title: S.errorMarker(row.errorCount, row.errorStages.join(', ')) }, icon('error'), el('span', { className: 'error-count', text: String(row.errorCount) }));
}
