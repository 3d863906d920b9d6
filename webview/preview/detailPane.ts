/**
 * The whole row beside the table: every column (text as is, objects and arrays pretty-printed as JSON, a Trace
 * as the conversation, with the log report's renderer), the cell that was opened highlighted and scrolled to.
 */
import '@vscode-elements/elements/dist/vscode-button/index.js';
import './conversation.css';
import { previewStrings as S } from '../../src/core/l10n/previewStrings';
import type { PreviewLocation } from '../../src/core/protocol/previewProtocol';
import type { PreviewRow } from '../../src/core/model/previewTypes';
import { traceSummaryText } from '../../src/core/trace/traceSummary';
import { traceViewWithSubAgents } from '../../src/core/trace/subAgentLinks';
import { renderTrace } from '../shared/conversation';
import type { OutputView } from '../../src/core/model/logViewTypes';
import { searchStrings } from '../../src/core/l10n/searchStrings';
import { cellKind, formatDetail, formatOrigin, isTraceCell } from './cellFormat';
import { el } from './dom';

interface DetailColumn {
  key: string;
  label: string;
}

/** Items drawn at most per conversation: a hostile or huge trace must not freeze the view. */
const MAX_TRACE_ITEMS = 500;

/** "Open conversation in its own tab" above a conversation: the whole of it, full-width, with search. */
function openButton(open: () => void): HTMLElement {
  const button = el('button', { class: 'link open-conversation', type: 'button', 'data-testid': 'open-conversation' }, searchStrings.openInTab);
  button.addEventListener('click', open);
  return button;
}

function valueElement(key: string, value: unknown, openConversation?: (output: OutputView) => void): HTMLElement {
  if (isTraceCell(value, key)) {
    const view = traceViewWithSubAgents(value);
    const whole = view.turns;
    const hidden = Math.max(0, view.turns.length - MAX_TRACE_ITEMS);
    if (hidden > 0) view.turns = view.turns.slice(0, MAX_TRACE_ITEMS);
    return el('div', { class: 'detail-trace' },
      el('p', { class: 'detail-trace-summary' }, traceSummaryText(value)),
      openConversation ? openButton(() => openConversation({ kind: 'trace', trace: { ...view, turns: whole } })) : undefined,
      renderTrace(view),
      hidden > 0 ? el('p', { class: 'detail-trace-summary' }, S.moreItems(hidden)) : undefined);
  }
  const kind = cellKind(value);
  return el('pre', { class: `detail-value kind-${kind}` }, kind === 'missing' ? S.missing : formatDetail(value));
}

export class DetailPane {
  readonly element = el('aside', { class: 'detail', role: 'region', 'aria-label': S.label, 'data-testid': 'detail' });
  private readonly title = el('h2', { class: 'detail-title', id: 'detail-title' });
  private readonly body = el('div', { class: 'detail-body', tabindex: 0 });
  private current: { row: number; column: string } | undefined;
  private currentData: PreviewRow | undefined;

  constructor(onClose: () => void, private readonly openLocation: (location: PreviewLocation) => void, private readonly openConversation?: (title: string, output: OutputView) => void) {
    const close = el('vscode-button', { 'icon-only': true, icon: 'close', secondary: true, title: S.close, 'aria-label': S.close });
    close.addEventListener('click', onClose);
    this.element.setAttribute('aria-labelledby', 'detail-title');
    this.element.append(el('header', { class: 'detail-header' }, this.title, close), this.body);
    this.element.hidden = true;
  }

  get isOpen(): boolean {
    return !this.element.hidden;
  }

  get shown(): { row: number; column: string } | undefined {
    return this.isOpen ? this.current : undefined;
  }

  /** Shows row `row` (0-based) whole; `column` is the cell that was opened. The same row object again: kept as is (open sections stay open). */
  show(row: number, column: string, data: PreviewRow, columns: readonly DetailColumn[]): void {
    const same = this.isOpen && this.currentData === data && this.current?.row === row && this.current.column === column;
    this.current = { row, column };
    this.currentData = data;
    this.element.hidden = false;
    if (same) return;
    this.title.textContent = S.title(row + 1);
    const location: PreviewLocation = { file: data.origin.file, line: data.origin.line };
    const originLink = el('button', { class: 'link', type: 'button', title: S.openOrigin(data.origin.file, data.origin.line) }, formatOrigin(data.origin.file, data.origin.line));
    originLink.addEventListener('click', () => this.openLocation(location));
    const fields: HTMLElement[] = [el('section', { class: 'detail-field detail-origin' }, el('h3', { class: 'field-name' }, S.origin), originLink)];
    let clicked: HTMLElement | undefined;
    for (const { key, label } of columns) {
      const open = this.openConversation;
      const opener = open ? (output: OutputView) => open(`${S.title(row + 1)} · ${label}`, output) : undefined;
      const field = el('section', { class: 'detail-field', 'data-column': key }, el('h3', { class: 'field-name' }, label), valueElement(key, data.values[key], opener));
      if (key === column) {
        field.classList.add('current');
        field.setAttribute('aria-current', 'true');
        field.setAttribute('aria-description', S.clicked);
        clicked = field;
      }
      fields.push(field);
    }
    this.body.replaceChildren(...fields);
    this.body.scrollTop = 0;
    clicked?.scrollIntoView({ block: 'nearest' });
  }

  hide(): void {
    this.element.hidden = true;
    this.current = undefined;
    this.currentData = undefined;
    this.body.replaceChildren();
  }
}
