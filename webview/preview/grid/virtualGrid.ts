/**
 * The kept-rows table: only the visible rows exist in the DOM (fixed row height, a spacer for the rest),
 * sticky header, resizable columns, keyboard navigation and ARIA grid roles.
 */
import { previewViewStrings } from '../../../src/core/l10n/previewStrings';
import type { PreviewLocation } from '../../../src/core/protocol/previewProtocol';
import type { PreviewRow } from '../../../src/core/model/previewTypes';
import { CELL_MAX_CHARS, cellTooltip, formatCell, originParts, originWidth } from '../cellFormat';
import { codicon, el } from '../dom';
import { gridSortStrings, columnStatisticsStrings } from '../../../src/core/l10n/columnStatisticsStrings';
import type { RowSort } from '../../../src/core/protocol/previewProtocol';
import { clampRow, resizedWidth, rowsPerViewport, scrollToReveal, visibleWindow } from './virtualWindow';

export const ROW_HEIGHT = 24;
const OVERSCAN = 10;
const ORIGIN_KEY = '\u0000origin';

interface GridColumn {
  key: string;
  label: string;
  width: number;
}

interface GridCallbacks {
  /** Rows `[first, end)` are about to be shown: fetch the ones that are missing. */
  needRows(first: number, end: number): void;
  row(index: number): PreviewRow | undefined;
  openLocation(location: PreviewLocation): void;
  /** Enter or a click on a value cell: show the full value. */
  openDetail(row: number, column: string): void;
  /** Selection, scroll or column widths changed (to save the view state). */
  changed(): void;
  /** A value column's header was activated (click, Enter or Space): sort by it, reverse, or back to source order. */
  sortBy(column: string): void;
  /** A value column's statistics button was activated. */
  showStatistics(column: string, anchor: HTMLElement): void;
}

/** Room for a header's label, sort arrow and statistics button. */
function defaultWidth(label: string): number {
  return Math.max(90, Math.min(320, label.length * 8 + 64));
}

const MAX_FITTED_WIDTH = 360;

export class VirtualGrid {
  readonly element = el('div', { class: 'grid', role: 'grid', tabindex: 0, 'aria-label': previewViewStrings.gridAria, 'aria-multiselectable': 'false' });
  private readonly headerRow = el('div', { class: 'grid-header-row', role: 'row', 'aria-rowindex': 1 });
  private readonly header = el('div', { class: 'grid-header', role: 'rowgroup' }, this.headerRow);
  private readonly rowsLayer = el('div', { class: 'grid-rows', role: 'rowgroup' });
  private readonly body = el('div', { class: 'grid-body', role: 'presentation' }, this.rowsLayer);
  private readonly empty = el('p', { class: 'grid-empty' });
  private columns: GridColumn[] = [];
  private rowCount = 0;
  private renderedFirst = -1;
  private renderedEnd = -1;
  private frame = 0;
  private sort: RowSort | undefined;
  selectedRow = 0;
  activeColumn = 0;

  constructor(private readonly callbacks: GridCallbacks) {
    this.element.style.setProperty('--row-height', `${ROW_HEIGHT}px`);
    this.empty.hidden = true;
    this.element.append(this.header, this.body, this.empty);
    this.element.addEventListener('scroll', () => this.scheduleRender());
    this.element.addEventListener('keydown', (event) => this.onKey(event));
    this.rowsLayer.addEventListener('click', (event) => this.onClick(event));
    new ResizeObserver(() => this.scheduleRender()).observe(this.element);
  }

  /** Column keys in display order (the origin column first). */
  get columnKeys(): string[] {
    return this.columns.map((c) => c.key);
  }

  columnWidths(): Record<string, number> {
    return Object.fromEntries(this.columns.map((c) => [c.key, c.width]));
  }

  isOriginColumn(key: string): boolean {
    return key === ORIGIN_KEY;
  }

  columnLabel(key: string): string {
    return this.columns.find((c) => c.key === key)?.label ?? key;
  }

  setColumns(names: readonly string[], widths: Record<string, number>): void {
    const keys = [ORIGIN_KEY, ...names];
    const same = keys.length === this.columns.length && keys.every((k, i) => this.columns[i].key === k);
    if (!same) {
      this.columns = keys.map((key) => {
        const label = key === ORIGIN_KEY ? previewViewStrings.originColumn : key;
        return { key, label, width: widths[key] ?? (key === ORIGIN_KEY ? 130 : defaultWidth(label)) };
      });
      this.renderHeader();
    }
    this.activeColumn = Math.max(0, Math.min(this.columns.length - 1, this.activeColumn));
    this.element.setAttribute('aria-colcount', String(this.columns.length));
    this.invalidate();
  }

