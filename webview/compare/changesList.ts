/** The per-sample improvements and regressions of one candidate, with filters, paged from the host. */
import type { CandidateComparison, ChangeQuery, SampleChange } from '../../src/core/model/compareTypes';
import { compareStrings as S } from '../../src/core/l10n/compareStrings';
import { el } from '../shared/dom';
import { metricDelta, metricLabel, metricValue, num, pValue, signed } from '../../src/core/format/compareFormat';

export const CHANGES_PAGE = 100;

export type ChangeFilters = Pick<ChangeQuery, 'metricId' | 'kind' | 'onlySignificant' | 'onlyInputChanged'>;

interface ChangesEvents {
  filter(filters: ChangeFilters): void;
  more(): void;
  open(change: SampleChange): void;
}

function select(label: string, options: [string, string][], value: string, onChange: (value: string) => void, testId: string): HTMLElement {
  const box = el('select', { attrs: { 'aria-label': label, 'data-testid': testId } });
  for (const [v, text] of options) {
    const option = el('option', { text, attrs: { value: v } });
    option.selected = v === value;
    box.appendChild(option);
  }
  box.addEventListener('change', () => onChange(box.value));
  return box;
}

function checkbox(label: string, checked: boolean, onChange: (checked: boolean) => void, testId: string): HTMLElement {
  const input = el('input', { attrs: { type: 'checkbox', 'data-testid': testId } });
  input.checked = checked;
  input.addEventListener('change', () => onChange(input.checked));
  return el('label', { className: 'check' }, input, ` ${label}`);
}

export function renderChangesToolbar(c: CandidateComparison, filters: ChangeFilters, events: ChangesEvents): HTMLElement {
  const metrics: [string, string][] = [['', S.view.allMetrics], ...c.metrics.map((m): [string, string] => [m.id, metricLabel(m)])];
  const kinds: [string, string][] = [['', S.view.allChanges], ['improvement', S.view.onlyImprovements], ['regression', S.view.onlyRegressions]];
  const update = (patch: Partial<ChangeFilters>): void => events.filter({ ...filters, ...patch });
  return el('div', { className: 'samples-toolbar changes-toolbar' },
    select(S.view.allMetrics, metrics, filters.metricId ?? '', (v) => update({ metricId: v || undefined }), 'filter-metric'),
    select(S.view.allChanges, kinds, filters.kind ?? '', (v) => update({ kind: v === 'improvement' || v === 'regression' ? v : undefined }), 'filter-kind'),
    checkbox(S.view.onlySignificant, filters.onlySignificant === true, (v) => update({ onlySignificant: v || undefined }), 'filter-significant'),
    checkbox(S.view.onlyInputChanged, filters.onlyInputChanged === true, (v) => update({ onlyInputChanged: v || undefined }), 'filter-input'),
  );
}

export function renderChangesList(c: CandidateComparison, rows: readonly SampleChange[], total: number, events: ChangesEvents): HTMLElement {
  const byId = new Map(c.metrics.map((m) => [m.id, m]));
  const box = el('div', { className: 'changes', attrs: { 'data-testid': 'changes' } });
  if (!rows.length) {
    box.appendChild(el('p', { className: 'empty', text: S.view.noChanges }));
    return box;
  }
  // The list's column names, laid out on the same grid as its rows (each row's button reads its cells in order).
  box.appendChild(el('div', { className: 'change change-header', attrs: { 'aria-hidden': 'true', 'data-testid': 'change-header' } },
    ...S.view.changeColumns.map((name) => el('span', { text: name }))));
  const list = el('ul', { className: 'change-list', attrs: { role: 'list' } });
  for (const change of rows) {
    const m = byId.get(change.metricId);
    const button = el('button', { className: `change change-${change.kind}`, attrs: { 'data-testid': 'change', 'data-sample-id': change.sampleId, 'data-kind': change.kind } },
      el('span', { className: 'change-id', text: change.sampleId }),
      el('span', { className: 'muted', text: m ? metricLabel(m) : change.metricId }),
      el('span', { className: 'num', text: m ? `${metricValue(m, change.baseline)} → ${metricValue(m, change.candidate)}` : `${num(change.baseline)} → ${num(change.candidate)}`, title: `${change.baseline} → ${change.candidate}` }),
      el('span', { className: 'num change-delta', text: m ? metricDelta(m, change.delta) : signed(change.delta), title: String(change.delta) }),
      el('span', { className: 'change-notes' },
        el('span', { className: 'tag', text: S.kindLabel[change.kind] }),
        change.withinNoise ? el('span', { className: 'tag muted', text: S.withinNoise, title: S.view.fisherP(pValue(change.fisherP)) }) : null,
        change.inputChanged ? el('span', { className: 'tag input-changed', text: S.inputChanged }) : null,
      ),
    );
    button.addEventListener('click', () => events.open(change));
    list.appendChild(el('li', {}, button));
  }
  box.appendChild(list);
  const footer = el('div', { className: 'muted changes-footer', text: S.view.showing(rows.length, total) });
  if (rows.length < total) {
    const more = el('button', { className: 'link-button', text: S.view.more, attrs: { 'data-testid': 'more' } });
    more.addEventListener('click', () => events.more());
    footer.append(' ', more);
  }
  box.appendChild(footer);
  return box;
}
