/**
 * The virtualised samples table: only the visible rows exist in the DOM; rows arrive in blocks from the
 * host. Works the same for 10 and 100,000 samples. ARIA grid with keyboard: arrows, Page Up/Down,
 * Home/End move the cursor, Enter opens the sample.
 */
import type { LogSummary, SamplePage, SampleRow } from '../../src/core/model/logViewTypes';
import { logStrings as S } from '../../src/core/l10n/logStrings';
import { el, clear, uniqueId } from '../shared/dom';
import { rowDataValue } from '../shared/rowData';
import { formatValue, truncate } from '../../src/core/format/displayFormat';
import { scoreCell, trialStrip, errorMarker } from './sampleCells';
import { StaleReplyError } from './reportClient';
import { dataColumnsThatFit, repeatedPassColumns } from './reportRules';

export const ROW_HEIGHT = 26;
const BLOCK = 100;
const OVERSCAN = 8;

interface Column {
  id: string;
  label: string;
  width: string;
  sortable: boolean;
  numeric?: boolean;
  /** Kept in view at the left edge (px from it) while the table scrolls sideways. */
  pinnedAt?: number;
  render(row: SampleRow): HTMLElement | string;
}

interface TableSort {
  column: string;
  direction: 'asc' | 'desc';
}

interface SamplesTableEvents {
  open(row: SampleRow): void;
  sort(sort: TableSort | undefined): void;
  moved(cursor: number, scrollTop: number): void;
  /** The number of rows; `searching` while a search has covered only part of the samples. */
  count(total: number, searching?: SamplePage['searching']): void;
}

/** How soon a search that covered only part of the samples is asked again. */
const SEARCH_REFRESH_MS = 250;

/** Width a data column needs before it is shown (data columns give way first when room is short). */
const DATA_COLUMN_MIN = 110;
/** A header's room besides its text: the cell's padding, and the arrow of the column the table is sorted by. */
const HEADER_PADDING = 18;
const SORT_ARROW = 18;
const INDEX_WIDTH = 48;

let measureContext: CanvasRenderingContext2D | null | undefined;

/** Width of a header label in the header's font (8 px a character where it cannot be measured). */
function headerTextWidth(label: string, font: string): number {
  measureContext ??= document.createElement('canvas').getContext('2d');
  if (!measureContext || !font) return label.length * 8;
  measureContext.font = font;
  return Math.ceil(measureContext.measureText(label).width);
}

/** The sample's id, its scores, trials and errors: always shown. Data columns go after the id, as room allows. */
function keyColumnsFor(summary: LogSummary, font: (numeric: boolean) => string, sortedBy: string | undefined): { before: Column[]; after: Column[] } {
  const s = summary.samples;
  const before: Column[] = [
    { id: 'index', label: S.colIndex, width: `${INDEX_WIDTH}px`, sortable: true, numeric: true, pinnedAt: 0, render: (r) => String(r.index) },
    { id: 'sampleId', label: S.colSampleId, width: 'minmax(100px, 160px)', sortable: true, pinnedAt: INDEX_WIDTH, render: (r) => el('span', { text: truncate(String(r.sampleId), 60), title: String(r.sampleId) }) },
  ];
  const after: Column[] = [];
  for (const column of s.scoreColumns) {
    const label = s.scoreColumns.filter((c) => c.valueKey === column.valueKey).length > 1 ? `${column.scorerName ?? column.scorerKey}/${column.valueKey}` : column.valueKey;
    // Wide enough for its whole label on one line (and the arrow when sorted by it): a score's name is never cut or broken.
    const fit = Math.min(320, Math.max(64, headerTextWidth(label, font(true)) + HEADER_PADDING + (sortedBy === column.id ? SORT_ARROW : 0)));
    after.push({ id: column.id, label, width: `minmax(${fit}px, ${Math.max(fit, 110)}px)`, sortable: true, numeric: true, render: (r) => scoreCell(r.scores[column.id], column) });
  }
  if (s.maxTrials > 1) {
    const repeated = repeatedPassColumns(summary);
    after.push({ id: 'trials', label: S.colTrials, width: `${Math.min(220, Math.max(56, s.maxTrials * 12 + 12))}px`, sortable: false, render: trialStrip });
    if (!repeated.passAtK) after.push({ id: 'passAtK', label: S.passAtK(s.passK), width: '64px', sortable: false, numeric: true, render: (r) => (r.passAtK === undefined ? '' : formatValue(r.passAtK, true)) });
    if (!repeated.passPowK) after.push({ id: 'passPowK', label: S.passPowK(s.passK), width: '64px', sortable: false, numeric: true, render: (r) => (r.passPowK === undefined ? '' : formatValue(r.passPowK, true)) });
  }
  after.push({ id: 'errors', label: S.colErrors, width: '68px', sortable: true, numeric: true, render: errorMarker });
  return { before, after };
}

