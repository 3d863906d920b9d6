/** The header strip: name, status, task → entity, when, how long, versions, settings, config. */
import type { LogSummary } from '../../src/core/model/logViewTypes';
import { logStrings as S, logStrings as L } from '../../src/core/l10n/logStrings';
import { el, icon, collapsible } from './dom';
import { formatDuration, formatIsoUtc, formatLocalTime, formatNumber } from '../../src/core/format/displayFormat';
import { jsonTree } from './jsonTree';
import { isRecord } from '../../src/core/json/jsonValue';

/** How many reported metric values do not match their per-sample scores. */
function mismatchedValueCount(summary: LogSummary): number {
  let n = 0;
  for (const group of summary.metrics ?? []) for (const metric of group.metrics) for (const v of metric.values) if (v.verification.verdict === 'mismatch') n++;
  return n;
}

/** A short name for a stored task, dataset or model (its display name, name or key). */
function entityName(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (!isRecord(value)) return undefined;
  for (const key of ['display_name', 'name', 'key', 'id']) {
    const v = value[key];
    if (typeof v === 'string' && v) return v;
    if (typeof v === 'number') return String(v);
  }
  return undefined;
}

/**
 * The log's status; in a warning state (warning icon and colours, the count in its tooltip) when
 * `mismatches` reported metrics do not match their per-sample scores, whatever the status says.
 */
export function statusBadge(status: string, mismatches = 0): HTMLElement {
  const known = status === 'success' || status === 'failure';
  const state = mismatches > 0 ? 'mismatch' : known ? status : 'other';
  const badge = el('span', {
    className: `status-badge status-${state}`,
    title: mismatches > 0 ? L.statusMismatchTitle(status, mismatches) : undefined,
    attrs: { 'data-testid': 'status', 'data-state': state },
  });
  const codicon = mismatches > 0 ? 'warning' : status === 'success' ? 'pass-filled' : status === 'failure' ? 'error' : 'question';
  badge.append(icon(codicon), ` ${status}`);
  return badge;
}

function fact(label: string, value: string, title?: string): HTMLElement {
  return el('span', { className: 'fact', title }, el('span', { className: 'fact-label', text: `${label} ` }), el('span', { className: 'fact-value', text: value }));
}

interface HeaderActions {
  openAsJson?: () => void;
  exportHtml?: () => void;
}

export function renderHeader(summary: LogSummary, actions: HeaderActions): HTMLElement {
  const header = el('header', { className: 'report-header' });
  const title = el('div', { className: 'header-title' }, el('h1', { text: summary.displayName || summary.fileName, attrs: { 'data-testid': 'display-name' } }), statusBadge(summary.status, mismatchedValueCount(summary)));
  const buttons = el('div', { className: 'header-actions' });
  if (actions.openAsJson) buttons.appendChild(actionButton('json', S.openAsJson, actions.openAsJson));
  if (actions.exportHtml) buttons.appendChild(actionButton('export', S.exportHtml, actions.exportHtml));
  title.appendChild(buttons);
  header.appendChild(title);

  const task = entityName(summary.task);
  const entity = entityName(summary.evaluatedEntity);
  if (task || entity) {
    header.appendChild(el('div', { className: 'header-task' }, icon('beaker'), ` ${task ?? S.unknownValue}`, entity ? ` ${S.taskArrow} ${entity}` : null));
  }

  const facts = el('div', { className: 'header-facts' });
  const { startedAt, endedAt, runtime } = summary.execution;
  if (startedAt !== undefined) facts.appendChild(fact(S.started, formatLocalTime(startedAt), formatIsoUtc(startedAt)));
  if (endedAt !== undefined) facts.appendChild(fact(S.ended, formatLocalTime(endedAt), formatIsoUtc(endedAt)));
  if (runtime !== undefined) facts.appendChild(fact(S.runtime, formatDuration(runtime), `${formatNumber(runtime)} s`));
  facts.appendChild(el('span', { className: 'fact muted', text: S.versions(summary.formatVersion, summary.appVersion) }));
  if (summary.repeatability) facts.appendChild(el('span', { className: 'fact', text: S.repeatability(summary.repeatability.numRuns) }));
  if (summary.trials) facts.appendChild(el('span', { className: 'fact', text: S.trialsSetting(summary.trials.numTrials) }));
  header.appendChild(facts);

  if (summary.trials && summary.trials.aggregators.length) {
    const list = el('ul', { className: 'aggregators' });
    for (const a of summary.trials.aggregators) {
      const label = `${a.scoreName}: ${a.function}${a.k !== undefined ? ` (k=${a.k})` : ''} → ${a.targetName}`;
      list.appendChild(el('li', { className: a.collides ? 'collides' : '', title: a.collides ? S.aggregatorCollides : undefined }, a.collides ? icon('warning') : null, label));
    }
    header.appendChild(el('div', { className: 'header-aggregators' }, el('span', { className: 'fact-label', text: S.aggregators }), list));
  }
  header.appendChild(collapsible(S.config, () => jsonTree(summary.config, 1), false, 'section header-config'));
  return header;
}

function actionButton(codicon: string, label: string, run: () => void): HTMLElement {
  const button = el('button', { className: 'icon-button', title: label, attrs: { 'aria-label': label } }, icon(codicon), ` ${label}`);
  button.addEventListener('click', run);
  return button;
}