  /**
   * Widens the origin column (unless the user sized it) so the origins of the given rows fit whole:
   * "questions.csv:1234" is not cut to "questions.cs…".
   */
  fitOrigin(rows: readonly PreviewRow[], saved: Record<string, number>): void {
    const origin = this.columns[0];
    if (!origin || origin.key !== ORIGIN_KEY || saved[ORIGIN_KEY] !== undefined || rows.length === 0) return;
    const probe = el('span', { class: 'measure', 'aria-hidden': 'true' }, '0'.repeat(40));
    this.element.append(probe);
    const charWidth = probe.getBoundingClientRect().width / 40;
    probe.remove();
    const wanted = originWidth(rows, charWidth > 0 ? charWidth : undefined);
    if (wanted <= origin.width) return;
    origin.width = wanted;
    for (const cell of this.element.querySelectorAll<HTMLElement>('[data-col="0"]')) cell.style.width = `${wanted}px`;
    this.applyWidths();
    this.invalidate();
  }

  setRowCount(count: number, emptyMessage: string): void {
    this.rowCount = count;
    this.body.style.height = `${count * ROW_HEIGHT}px`;
    this.element.setAttribute('aria-rowcount', String(count + 1));
    this.selectedRow = clampRow(this.selectedRow, count);
    this.empty.hidden = count > 0;
    this.empty.textContent = emptyMessage;
    this.invalidate();
  }

  restoreScroll(top: number, left: number): void {
    this.element.scrollTop = top;
    this.element.scrollLeft = left;
    this.invalidate();
  }

  /** Rows changed (a page arrived or a new run started): render again. */
  invalidate(): void {
    this.renderedFirst = -1;
    this.scheduleRender();
  }

  private totalWidth(): number {
    return this.columns.reduce((sum, c) => sum + c.width, 0);
  }

  private renderHeader(): void {
    this.headerRow.replaceChildren(...this.columns.map((column, index) => {
      const cell = el('div', { class: 'cell header-cell', role: 'columnheader', 'aria-colindex': index + 1, 'data-col': index, title: column.label });
      cell.style.width = `${column.width}px`;
      if (column.key === ORIGIN_KEY) cell.append(el('span', { class: 'header-label' }, column.label));
      else cell.append(...this.headerControls(column, cell));
      const handle = el('span', { class: 'resize-handle', role: 'separator', 'aria-orientation': 'vertical', 'aria-label': previewViewStrings.resizeColumn(column.label) });
      handle.addEventListener('pointerdown', (event) => this.startResize(event, index, handle));
      cell.append(handle);
      return cell;
    }));
    this.applyWidths();
    this.showSort();
  }

  /** The sort button (label and arrow; Enter and Space are a button's own) and the statistics button of a value column. */
  private headerControls(column: GridColumn, cell: HTMLElement): HTMLElement[] {
    cell.title = gridSortStrings.sortHint(column.label);
    const sort = el('button', { class: 'header-sort', type: 'button', 'data-column': column.key },
      el('span', { class: 'header-label' }, column.label), el('span', { class: 'sort-arrow codicon', 'aria-hidden': 'true' }));
    sort.addEventListener('click', () => this.callbacks.sortBy(column.key));
    const label = columnStatisticsStrings.statisticsButton(column.label);
    const stats = el('button', { class: 'header-stats', type: 'button', 'aria-label': label, title: label, 'aria-haspopup': 'dialog', 'data-stats': column.key }, codicon('graph'));
    stats.addEventListener('click', () => this.callbacks.showStatistics(column.key, stats));
    return [sort, stats];
  }

  /** Shows which column the rows are sorted by: its arrow and `aria-sort` (the others `none`). */
  setSort(sort: RowSort | undefined): void {
    this.sort = sort;
    this.showSort();
  }

  private showSort(): void {
    this.columns.forEach((column, index) => {
      const cell = this.headerRow.children[index] as HTMLElement | undefined;
      if (!cell || column.key === ORIGIN_KEY) return;
      const direction = this.sort?.column === column.key ? this.sort.direction : undefined;
      cell.setAttribute('aria-sort', direction ?? 'none');
      cell.classList.toggle('sorted', direction !== undefined);
      const arrow = cell.querySelector('.sort-arrow');
      arrow?.classList.toggle('codicon-arrow-up', direction === 'ascending');
      arrow?.classList.toggle('codicon-arrow-down', direction === 'descending');
    });
  }