/** Data columns share the room left in proportion to the length of what they hold (`lengths`: typical characters). */
function dataColumnsFor(summary: LogSummary, lengths?: ReadonlyMap<string, number>): Column[] {
  return summary.samples.dataColumns.slice(0, 3).map((name) => {
    const share = Math.min(80, Math.max(4, lengths?.get(name) ?? 10));
    return { id: `data:${name}`, label: name, width: `minmax(${DATA_COLUMN_MIN}px, ${share}fr)`, sortable: true, render: (r: SampleRow) => el('span', { text: rowDataValue(r, name) ?? '', title: rowDataValue(r, name) ?? '' }) };
  });
}

/** The typical length of each data column's values in the first rows (the longer of the median and a third of the longest). */
function typicalLengths(rows: readonly SampleRow[], names: readonly string[]): Map<string, number> {
  const lengths = new Map<string, number>();
  for (const name of names) {
    const sorted = rows.map((r) => (rowDataValue(r, name) ?? '').length).sort((a, b) => a - b);
    if (sorted.length) lengths.set(name, Math.max(sorted[Math.floor(sorted.length / 2)], Math.round(sorted[sorted.length - 1] / 3)));
  }
  return lengths;
}

/** A pinned column's cell stays at its place at the left edge while the table scrolls sideways. */
function pin(cell: HTMLElement, column: Column): void {
  if (column.pinnedAt === undefined) return;
  cell.classList.add('pinned');
  cell.style.left = `${column.pinnedAt}px`;
}

function minWidthOf(columns: Column[]): number {
  return columns.reduce((sum, c) => sum + Number(/(\d+)px/.exec(c.width)?.[1] ?? 80), 0);
}

export class SamplesTable {
  readonly element: HTMLElement;
  private readonly header: HTMLElement;
  private readonly scroller: HTMLElement;
  private readonly spacer: HTMLElement;
  private readonly status: HTMLElement;
  private columns: Column[] = [];
  private keyColumns: { before: Column[]; after: Column[] } = { before: [], after: [] };
  private dataColumns: Column[] = [];
  private shownData = -1;
  private template = '';
  private minWidth = 0;
  private fetch: (offset: number, limit: number) => Promise<SamplePage> = () => Promise.reject(new Error('no source'));
  private blocks = new Map<number, SampleRow[]>();
  private pending = new Set<number>();
  private version = 0;
  private total = -1;
  private cursor = 0;
  private openIndex: number | undefined;
  private sort: TableSort | undefined;
  private frame = 0;
  private searchedPartly = false;
  private summary: LogSummary | undefined;
  /** Whether the data columns were sized to the rows of the current list yet. */
  private dataSized = false;
  private readonly idPrefix = uniqueId('sample-row');

  constructor(private readonly events: SamplesTableEvents) {
    this.header = el('div', { className: 'grid-header', attrs: { role: 'row', 'aria-rowindex': 1 } });
    this.spacer = el('div', { className: 'grid-spacer', attrs: { role: 'rowgroup' } });
    this.scroller = el('div', { className: 'grid-scroller', attrs: { role: 'grid', tabindex: 0, 'aria-label': S.tabSamples, 'data-testid': 'samples-table' } }, this.header, this.spacer);
    this.status = el('div', { className: 'grid-status', attrs: { role: 'status' } });
    this.element = el('div', { className: 'samples-grid' }, this.scroller, this.status);
    this.scroller.addEventListener('scroll', () => this.schedule());
    this.scroller.addEventListener('keydown', (event) => this.onKey(event));
    new ResizeObserver(() => {
      if (this.fitColumns()) this.render();
      else this.schedule();
    }).observe(this.scroller);
  }

  /** The minimum width of the always-shown columns (id, scores, trials, errors). */
  get keyWidth(): number {
    return minWidthOf([...this.keyColumns.before, ...this.keyColumns.after]);
  }

  /** Shows as many data columns as fit beside the key columns; true when the set changed. */
  private fitColumns(): boolean {
    const shown = dataColumnsThatFit(this.scroller.clientWidth, this.keyWidth, this.dataColumns.length, DATA_COLUMN_MIN);
    if (shown === this.shownData) return false;
    this.shownData = shown;
    this.columns = [...this.keyColumns.before, ...this.dataColumns.slice(0, shown), ...this.keyColumns.after];
    this.template = this.columns.map((c) => c.width).join(' ');
    this.minWidth = minWidthOf(this.columns);
    this.header.style.minWidth = `${this.minWidth}px`;
    this.spacer.style.minWidth = `${this.minWidth}px`;
    this.renderHeader();
    return true;
  }

