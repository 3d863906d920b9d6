/** Errors grouped by stage ('unknown' for none given) with type, message, hint, where, and a link to the sample. */
import type { ErrorGroup, ErrorView, LogSummary } from '../../src/core/model/logViewTypes';
import { logStrings as S } from '../../src/core/l10n/logStrings';
import { el, icon } from '../shared/dom';
import { proportionBar } from './charts';

export type OpenSample = (sampleIndex: number, trialIndex?: number, runIndex?: number) => void;

function whereText(error: ErrorView): string {
  const parts = [S.errorLevel(error.where.level)];
  if (error.where.runIndex !== undefined) parts.push(S.errorWhereRun(error.where.runIndex));
  if (error.where.sampleId !== undefined) parts.push(S.sampleTitle(String(error.where.sampleId)));
  if (error.where.trialIndex !== undefined) parts.push(S.errorWhereTrial(error.where.trialIndex));
  return parts.join(' · ');
}

/** One error: type, message (text), hint, where; the sample link when it belongs to one. */
export function errorItem(error: ErrorView, openSample?: OpenSample): HTMLElement {
  const item = el('li', { className: 'error-item' });
  item.appendChild(el('div', { className: 'error-head' }, icon('error'), el('span', { className: 'error-type', text: ` ${error.errorType}` }), el('span', { className: 'error-where', text: whereText(error) })));
  item.appendChild(el('pre', { className: 'error-message', text: error.message }));
  if (error.hint) item.appendChild(el('div', { className: 'error-hint' }, icon('lightbulb'), el('span', { text: ` ${S.hint}: ` }), el('span', { text: error.hint })));
  const { sampleIndex, trialIndex, runIndex } = error.where;
  if (openSample && sampleIndex !== undefined) {
    const link = el('button', { className: 'link-button', text: S.openSample(String(error.where.sampleId ?? sampleIndex)) });
    link.addEventListener('click', () => openSample(sampleIndex, trialIndex, runIndex));
    item.appendChild(link);
  }
  return item;
}

/** Errors by stage as a compact list (Overview) with counts and the failures bar. */
export function errorSummary(summary: LogSummary): HTMLElement {
  const section = el('section', { className: 'error-summary' }, el('h2', { text: S.errorsByStage }));
  if (summary.failures) section.appendChild(proportionBar(summary.failures.numErrors, summary.failures.numTotal, S.failures(summary.failures.numErrors, summary.failures.numTotal)));
  if (summary.errors.length === 0) {
    section.appendChild(el('p', { className: 'empty', text: S.noErrors }));
    return section;
  }
  const list = el('ul', { className: 'stage-list' });
  for (const group of summary.errors) list.appendChild(el('li', {}, el('span', { className: 'stage-name', text: group.stage }), el('span', { className: 'stage-count', text: String(group.total) })));
  section.appendChild(list);
  return section;
}

function groupSection(group: ErrorGroup, openSample: OpenSample): HTMLElement {
  const list = el('ul', { className: 'error-list' });
  for (const error of group.errors) list.appendChild(errorItem(error, openSample));
  return el('section', { className: 'error-group', attrs: { 'data-stage': group.stage } }, el('h3', {}, el('span', { className: 'stage-name', text: group.stage === 'unknown' ? S.errorStageUnknown : group.stage }), el('span', { className: 'stage-count', text: ` ${S.errorsShown(group.errors.length, group.total)}` })), list);
}

export function renderErrorsTab(summary: LogSummary, openSample: OpenSample): HTMLElement {
  const panel = el('div', { className: 'errors-tab' });
  if (summary.failures) panel.appendChild(proportionBar(summary.failures.numErrors, summary.failures.numTotal, S.failures(summary.failures.numErrors, summary.failures.numTotal)));
  if (summary.errors.length === 0) panel.appendChild(el('p', { className: 'empty', text: S.noErrors }));
  for (const group of summary.errors) panel.appendChild(groupSection(group, openSample));
  return panel;
}