  /**
   * Sizes the value columns the user has not sized to their content in the given rows (and their header), within
   * limits: a short number column is not as wide as a long text one.
   */
  fitColumns(rows: readonly PreviewRow[], saved: Record<string, number>): void {
    if (rows.length === 0) return;
    const probe = el('span', { class: 'measure', 'aria-hidden': 'true' }, '0'.repeat(40));
    this.element.append(probe);
    const charWidth = probe.getBoundingClientRect().width / 40 || 7;
    probe.remove();
    let changed = false;
    for (const column of this.columns) {
      if (column.key === ORIGIN_KEY || saved[column.key] !== undefined) continue;
      let longest = 0;
      for (const row of rows) longest = Math.max(longest, formatCell(row.values[column.key], CELL_MAX_CHARS, column.key).text.length);
      const wanted = Math.min(MAX_FITTED_WIDTH, Math.max(defaultWidth(column.label), Math.ceil(longest * charWidth) + 16));
      if (wanted !== column.width) {
        column.width = wanted;
        changed = true;
      }
    }
    if (!changed) return;
    this.columns.forEach((column, index) => {
      for (const cell of this.element.querySelectorAll<HTMLElement>(`[data-col="${index}"]`)) cell.style.width = `${column.width}px`;
    });
    this.applyWidths();
    this.invalidate();
  }

  /** The statistics button of a column, to give focus back when its popover closes. */
  statisticsButton(column: string): HTMLElement | undefined {
    return [...this.headerRow.querySelectorAll<HTMLElement>('[data-stats]')].find((button) => button.dataset.stats === column);
  }

  private applyWidths(): void {
    const width = `${this.totalWidth()}px`;
    this.header.style.width = width;
    this.body.style.width = width;
    // The pinned first column covers the left edge: what is scrolled into view lands beside it, not under it.
    this.element.style.scrollPaddingLeft = `${this.columns[0]?.width ?? 0}px`;
  }

  private startResize(event: PointerEvent, index: number, handle: HTMLElement): void {
    event.preventDefault();
    event.stopPropagation();
    const column = this.columns[index];
    const startX = event.clientX;
    const startWidth = column.width;
    handle.setPointerCapture(event.pointerId);
    const move = (e: PointerEvent) => {
      column.width = resizedWidth(startWidth, e.clientX - startX);
      for (const cell of this.element.querySelectorAll<HTMLElement>(`[data-col="${index}"]`)) cell.style.width = `${column.width}px`;
      this.applyWidths();
    };
    const up = () => {
      handle.removeEventListener('pointermove', move);
      handle.removeEventListener('pointerup', up);
      handle.removeEventListener('pointercancel', up);
      this.callbacks.changed();
    };
    handle.addEventListener('pointermove', move);
    handle.addEventListener('pointerup', up);
    handle.addEventListener('pointercancel', up);
  }