  /** New columns (after init) and a new row source (after a filter/sort change or reload). */
  configure(summary: LogSummary, fetch: (offset: number, limit: number) => Promise<SamplePage>, sort: TableSort | undefined, position?: { cursor: number; scrollTop: number }): void {
    this.summary = summary;
    this.keyColumns = keyColumnsFor(summary, (numeric) => this.headerFont(numeric), sort?.column);
    this.dataColumns = dataColumnsFor(summary);
    this.dataSized = false;
    this.sort = sort;
    this.shownData = -1;
    this.fetch = fetch;
    this.version++;
    this.blocks.clear();
    this.pending.clear();
    this.total = -1;
    this.cursor = position?.cursor ?? 0;
    this.fitColumns();
    this.status.textContent = S.loadingRows;
    void this.load(0).then(() => {
      if (position) this.scroller.scrollTop = position.scrollTop;
      this.render();
    });
  }

  /** The font of a header label (numeric columns may use another), or '' while the table is not in the page. */
  private headerFont(numeric: boolean): string {
    if (!this.header.isConnected) return '';
    const probe = el('div', { className: `grid-cell${numeric ? ' num' : ''}` }, el('button', { className: 'sort-button' }));
    probe.hidden = true;
    this.header.appendChild(probe);
    const style = getComputedStyle(probe.firstElementChild as HTMLElement);
    const font = style.fontSize ? `${style.fontWeight} ${style.fontSize} ${style.fontFamily}` : '';
    probe.remove();
    return font;
  }

  /** Once the first rows of a list are in, the data columns share the room by the length of what they hold. */
  private sizeDataColumns(rows: readonly SampleRow[]): void {
    if (this.dataSized || !this.summary || rows.length === 0) return;
    this.dataSized = true;
    this.dataColumns = dataColumnsFor(this.summary, typicalLengths(rows, this.summary.samples.dataColumns));
    this.shownData = -1;
    this.fitColumns();
  }

  setOpen(index: number | undefined): void {
    this.openIndex = index;
    this.render();
  }

  focus(): void {
    this.scroller.focus();
  }

  /** Move the cursor to a position in the current list, scrolling it into view. */
  moveTo(position: number): void {
    if (this.total <= 0) return;
    this.cursor = Math.max(0, Math.min(this.total - 1, position));
    const top = this.cursor * ROW_HEIGHT;
    const view = this.scroller.clientHeight - this.header.offsetHeight;
    if (top < this.scroller.scrollTop) this.scroller.scrollTop = top;
    else if (top + ROW_HEIGHT > this.scroller.scrollTop + view) this.scroller.scrollTop = top + ROW_HEIGHT - view;
    this.events.moved(this.cursor, this.scroller.scrollTop);
    this.render();
  }

  private renderHeader(): void {
    // A header drawn again (a new sort) gives the keyboard focus back to the same column's button.
    const focused = this.header.contains(document.activeElement) ? document.activeElement?.getAttribute('data-column') : undefined;
    clear(this.header);
    this.header.style.gridTemplateColumns = this.template;
    this.scroller.setAttribute('aria-colcount', String(this.columns.length));
    for (const column of this.columns) {
      const direction = this.sort?.column === column.id ? this.sort.direction : undefined;
      const cell = el('div', { className: `grid-cell${column.numeric ? ' num' : ''}`, attrs: { role: 'columnheader', 'data-column-id': column.id, 'aria-sort': direction ? (direction === 'asc' ? 'ascending' : 'descending') : column.sortable ? 'none' : undefined } });
      pin(cell, column);
      if (column.sortable) {
        const button = el('button', { className: 'sort-button', text: column.label, title: column.label, attrs: { 'data-column': column.id } });
        if (direction) button.appendChild(el('span', { className: `codicon codicon-arrow-${direction === 'asc' ? 'up' : 'down'}`, attrs: { 'aria-hidden': 'true' } }));
        button.addEventListener('click', () => this.events.sort(this.nextSort(column.id)));
        cell.appendChild(button);
      } else {
        cell.textContent = column.label;
      }
      this.header.appendChild(cell);
    }
    if (focused) Array.from(this.header.querySelectorAll<HTMLElement>('.sort-button')).find((b) => b.getAttribute('data-column') === focused)?.focus();
  }

  private nextSort(column: string): TableSort | undefined {
    if (this.sort?.column !== column) return { column, direction: 'asc' };
    return this.sort.direction === 'asc' ? { column, direction: 'desc' } : undefined;
  }

