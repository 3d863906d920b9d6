/**
 * The funnel's drill-down: the rows one filter step removed (or the sessions, runs or traces one selection step
 * removed), each with its origin, why it was removed (the filter or field and the value it read; "not comparable"
 * apart) and its values in short. Pages come from the host on demand, never the whole source; "Back to kept rows" (or
 * Escape) returns to the table.
 */
import { nounOf, previewViewStrings as S, selectionFunnelViewStrings as selectionStrings } from '../../src/core/l10n/previewStrings';
import type { PreviewLocation } from '../../src/core/protocol/previewProtocol';
import type { RecordNoun, RemovedRow, RemovedRowsPage } from '../../src/core/model/previewTypes';
import { formatOrigin } from './cellFormat';
import { codicon, el } from './dom';

/** Rows asked for per page. */
const PAGE_ROWS = 100;
/** Characters of a row's values shown in the list. */
const ROW_PREVIEW_CHARS = 300;

/** The funnel step whose removed rows are listed: a filter, or (with `field`) a selecting field of the source. */
export interface RemovedStep {
  filterIndex: number;
  field?: string;
  label: string;
  removed: number;
  noun?: RecordNoun;
}

interface RemovedRowsCallbacks {
  fetch(step: RemovedStep, offset: number, count: number): Promise<RemovedRowsPage>;
  openLocation(location: PreviewLocation): void;
  back(): void;
}

function rowPreview(values: Record<string, unknown>): string {
  let text: string;
  try {
    text = JSON.stringify(values);
  } catch {
    text = String(values);
  }
  return text.length > ROW_PREVIEW_CHARS ? `${text.slice(0, ROW_PREVIEW_CHARS)}…` : text;
}

export class RemovedRowsView {
  readonly element = el('section', { class: 'removed-rows', 'data-testid': 'removed-rows', 'aria-labelledby': 'removed-rows-heading' });
  private readonly heading = el('h2', { class: 'removed-heading', id: 'removed-rows-heading' });
  private readonly body = el('tbody', {});
  private readonly note = el('p', { class: 'removed-note', role: 'status', 'aria-live': 'polite' });
  private readonly more = el('button', { class: 'link removed-more', type: 'button' }, S.removedMore);
  private step: RemovedStep | undefined;
  private loaded = 0;
  /** Bumped for each step shown: replies for an earlier one are dropped. */
  private token = 0;

  constructor(private readonly callbacks: RemovedRowsCallbacks) {
    const back = el('button', { class: 'link removed-back', type: 'button', 'data-testid': 'removed-back' }, codicon('arrow-left'), ' ', S.removedBack);
    back.addEventListener('click', () => callbacks.back());
    this.more.addEventListener('click', () => void this.load());
    const table = el('table', { class: 'removed-table', 'aria-labelledby': 'removed-rows-heading' },
      el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, S.removedColumnOrigin), el('th', { scope: 'col' }, S.removedColumnReason), el('th', { scope: 'col' }, S.removedColumnRow))),
      this.body);
    this.element.append(el('header', { class: 'removed-header' }, back, this.heading), table, this.note, this.more);
    this.element.hidden = true;
  }

  get isOpen(): boolean {
    return !this.element.hidden;
  }

  /** Shows the rows the step removed (`removed` of them by the count), loading the first page. */
  show(step: RemovedStep): void {
    this.step = step;
    this.token += 1;
    this.loaded = 0;
    this.body.replaceChildren();
    this.heading.textContent = step.field === undefined
      ? S.removedHeading(step.label, step.removed)
      : selectionStrings.removedHeading(step.field, step.label, step.removed, nounOf(step.noun));
    this.element.dataset.field = step.field ?? '';
    this.element.hidden = false;
    void this.load();
    this.heading.setAttribute('tabindex', '-1');
    this.heading.focus();
  }

  hide(): void {
    this.element.hidden = true;
    this.step = undefined;
    this.token += 1;
    this.body.replaceChildren();
  }

  private async load(): Promise<void> {
    const step = this.step;
    if (!step) return;
    const token = this.token;
    this.more.hidden = true;
    this.note.textContent = S.removedLoading;
    try {
      const page = await this.callbacks.fetch(step, this.loaded, PAGE_ROWS);
      if (token !== this.token) return;
      for (const row of page.rows) this.body.append(this.rowElement(row, page));
      this.loaded += page.rows.length;
      this.note.textContent = this.loaded === 0 ? S.removedNone : '';
      this.more.hidden = !page.more;
    } catch (error) {
      if (token !== this.token) return;
      this.note.textContent = S.removedFailedToLoad(error instanceof Error ? error.message : String(error));
    }
  }

  /** Why the row was removed: the filter and the value it read, or the selecting field and the record's value. */
  private reason(row: RemovedRow, page: RemovedRowsPage): string {
    if (page.field !== undefined) return selectionStrings.removedReason(page.field, page.label, row.value);
    return row.outcome === 'notComparable' ? S.removedNotComparable(page.label, row.value) : S.removedFailed(page.label, row.value);
  }

  private rowElement(row: RemovedRow, page: RemovedRowsPage): HTMLElement {
    const location: PreviewLocation = { file: row.origin.file, line: row.origin.line };
    const origin = el('button', { class: 'link', type: 'button', title: S.openAt(row.origin.file, row.origin.line) }, formatOrigin(row.origin.file, row.origin.line));
    origin.addEventListener('click', () => this.callbacks.openLocation(location));
    const notComparable = row.outcome === 'notComparable';
    const reason = el('td', { class: 'removed-reason' },
      el('span', { class: `removed-outcome outcome-${notComparable ? 'not-comparable' : 'failed'}` }, notComparable ? S.removedOutcomeNotComparable : S.removedOutcomeFailed),
      ' ',
      this.reason(row, page));
    return el('tr', { 'data-outcome': row.outcome }, el('td', { class: 'removed-origin' }, origin), reason, el('td', { class: 'removed-values' }, el('code', {}, rowPreview(row.values))));
  }
}
