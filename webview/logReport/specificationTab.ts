/** Specification: task, configuration, evaluated entity and run configuration as collapsible JSON. */
import type { LogSummary } from '../../src/core/model/logViewTypes';
import { logStrings as S } from '../../src/core/l10n/logStrings';
import { el, collapsible } from '../shared/dom';
import { jsonTree } from '../shared/jsonTree';

export function renderSpecificationTab(summary: LogSummary): HTMLElement {
  const panel = el('div', { className: 'specification-tab' });
  panel.appendChild(collapsible(S.specTask, () => jsonTree(summary.task, 2), true));
  panel.appendChild(collapsible(S.specConfig, () => jsonTree(summary.config, 2), true));
  panel.appendChild(collapsible(S.specEntity, () => (summary.evaluatedEntity === undefined ? el('p', { className: 'empty', text: S.specNoEntity }) : jsonTree(summary.evaluatedEntity, 2)), true));
  if (summary.runConfig !== undefined && summary.runConfig !== null) panel.appendChild(collapsible(S.specRunConfig, () => jsonTree(summary.runConfig, 1), false));
  return panel;
}