  private async load(block: number): Promise<void> {
    if (this.blocks.has(block) || this.pending.has(block)) return;
    const version = this.version;
    this.pending.add(block);
    try {
      const page = await this.fetch(block * BLOCK, BLOCK);
      if (version !== this.version) return;
      this.blocks.set(block, page.rows);
      if (block === 0) this.sizeDataColumns(page.rows);
      if (page.total !== this.total || page.searching) {
        this.total = page.total;
        this.spacer.style.height = `${this.total * ROW_HEIGHT}px`;
        this.scroller.setAttribute('aria-rowcount', String(this.total + 1));
        this.events.count(this.total, page.searching);
      }
      this.status.textContent = this.total === 0 && !page.searching ? S.noMatch : '';
      // No rows: the list shrinks to its header, so the message stands right under it, not below an empty area.
      this.element.classList.toggle('no-rows', this.total === 0 && !page.searching);
      if (page.searching) this.refreshSoon(version);
      else if (this.searchedPartly) {
        this.searchedPartly = false;
        this.events.count(this.total);
      }
      this.schedule();
    } catch (error) {
      if (version === this.version && !(error instanceof StaleReplyError)) this.status.textContent = error instanceof Error ? error.message : String(error);
    } finally {
      this.pending.delete(block);
    }
  }

  /** Asks again for the rows shown (keeping the scroll position) while the search has not covered every sample. */
  private refreshSoon(version: number): void {
    this.searchedPartly = true;
    setTimeout(() => {
      if (version !== this.version) return;
      this.version++;
      this.blocks.clear();
      this.pending.clear();
      const first = Math.floor(this.scroller.scrollTop / ROW_HEIGHT / BLOCK);
      void this.load(first).then(() => this.render());
    }, SEARCH_REFRESH_MS);
  }

  private schedule(): void {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.render();
    });
  }

  private rowAt(position: number): SampleRow | undefined {
    return this.blocks.get(Math.floor(position / BLOCK))?.[position % BLOCK];
  }

  private render(): void {
    if (this.total < 0) return;
    const first = Math.max(0, Math.floor(this.scroller.scrollTop / ROW_HEIGHT) - OVERSCAN);
    const visible = Math.ceil((this.scroller.clientHeight || 400) / ROW_HEIGHT) + OVERSCAN * 2;
    const last = Math.min(this.total - 1, first + visible);
    const rows: HTMLElement[] = [];
    for (let position = first; position <= last; position++) {
      const row = this.rowAt(position);
      if (!row) {
        void this.load(Math.floor(position / BLOCK));
        continue;
      }
      rows.push(this.renderRow(row, position));
    }
    this.spacer.replaceChildren(...rows);
    this.scroller.setAttribute('aria-activedescendant', `${this.idPrefix}-${this.cursor}`);
  }

  private renderRow(row: SampleRow, position: number): HTMLElement {
    const element = el('div', {
      className: `grid-row${position === this.cursor ? ' cursor' : ''}${row.index === this.openIndex ? ' open' : ''}${row.errorCount ? ' has-error' : ''}`,
      attrs: { role: 'row', id: `${this.idPrefix}-${position}`, 'aria-rowindex': position + 2, 'aria-selected': row.index === this.openIndex ? 'true' : 'false', 'data-sample-index': row.index },
    });
    element.style.gridTemplateColumns = this.template;
    element.style.transform = `translateY(${position * ROW_HEIGHT}px)`;
    for (const column of this.columns) {
      const cell = el('div', { className: `grid-cell${column.numeric ? ' num' : ''}`, attrs: { role: 'gridcell' } });
      pin(cell, column);
      const content = column.render(row);
      if (typeof content === 'string') cell.textContent = content;
      else cell.appendChild(content);
      element.appendChild(cell);
    }
    element.addEventListener('click', () => {
      this.cursor = position;
      this.events.moved(this.cursor, this.scroller.scrollTop);
      this.events.open(row);
    });
    return element;
  }

  private onKey(event: KeyboardEvent): void {
    // The header's sort buttons handle their own keys (Enter and Space sort): the rows' keys are not theirs.
    if (event.target instanceof Node && this.header.contains(event.target)) return;
    const page = Math.max(1, Math.floor((this.scroller.clientHeight - this.header.offsetHeight) / ROW_HEIGHT) - 1);
    const moves: Record<string, number> = { ArrowDown: 1, ArrowUp: -1, PageDown: page, PageUp: -page };
    if (event.key in moves) this.moveTo(this.cursor + moves[event.key]);
    else if (event.key === 'Home') this.moveTo(0);
    else if (event.key === 'End') this.moveTo(this.total - 1);
    else if (event.key === 'Enter') {
      const row = this.rowAt(this.cursor);
      if (row) this.events.open(row);
    } else return;
    event.preventDefault();
  }
}
