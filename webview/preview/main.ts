/**
 * The filter preview view: funnel, status, kept-rows table and detail pane. Talks to the extension host
 * through the typed protocol; keeps scroll, selection, widths and open panels in the webview state.
 */
import './preview.css';
import '@vscode-elements/elements/dist/vscode-button/index.js';
import { previewViewStrings, selectionFunnelViewStrings } from '../../src/core/l10n/previewStrings';
import type { HostToWebview, InitMessage, PreviewLocation, PreviewSummaryView, ResultMessage } from '../../src/core/protocol/previewProtocol';
import type { PreviewRow } from '../../src/core/model/previewTypes';
import { isHostToWebview } from '../../src/core/protocol/previewProtocol';
import { DetailPane } from './detailPane';
import { el } from './dom';
import { FunnelView } from './funnelView';
import { GeneratorView } from './generatorView';
import { RemovedRowsView, RemovedStep } from './removedRowsView';
import { PageCache } from './grid/pageCache';
import { VirtualGrid } from './grid/virtualGrid';
import { StatusView } from './statusView';
import { loadViewState, postToHost, saveViewState } from './previewViewState';
import { onHostMessage } from '../shared/vscodeApi';
import { guardedListener } from '../../src/core/channel/handshake';
import { RequestChannel } from '../../src/core/channel/requestChannel';
import { datasetCommandStrings } from '../../src/core/l10n/cliStrings';
import { configureL10nFromPage } from '../shared/l10nBundle';
import type { RowSort } from '../../src/core/protocol/previewProtocol';
import { StatisticsPopover, StatisticsState } from './columnStatisticsPopover';
import { gridSortStrings } from '../../src/core/l10n/columnStatisticsStrings';

// Translations first: everything below may render text.
configureL10nFromPage(document);

const viewState = loadViewState();
let init: InitMessage | undefined;
let summary: PreviewSummaryView | undefined;
let runningGeneration = -1;
let restored = false;
/** Pages of kept rows by request id; the page cache drops a page of an older run by its generation. */
const pageRequests = new RequestChannel<Extract<HostToWebview, { type: 'page' | 'removedRows' | 'columnStatistics' | 'error' }>>({
  errorOf: (reply) => (reply.type === 'error' ? new Error(reply.message) : undefined),
});
let pages: PageCache | undefined;
/** Whether the shown summary is the final one of its run. */
let finalSummary = false;
/** The order the page cache holds (a change reloads every page); pages asked for in an older order are dropped. */
let shownOrder = '';
let orderEpoch = 0;
/** The statistics of the current run, once asked for. */
let statistics: { generation: number; state: StatisticsState } | undefined;

const openLocation = (location: PreviewLocation) => postToHost({ type: 'openLocation', location });

const title = el('h1', { class: 'title' }, previewViewStrings.loading);
const rerunButton = el('vscode-button', { secondary: true, icon: 'refresh', title: previewViewStrings.rerun }, previewViewStrings.rerun);
rerunButton.addEventListener('click', () => postToHost({ type: 'rerun' }));
const exportButton = el('vscode-button', { secondary: true, icon: 'export', title: datasetCommandStrings.exportButton }, datasetCommandStrings.exportButton);
exportButton.addEventListener('click', () => postToHost({ type: 'exportRows' }));
const exportNote = el('span', { class: 'toolbar-note', id: 'export-note', 'data-testid': 'export-note' });
exportNote.hidden = true;
const toolbar = el('header', { class: 'toolbar' }, title, rerunButton, exportButton, exportNote);

/** Export is offered only where there are kept rows to write; otherwise it is disabled and the reason is shown beside it. */
function offerExport(reason: string | undefined): void {
  exportButton.toggleAttribute('disabled', reason !== undefined);
  exportNote.textContent = reason ?? '';
  exportNote.hidden = reason === undefined;
  if (reason === undefined) exportButton.removeAttribute('aria-describedby');
  else exportButton.setAttribute('aria-describedby', exportNote.id);
}

const funnel = new FunnelView({
  openLocation,
  warningsToggled: (open) => {
    viewState.warningsOpen = open;
    persist();
  },
  drill: (stage) => showRemoved({ filterIndex: stage.filterIndex ?? 0, field: summary?.selection ? stage.field : undefined, label: stage.label, removed: stage.removed, noun: summary?.recordNoun }),
});
funnel.hide();

const status = new StatusView({
  cancel: () => postToHost({ type: 'cancel' }),
  rerun: () => postToHost({ type: 'rerun' }),
  openLocation,
});

const grid = new VirtualGrid({
  needRows: (first, end) => pages?.ensure(first, end),
  row: (index) => pages?.row(index),
  openLocation,
  openDetail: (row, column) => showDetail(row, column),
  changed: () => persist(),
  sortBy: (column) => cycleSort(column),
  showStatistics: (column, anchor) => showStatistics(column, anchor),
});

const sortNote = el('p', { class: 'sort-note', role: 'status', 'data-testid': 'sort-note' });
const statisticsPopover = new StatisticsPopover();