  private scheduleRender(): void {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.render();
    });
  }

  private headerHeight(): number {
    return this.header.offsetHeight;
  }

  private render(): void {
    const viewport = this.element.clientHeight - this.headerHeight();
    const window = visibleWindow(this.element.scrollTop, viewport, ROW_HEIGHT, this.rowCount, OVERSCAN);
    this.callbacks.changed();
    if (window.first === this.renderedFirst && window.end === this.renderedEnd) return;
    this.renderedFirst = window.first;
    this.renderedEnd = window.end;
    this.callbacks.needRows(window.first, window.end);
    this.rowsLayer.style.transform = `translateY(${window.offsetTop}px)`;
    const rows: HTMLElement[] = [];
    for (let i = window.first; i < window.end; i++) rows.push(this.renderRow(i));
    this.rowsLayer.replaceChildren(...rows);
    this.updateActiveDescendant();
  }

  private renderRow(index: number): HTMLElement {
    const data = this.callbacks.row(index);
    const selected = index === this.selectedRow;
    const row = el('div', { class: `row${index % 2 ? ' odd' : ''}${selected ? ' selected' : ''}`, role: 'row', 'aria-rowindex': index + 2, 'aria-selected': selected ? 'true' : 'false', 'data-row': index });
    this.columns.forEach((column, c) => {
      const cell = el('div', { class: 'cell', role: 'gridcell', 'aria-colindex': c + 1, 'data-col': c, id: `cell-${index}-${c}` });
      cell.style.width = `${column.width}px`;
      if (selected && c === this.activeColumn) cell.classList.add('active');
      if (!data) {
        cell.textContent = previewViewStrings.rowLoading;
        cell.classList.add('loading');
      } else if (column.key === ORIGIN_KEY) {
        // The name may be cut, the line number never: it is what the column is for.
        const parts = originParts(data.origin.file, data.origin.line);
        cell.classList.add('origin');
        cell.append(el('span', { class: 'origin-name' }, parts.name));
        if (parts.line) cell.append(el('span', { class: 'origin-line' }, parts.line));
        cell.title = previewViewStrings.originTooltip(data.origin.file, data.origin.line);
      } else {
        const value = data.values[column.key];
        const formatted = formatCell(value, CELL_MAX_CHARS, column.key);
        cell.textContent = formatted.text;
        cell.classList.add(`kind-${formatted.kind}`);
        if (formatted.kind === 'trace') cell.title = formatted.text;
        else if (formatted.truncated || formatted.text.length * 7 > column.width - 12) cell.title = cellTooltip(value);
      }
      row.append(cell);
    });
    return row;
  }

  private updateActiveDescendant(): void {
    const id = `cell-${this.selectedRow}-${this.activeColumn}`;
    if (this.rowCount > 0 && this.element.querySelector(`#${id}`)) this.element.setAttribute('aria-activedescendant', id);
    else this.element.removeAttribute('aria-activedescendant');
  }

  /** Selects a row (and column), scrolling it into view. */
  select(row: number, column = this.activeColumn): void {
    this.selectedRow = clampRow(row, this.rowCount);
    this.activeColumn = Math.max(0, Math.min(this.columns.length - 1, column));
    const header = this.headerHeight();
    const top = scrollToReveal(this.selectedRow, this.element.scrollTop, this.element.clientHeight, ROW_HEIGHT, header);
    if (top !== undefined) this.element.scrollTop = top;
    this.revealColumn();
    this.renderedFirst = -1;
    this.render();
  }

  private revealColumn(): void {
    let left = 0;
    for (let c = 0; c < this.activeColumn; c++) left += this.columns[c].width;
    const width = this.columns[this.activeColumn]?.width ?? 0;
    const pinned = this.activeColumn > 0 ? (this.columns[0]?.width ?? 0) : 0;
    if (left - pinned < this.element.scrollLeft) this.element.scrollLeft = Math.max(0, left - pinned);
    else if (left + width > this.element.scrollLeft + this.element.clientWidth) this.element.scrollLeft = left + width - this.element.clientWidth;
  }

  /** The selected row's origin, when its row is loaded. */
  selectedOrigin(): PreviewLocation | undefined {
    const data = this.callbacks.row(this.selectedRow);
    return data ? { file: data.origin.file, line: data.origin.line } : undefined;
  }

  private activate(row: number, column: number): void {
    const key = this.columns[column]?.key;
    if (key === undefined) return;
    if (key === ORIGIN_KEY) {
      const data = this.callbacks.row(row);
      if (data) this.callbacks.openLocation({ file: data.origin.file, line: data.origin.line });
    } else {
      this.callbacks.openDetail(row, key);
    }
  }

  private onClick(event: MouseEvent): void {
    const target = event.target instanceof Element ? event.target : null;
    const rowElement = target?.closest<HTMLElement>('[data-row]');
    const cellElement = target?.closest<HTMLElement>('[data-col]');
    if (!rowElement || !cellElement) return;
    const row = Number(rowElement.dataset.row);
    const column = Number(cellElement.dataset.col);
    this.select(row, column);
    this.element.focus({ preventScroll: true });
    this.activate(row, column);
  }

  private onKey(event: KeyboardEvent): void {
    // The header's buttons handle their own keys.
    if (event.target instanceof Node && this.header.contains(event.target)) return;
    if (this.rowCount === 0) return;
    const page = rowsPerViewport(this.element.clientHeight, ROW_HEIGHT, this.headerHeight());
    const moves: Record<string, () => void> = {
      ArrowDown: () => this.select(this.selectedRow + 1),
      ArrowUp: () => this.select(this.selectedRow - 1),
      PageDown: () => this.select(this.selectedRow + page),
      PageUp: () => this.select(this.selectedRow - page),
      Home: () => (event.ctrlKey || event.metaKey ? this.select(0) : this.select(this.selectedRow, 0)),
      End: () => (event.ctrlKey || event.metaKey ? this.select(this.rowCount - 1) : this.select(this.selectedRow, this.columns.length - 1)),
      ArrowLeft: () => this.select(this.selectedRow, this.activeColumn - 1),
      ArrowRight: () => this.select(this.selectedRow, this.activeColumn + 1),
      Enter: () => this.activate(this.selectedRow, this.activeColumn),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    move();
  }
}
