/** Samples: master–detail. The virtualised table on the left, the open sample on the right. */
import type { LogSummary, SamplePage, SampleRow } from '../../src/core/model/logViewTypes';
import { logStrings as S } from '../../src/core/l10n/logStrings';
import { el } from '../shared/dom';
import { DetailSplitter } from './detailSplitter';
import { repeatedPassColumns } from './reportRules';
import { SamplesTable } from './samplesTable';
import { SamplesToolbar } from './samplesToolbar';
import { renderSampleDetail } from './sampleDetail';
import { ReportClient, StaleReplyError } from './reportClient';
import type { SampleFilters, ViewState } from './viewState';
import type { OutputView } from '../../src/core/model/logViewTypes';

export class SamplesTab {
  readonly element: HTMLElement;
  private readonly toolbar: SamplesToolbar;
  private readonly detailPane = el('div', { className: 'detail-pane', attrs: { 'aria-live': 'polite', 'data-testid': 'detail-pane' } });
  private readonly hint = el('p', { className: 'select-hint', text: S.selectSample });
  private readonly splitter: DetailSplitter;
  private readonly masterDetail: HTMLElement;
  private readonly count = el('span', { className: 'sample-count', attrs: { 'data-testid': 'sample-count' } });
  private readonly table: SamplesTable;
  private summary: LogSummary | undefined;
  private detailVersion = 0;