/** Why the kept rows cannot be sorted now, or undefined when they can (docs/semantics.md §13). */
function sortUnavailable(): string | undefined {
  if (!summary || !finalSummary) return gridSortStrings.sortWhileCounting;
  if (summary.capped) return gridSortStrings.sortCapped(summary.rowCount, summary.matched);
  return undefined;
}

/** The sort pages are served in: the chosen one when it can be applied. */
function effectiveSort(): RowSort | undefined {
  const sort = viewState.sort;
  return sort && !sortUnavailable() && summary?.columns.includes(sort.column) ? sort : undefined;
}

const orderKey = (sort: RowSort | undefined) => (sort ? `${sort.direction}:${sort.column}` : '');

/** Header activated: ascending, then descending, then source order again. */
function cycleSort(column: string): void {
  const reason = sortUnavailable();
  if (reason) {
    sortNote.textContent = reason;
    return;
  }
  const current = viewState.sort?.column === column ? viewState.sort.direction : undefined;
  viewState.sort = current === undefined ? { column, direction: 'ascending' } : current === 'ascending' ? { column, direction: 'descending' } : undefined;
  applyOrder();
  persist();
}

/** Shows the kept rows in the effective order, reloading the pages when it changed. */
function applyOrder(firstRows: readonly PreviewRow[] = []): void {
  const sort = effectiveSort();
  grid.setSort(sort);
  sortNote.textContent = sort ? gridSortStrings.sortStatus(grid.columnLabel(sort.column), sort.direction === 'descending') : '';
  if (!pages || orderKey(sort) === shownOrder) return;
  shownOrder = orderKey(sort);
  orderEpoch++;
  pages.reset(pages.currentGeneration, pages.size, sort ? [] : firstRows);
  grid.invalidate();
  refreshDetail();
}

function statisticsState(): StatisticsState {
  const generation = runningGeneration;
  if (statistics?.generation === generation) return statistics.state;
  const entry: { generation: number; state: StatisticsState } = { generation, state: { kind: 'loading' } };
  statistics = entry;
  pageRequests.request((id) => postToHost({ type: 'getColumnStatistics', id, generation }))
    .then((reply) => {
      if (reply.type === 'columnStatistics') entry.state = { kind: 'ready', result: reply.result };
    })
    .catch((error: unknown) => {
      entry.state = { kind: 'failed', reason: error instanceof Error ? error.message : String(error) };
    })
    .finally(() => {
      if (statistics === entry) statisticsPopover.update(entry.state);
    });
  return entry.state;
}

function showStatistics(column: string, anchor: HTMLElement): void {
  statisticsPopover.show(column, grid.columnLabel(column), anchor, statisticsState());
}

const generatorView = new GeneratorView(openLocation, (stage, offset, count) => postToHost({ type: 'getGeneratorPage', generation: runningGeneration, stage, offset, count }));

const detail = new DetailPane(() => closeDetail(), openLocation, (title, output) => postToHost({ type: 'openConversation', title, output }));
const content = el('div', { class: 'content' }, grid.element, detail.element, statisticsPopover.element);
content.hidden = true;

const removedRows = new RemovedRowsView({
  fetch: async (step, offset, count) => {
    const { filterIndex, field } = step;
    const reply = await pageRequests.request((id) => postToHost({ type: 'getRemovedRows', id, generation: runningGeneration, filterIndex, ...(field !== undefined ? { field } : {}), offset, count }));
    if (reply.type !== 'removedRows') throw new Error(previewViewStrings.removedNone);
    return reply.page;
  },
  openLocation,
  back: () => closeRemoved(),
});

/** The rows filter step `filterIndex` removed, in place of the kept rows. */
let drilledStep: number | undefined;

function showRemoved(step: RemovedStep): void {
  drilledStep = step.filterIndex;
  content.hidden = true;
  removedRows.show(step);
}

function closeRemoved(): void {
  if (!removedRows.isOpen) return;
  removedRows.hide();
  content.hidden = false;
  // Focus goes back to the step that was opened.
  const step = funnel.element.querySelector<HTMLElement>(`.stage.drillable[data-filter-index="${drilledStep ?? -1}"] .stage-drill`);
  (step ?? grid.element).focus({ preventScroll: true });
}

document.getElementById('app')?.append(toolbar, funnel.element, status.element, sortNote, content, removedRows.element, generatorView.element);

function persist(): void {
  if (!restored) return;
  const shown = detail.shown;
  saveViewState({
    ...viewState,
    scrollTop: grid.element.scrollTop,
    scrollLeft: grid.element.scrollLeft,
    selectedRow: grid.selectedRow,
    activeColumn: grid.activeColumn,
    columnWidths: { ...viewState.columnWidths, ...grid.columnWidths() },
    detail: shown ? { row: shown.row, column: grid.columnKeys.indexOf(shown.column) } : undefined,
  });
}

/** The value columns in display order (the origin column is shown apart). */
function detailColumns(): { key: string; label: string }[] {
  return grid.columnKeys.filter((key) => !grid.isOriginColumn(key)).map((key) => ({ key, label: grid.columnLabel(key) }));
}

function showDetail(row: number, column: string): void {
  const data = pages?.row(row);
  if (!data) return;
  detail.show(row, column, data, detailColumns());
  persist();
}

