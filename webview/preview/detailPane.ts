/** The full value of one cell, beside the table: text as is, objects and arrays pretty-printed as JSON. */
import '@vscode-elements/elements/dist/vscode-button/index.js';
import { previewViewStrings } from '../../src/core/l10n/previewViewStrings';
import { cellKind, formatDetail } from './cellFormat';
import { el } from './dom';

export class DetailPane {
  readonly element = el('aside', { class: 'detail', role: 'region', 'aria-label': previewViewStrings.detailLabel });
  private readonly title = el('h2', { class: 'detail-title', id: 'detail-title' });
  private readonly content = el('pre', { class: 'detail-content', tabindex: 0 });
  private current: { row: number; column: string } | undefined;

  constructor(onClose: () => void) {
    const close = el('vscode-button', { 'icon-only': true, icon: 'close', secondary: true, title: previewViewStrings.detailClose, 'aria-label': previewViewStrings.detailLabel });
    close.addEventListener('click', onClose);
    this.element.setAttribute('aria-labelledby', 'detail-title');
    this.element.append(el('header', { class: 'detail-header' }, this.title, close), this.content);
    this.element.hidden = true;
  }

  get isOpen(): boolean {
    return !this.element.hidden;
  }

  get shown(): { row: number; column: string } | undefined {
    return this.isOpen ? this.current : undefined;
  }

  show(row: number, column: string, columnLabel: string, value: unknown): void {
    this.current = { row, column };
    this.title.textContent = previewViewStrings.detailTitle(columnLabel, row + 1);
    this.content.textContent = formatDetail(value);
    this.content.className = `detail-content kind-${cellKind(value)}`;
    this.element.hidden = false;
  }

  hide(): void {
    this.element.hidden = true;
    this.current = undefined;
  }
}