  /** `openConversation`: opens a trial's conversation in its own tab (absent in an exported file, which has no editor). */
  constructor(private readonly client: ReportClient, private readonly state: ViewState, private readonly save: () => void, private readonly openConversation?: (title: string, output: OutputView) => void) {
    this.table = new SamplesTable({
      open: (row) => this.open(row),
      sort: (sort) => this.setFilters({ ...this.state.filters, sort }),
      moved: (cursor, scrollTop) => {
        this.state.cursor = cursor;
        this.state.scrollTop = scrollTop;
        this.save();
      },
      count: (total, searching) => {
        this.count.textContent = searching ? S.searchingCount(total, searching.searched, searching.total) : S.samplesCount(total, this.totalInScope());
      },
    });
    this.detailPane.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        this.closeDetail();
      }
    });
    this.toolbar = new SamplesToolbar(this.count, { change: (filters) => this.setFilters(filters) });
    const masterDetail = el('div', { className: 'master-detail' }, this.table.element);
    this.masterDetail = masterDetail;
    this.splitter = new DetailSplitter(masterDetail, this.detailPane, this.state.detailWidth, (width) => {
      this.state.detailWidth = width;
      this.save();
    });
    masterDetail.append(this.splitter.element, this.detailPane);
    this.table.element.appendChild(this.hint);
    this.element = el('div', { className: 'samples-tab' }, el('div', { className: 'toolbar-holder' }, this.toolbar.element), masterDetail);
  }

  private totalInScope(): number {
    if (!this.summary) return 0;
    const run = this.state.filters.runIndex;
    if (run === undefined) return this.summary.samples.count;
    return this.summary.runs?.runs.find((r) => r.index === run)?.sampleCount ?? 0;
  }

  /** (Re)load with a summary: after init and after each reload of the file, keeping filters and place. */
  show(summary: LogSummary): void {
    this.summary = summary;
    if (summary.samplesPending) {
      // No pages yet: the samples are still being read, and the complete summary renders this tab again.
      this.element.replaceChildren(el('p', { className: 'samples-pending', text: S.loadingSamples, attrs: { role: 'status', 'data-testid': 'samples-pending' } }));
      return;
    }
    this.renderToolbar();
    this.table.configure(summary, (offset, limit) => this.client.page({ ...this.state.filters, offset, limit }), this.state.filters.sort, { cursor: this.state.cursor, scrollTop: this.state.scrollTop });
    this.keepKeyColumns();
    if (this.state.openSample !== undefined) void this.loadDetail(this.state.openSample, this.state.filters.runIndex, this.state.openTrial);
    else this.renderEmptyDetail();
  }

  setFilters(filters: SampleFilters): void {
    this.state.filters = filters;
    this.state.cursor = 0;
    this.state.scrollTop = 0;
    this.save();
    if (!this.summary) return;
    this.renderToolbar();
    this.table.configure(this.summary, (offset, limit) => this.filteredPage(offset, limit), filters.sort);
    this.keepKeyColumns();
  }

  /** A page of the filtered list; the first one also says whether the open sample is still in it (else its detail closes). */
  private async filteredPage(offset: number, limit: number): Promise<SamplePage> {
    const open = offset === 0 ? this.state.openSample : undefined;
    const version = this.detailVersion;
    const page = await this.client.page({ ...this.state.filters, offset, limit, locate: open });
    if (open !== undefined && page.located === -1 && !page.searching && version === this.detailVersion && this.state.openSample === open) {
      this.detailVersion++;
      this.state.openSample = undefined;
      this.state.openTrial = undefined;
      this.save();
      this.renderEmptyDetail();
    }
    return page;
  }

  /** The detail pane never takes the room the table's key columns need (id, scores, trials, errors). */
  private keepKeyColumns(): void {
    this.masterDetail.style.setProperty('--table-min', `${this.table.keyWidth + 16}px`);
  }

  /** Open one sample (deep link, error link, row click). */
  reveal(sampleIndex: number, trialIndex?: number, runIndex?: number): void {
    if (this.summary?.samplesPending) {
      // Opened once the samples are read: the complete summary shows this tab again with the sample open.
      this.state.filters = { sort: this.state.filters.sort, runIndex };
      this.state.openSample = sampleIndex;
      this.state.openTrial = trialIndex;
      this.save();
      return;
    }
    if (runIndex !== this.state.filters.runIndex) this.setFilters({ sort: this.state.filters.sort, runIndex });
    void this.loadDetail(sampleIndex, runIndex, trialIndex);
  }

  focusTable(): void {
    this.table.focus();
  }

  private renderToolbar(): void {
    if (!this.summary) return;
    this.toolbar.render(this.summary, this.state.filters);
  }

  private open(row: SampleRow): void {
    void this.loadDetail(row.index, this.state.filters.runIndex, undefined);
  }

  /** No sample open: the pane closes and the table takes the whole width. */
  private renderEmptyDetail(): void {
    this.table.setOpen(undefined);
    this.detailPane.replaceChildren();
    this.setDetailOpen(false);
    const empty = this.summary && this.summary.samples.count === 0 && !this.summary.runs;
    this.hint.textContent = empty ? S.noSamples : S.selectSample;
  }

  private setDetailOpen(open: boolean): void {
    this.detailPane.hidden = !open;
    this.splitter.element.hidden = !open;
    this.hint.hidden = open;
  }

  private closeDetail(): void {
    this.state.openSample = undefined;
    this.state.openTrial = undefined;
    this.save();
    this.renderEmptyDetail();
    this.table.focus();
  }

  private async loadDetail(index: number, runIndex: number | undefined, trialIndex: number | undefined): Promise<void> {
    const version = ++this.detailVersion;
    this.state.openSample = index;
    this.state.openTrial = trialIndex;
    this.save();
    this.table.setOpen(index);
    this.setDetailOpen(true);
    this.detailPane.replaceChildren(el('p', { className: 'empty', text: S.loadingRows }));
    try {
      const detail = await this.client.detail(index, runIndex);
      if (version !== this.detailVersion) return;
      const pass = this.summary ? { k: this.summary.samples.passK, repeated: repeatedPassColumns(this.summary) } : undefined;
      const pane = renderSampleDetail(detail, trialIndex, {
        close: () => this.closeDetail(),
        trialChanged: (trial) => {
          this.state.openTrial = trial;
          this.save();
        },
        openConversation: this.openConversation,
      }, pass);
      pane.tabIndex = -1;
      this.detailPane.replaceChildren(pane);
    } catch (error) {
      if (error instanceof StaleReplyError || version !== this.detailVersion) return;
      this.detailPane.replaceChildren(el('p', { className: 'error-text', text: error instanceof Error ? error.message : String(error) }));
    }
  }
}