function closeDetail(): void {
  if (!detail.isOpen) return;
  detail.hide();
  grid.element.focus({ preventScroll: true });
  persist();
}

function refreshDetail(): void {
  const shown = detail.shown;
  if (!shown) return;
  const data = pages?.row(shown.row);
  if (data && grid.columnKeys.includes(shown.column)) detail.show(shown.row, shown.column, data, detailColumns());
  else if (shown.row >= (pages?.size ?? 0) || !grid.columnKeys.includes(shown.column)) closeDetail();
}

function emptyMessage(view: PreviewSummaryView): string {
  const noun = view.recordNoun;
  if (view.selection || (noun && noun !== 'rows')) {
    return view.total === 0 ? selectionFunnelViewStrings.noneInSource(noun ?? 'rows') : selectionFunnelViewStrings.noneKept(noun ?? 'rows');
  }
  return view.total === 0 ? previewViewStrings.noRowsInSource : previewViewStrings.noRowsKept;
}

function applyResult(message: ResultMessage): void {
  if (!pages) return;
  summary = message.summary;
  finalSummary = message.phase === 'final';
  const sorted = effectiveSort() !== undefined;
  if (message.generation !== pages.currentGeneration) {
    orderEpoch++;
    shownOrder = '';
    pages.reset(message.generation, summary.rowCount, sorted ? [] : message.rows);
    statisticsPopover.hide();
  } else if (orderKey(effectiveSort()) === shownOrder) pages.grow(summary.rowCount, sorted ? [] : message.rows);
  content.hidden = false;
  const firstResult = grid.columnKeys.length === 0;
  grid.setColumns(summary.columns, viewState.columnWidths);
  grid.fitOrigin(message.rows, viewState.columnWidths);
  if (firstResult) grid.fitColumns(message.rows, viewState.columnWidths);
  applyOrder(message.rows);
  grid.setRowCount(summary.rowCount, emptyMessage(summary));
  if (!restored) {
    grid.selectedRow = viewState.selectedRow;
    grid.activeColumn = viewState.activeColumn;
    grid.restoreScroll(viewState.scrollTop, viewState.scrollLeft);
    restored = true;
    const saved = viewState.detail;
    const column = saved ? grid.columnKeys[saved.column] : undefined;
    if (saved && column !== undefined) showDetail(saved.row, column);
  }
  if (removedRows.isOpen) content.hidden = true;
  if (message.phase === 'final') {
    funnel.element.classList.remove('stale');
    funnel.render(summary, viewState.warningsOpen);
    status.finished(summary, init?.rowCap ?? summary.rowCount);
  }
  refreshDetail();
}

function receive(message: HostToWebview): void {
  switch (message.type) {
    case 'init':
      init = message;
      title.textContent = message.title;
      title.title = message.specFile;
      // Saved at once (not only after the first result), so a reload while counting restores this view.
      viewState.target = message.target;
      saveViewState(viewState);
      pages = new PageCache(message.pageSize, (generation, offset, count) => {
        const epoch = orderEpoch;
        const sort = effectiveSort();
        pageRequests.request((id) => postToHost({ type: 'getPage', id, generation, offset, count, ...(sort ? { sort } : {}) }))
          .then((reply) => {
            if (epoch !== orderEpoch) return;
            if (reply.type === 'page' && pages?.store(reply.generation, reply.offset, reply.rows)) {
              grid.invalidate();
              refreshDetail();
            }
          })
          .catch(() => pages?.failed(offset));
      });
      return;
    case 'runStarted':
      runningGeneration = message.generation;
      removedRows.hide();
      rerunButton.hidden = false;
      generatorView.hide();
      funnel.element.classList.add('stale');
      status.running();
      return;
    case 'progress':
      if (message.generation === runningGeneration) status.running(message.progress, message.recordNoun);
      return;
    case 'result':
      offerExport(undefined);
      applyResult(message);
      return;
    case 'generator':
      if (message.generation !== runningGeneration) return;
      offerExport(previewViewStrings.exportNotGenerated);
      funnel.hide();
      content.hidden = true;
      status.idle();
      generatorView.render(message.view, message.run, message.definitionFile);
      return;
    case 'generatorPage':
      if (message.generation === runningGeneration) generatorView.showPage(message.stage, message.offset, message.samples);
      return;
    case 'runFailed':
      if (message.generation !== runningGeneration) return;
      // The failure screen has its own "Run again" beside the failure.
      rerunButton.hidden = true;
      funnel.hide();
      content.hidden = true;
      status.failed(message.failure);
      return;
    case 'page':
    case 'removedRows':
    case 'columnStatistics':
    case 'error':
      pageRequests.settle(message);
      return;
  }
}

onHostMessage(guardedListener(isHostToWebview, receive));

document.addEventListener('keydown', (event) => {
  if (event.key === 'Escape' && removedRows.isOpen) {
    event.preventDefault();
    closeRemoved();
    return;
  }
  if (event.key === 'Escape' && detail.isOpen) {
    event.preventDefault();
    closeDetail();
  }
});

postToHost({ type: 'ready' });
