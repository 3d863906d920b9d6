/**
 * The compare view: a header per log, the candidate's metric table and 2×2 counts, the per-sample changes
 * (paged from the host, filtered), and a paired sample side by side. The cluster column and the metrics'
 * direction are options the host computes the comparison again with. View state survives a hidden tab.
 */
import type { CandidateComparison, CompareLogHeader, ComparisonSummary, MetricComparison, PairDetail, ResamplingResult, SampleChange } from '../../src/core/model/compareTypes';
import { compareStrings as S } from '../../src/core/l10n/compareStrings';
import { el, clear } from '../shared/dom';
import { formatDuration, formatLocalTime } from '../../src/core/format/displayFormat';
import { metricLabel } from '../../src/core/format/compareFormat';
import { statusBadge } from '../shared/header';
import { CompareClient, StaleCompareReply } from './compareClient';
import { ChangeFilters, CHANGES_PAGE, renderChangesList, renderChangesToolbar } from './changesList';
import { renderBinaryTables, renderMetricTable } from './metricTable';
import { renderPair } from './pairView';
import { disagreementNotes } from './statisticsCells';

interface ViewState {
  candidate: number;
  filters: ChangeFilters;
  openSampleId?: string;
}

function restore(value: unknown): ViewState {
  const state = typeof value === 'object' && value !== null ? (value as Partial<ViewState>) : {};
  return {
    candidate: typeof state.candidate === 'number' ? state.candidate : 1,
    filters: typeof state.filters === 'object' && state.filters !== null ? state.filters : {},
    openSampleId: typeof state.openSampleId === 'string' ? state.openSampleId : undefined,
  };
}

export class CompareApp {
  private summary?: ComparisonSummary;
  private state: ViewState;
  private rows: SampleChange[] = [];
  private total = 0;
  private pair?: PairDetail;
  private readonly main = el('main', { className: 'compare' });
  /** The difference D typed into each metric key's plan beside its MDE. */
  private readonly planDeltas = new Map<string, string>();

  constructor(root: HTMLElement, private readonly client: CompareClient) {
    this.state = restore(client.getState());
    root.appendChild(this.main);
    this.main.appendChild(el('p', { className: 'loading', text: S.view.loading }));
    client.listen((message) => {
      if (message.type === 'progress') this.showProgress(message.label);
      else if (message.type === 'loadError') this.showError(message.message);
      else if (message.type === 'resampling') this.takeResampling(message.generation, message.results, message.complete);
      else void this.init(message.generation, message.summary);
    });
    client.post({ type: 'ready' });
  }

  private save(): void {
    this.client.setState(this.state);
  }

  private showProgress(label: string): void {
    if (this.summary) return;
    clear(this.main);
    this.main.appendChild(el('p', { className: 'load-progress', text: label }));
  }

  private showError(message: string): void {
    clear(this.main);
    this.main.appendChild(el('div', { className: 'load-error', attrs: { role: 'alert' } }, el('p', { text: message })));
  }

  private async init(generation: number, summary: ComparisonSummary): Promise<void> {
    this.client.setGeneration(generation);
    this.summary = summary;
    if (!summary.candidates.some((c) => c.position === this.state.candidate)) this.state.candidate = 1;
    this.render();
    await this.loadChanges(false);
    if (this.state.openSampleId) await this.openPair(this.state.openSampleId);
  }

  /** Bootstrap and permutation figures that follow the table (docs/semantics.md §12): only the metric table is drawn again. */
  private takeResampling(generation: number, results: readonly ResamplingResult[], complete: boolean): void {
    const summary = this.summary;
    if (!summary || generation !== this.client.generation) return;
    for (const result of results) {
      const metric = summary.candidates.find((c) => c.position === result.candidate)?.metrics.find((m) => m.id === result.metricId);
      if (metric) metric.resampling = result.figures;
    }
    if (complete) summary.resampling = 'complete';
    this.renderMetrics();
  }

  private current(): CandidateComparison | undefined {
    return this.summary?.candidates.find((c) => c.position === this.state.candidate);
  }

  private changesRequest = 0;

  private async loadChanges(append: boolean): Promise<void> {
    const c = this.current();
    if (!c) return;
    // A reply to an earlier request (filters changed since) is left out: the list shows the latest filters only.
    const request = ++this.changesRequest;
    try {
      const page = await this.client.changes({ candidate: c.position, offset: append ? this.rows.length : 0, limit: CHANGES_PAGE, ...this.state.filters });
      if (request !== this.changesRequest) return;
      this.rows = append ? [...this.rows, ...page.rows] : page.rows;
      this.total = page.total;
      this.renderChanges();
    } catch (error) {
      if (!(error instanceof StaleCompareReply)) this.showInline(error);
    }
  }

  /**
   * `chosen`: a person opened it from the list (the focus moves into the pair, and the row tells where the sample
   * is); otherwise it is restored.
   */
  private async openPair(sampleId: string, chosen = false, baselineIndex?: number): Promise<void> {
    const c = this.current();
    if (!c) return;
    try {
      this.pair = await this.client.pair(c.position, sampleId, baselineIndex);
      this.state.openSampleId = sampleId;
      this.save();
      this.renderPairView();
      if (chosen) this.main.querySelector<HTMLElement>('.pair-slot [data-testid="pair-heading"]')?.focus({ preventScroll: true });
    } catch (error) {
      if (!(error instanceof StaleCompareReply)) this.showInline(error);
    }
  }

  private showInline(error: unknown): void {
    const slot = this.main.querySelector('.changes-slot');
    if (slot) slot.replaceChildren(el('p', { className: 'load-error', text: error instanceof Error ? error.message : String(error) }));
  }

  private sendOptions(patch: { clusterKey?: string; lowerIsBetter?: string[] }): void {
    const summary = this.summary;
    if (!summary) return;
    const clusterKey = 'clusterKey' in patch ? patch.clusterKey : summary.clusterKey;
    this.client.post({ type: 'options', clusterKey, lowerIsBetter: patch.lowerIsBetter ?? summary.lowerIsBetter });
  }

  private flip(metric: MetricComparison): void {
    const summary = this.summary;
    if (!summary) return;
    const key = `${metric.metricKey}/${metric.valueKey}`;
    const keys = new Set(summary.lowerIsBetter);
    if (metric.lowerIsBetter) {
      for (const k of [metric.metricKey, metric.valueKey, key, metric.column]) keys.delete(k);
    } else {
      keys.add(key);
    }
    this.sendOptions({ lowerIsBetter: [...keys] });
  }

  private logCard(role: string, log: CompareLogHeader, testId: string): HTMLElement {
    const facts = [S.view.sampleFacts(log.sampleCount, log.maxTrials)];
    if (log.startedAt !== undefined) facts.push(formatLocalTime(log.startedAt));
    if (log.runtime !== undefined) facts.push(formatDuration(log.runtime));
    return el('div', { className: 'log-card', attrs: { 'data-testid': testId } },
      el('div', { className: 'muted', text: role }),
      el('div', { className: 'header-title' }, el('strong', { text: log.displayName }), statusBadge(log.status)),
      el('div', { className: 'muted', text: `${log.fileName} · ${facts.join(' · ')}` }),
    );
  }

  private render(): void {
    const summary = this.summary;
    const c = this.current();
    if (!summary || !c) return;
    clear(this.main);
    this.main.appendChild(el('header', { className: 'report-header compare-header' },
      el('div', { className: 'log-cards' }, this.logCard(S.baselineLabel, summary.baseline, 'log-baseline'), ...summary.candidates.map((x) => this.logCard(S.candidateLabel(x.position), x.log, `log-candidate-${x.position}`)))));
    if (summary.candidates.length > 1) {
      const tabs = el('div', { className: 'tab-list', attrs: { role: 'tablist' } });
      for (const x of summary.candidates) {
        const tab = el('button', { className: 'tab', text: S.view.candidateTab(x.position, x.log.displayName), attrs: { role: 'tab', 'aria-selected': x.position === c.position ? 'true' : 'false' } });
        tab.addEventListener('click', () => {
          this.state = { candidate: x.position, filters: {} };
          this.save();
          this.pair = undefined;
          this.render();
          void this.loadChanges(false);
        });
        tabs.appendChild(tab);
      }
      this.main.appendChild(tabs);
    }
    const a = c.alignment;
    const samplesLine = S.view.samplesLine(a.paired, a.onlyBaseline.length, a.onlyCandidate.length, a.inputChanged.length);
    this.main.appendChild(el('p', { className: 'muted', attrs: { 'data-testid': 'alignment' }, text: a.inputsChecked ? samplesLine : `${samplesLine} · ${S.view.checkingInputs}` }));
    if (c.unpaired) this.main.appendChild(el('p', { className: 'schema-banner', attrs: { role: 'note', 'data-testid': 'unpaired' }, text: S.unpairedNote }));
    this.main.appendChild(this.clusterChooser(summary));
    this.main.appendChild(el('h2', { text: S.view.metricsHeading }));
    this.main.appendChild(el('p', { className: 'muted', text: S.view.metricsNote }));
    this.main.appendChild(el('div', { className: 'metrics-slot' }));
    this.renderMetrics();
    for (const skipped of c.skipped) this.main.appendChild(el('div', { className: 'muted', text: S.skippedLine(metricLabel(skipped), skipped.reason), attrs: { 'data-testid': 'skipped-metric' } }));
    const binary = renderBinaryTables(c);
    if (binary) this.main.append(el('h2', { text: S.view.binaryHeading }), binary);
    this.main.append(el('h2', { text: S.view.changesHeading }), el('div', { className: 'changes-slot' }), el('div', { className: 'pair-slot' }));
    this.renderChanges();
    this.renderPairView();
  }

  /** The metric table and the notes where tests disagree: drawn again when resampling figures come. */
  private renderMetrics(): void {
    const c = this.current();
    const slot = this.main.querySelector('.metrics-slot');
    if (!c || !slot) return;
    if (!c.metrics.length) {
      slot.replaceChildren(el('p', { className: 'empty', text: S.noMetrics }));
      return;
    }
    const table = renderMetricTable(c, {
      flip: (m) => this.flip(m),
      showChanges: (m) => {
        this.state.filters = { ...this.state.filters, metricId: m.id };
        this.save();
        this.renderChanges();
        void this.loadChanges(false);
      },
    }, this.planDeltas, this.summary?.resampling === 'pending');
    const focused = focusedControl(slot);
    slot.replaceChildren(el('div', { className: 'metric-scroll' }, table), ...disagreementNotes(c));
    if (focused) refocus(slot, focused);
  }

  private clusterChooser(summary: ComparisonSummary): HTMLElement {
    const select = el('select', { attrs: { 'aria-label': S.view.clusterLabel, 'data-testid': 'cluster' } });
    for (const [value, text] of [['', S.view.noCluster], ...summary.clusterKeys.map((k) => [k, k])]) {
      const option = el('option', { text, attrs: { value } });
      option.selected = value === (summary.clusterKey ?? '');
      select.appendChild(option);
    }
    select.addEventListener('change', () => this.sendOptions({ clusterKey: select.value || undefined }));
    return el('label', { className: 'cluster-chooser' }, `${S.view.clusterLabel} `, select);
  }

  private renderChanges(): void {
    const c = this.current();
    const slot = this.main.querySelector('.changes-slot');
    if (!c || !slot) return;
    const events = {
      filter: (filters: ChangeFilters) => {
        this.state.filters = filters;
        this.save();
        if (filters.onlyInputChanged && !c.alignment.inputsChecked) {
          this.rows = [];
          this.renderChanges();
        }
        void this.loadChanges(false);
      },
      more: () => void this.loadChanges(true),
      open: (change: SampleChange) => void this.openPair(change.sampleId, true, change.baselineIndex),
    };
    // "Only changed input" before every pair's data is compared: a progress state until the host answers.
    const waiting = this.state.filters.onlyInputChanged === true && !c.alignment.inputsChecked && this.rows.length === 0;
    slot.replaceChildren(renderChangesToolbar(c, this.state.filters, events), waiting
      ? el('p', { className: 'muted', text: S.view.checkingInputs, attrs: { role: 'status', 'data-testid': 'inputs-progress' } })
      : renderChangesList(c, this.rows, this.total, events));
  }

  private renderPairView(): void {
    const slot = this.main.querySelector('.pair-slot');
    const c = this.current();
    if (!slot || !this.summary || !c) return;
    if (!this.pair) {
      slot.replaceChildren();
      return;
    }
    const sampleId = this.pair.sampleId;
    slot.replaceChildren(renderPair(this.pair, this.summary.baseline.displayName, { position: c.position, name: c.log.displayName }, () => {
      this.pair = undefined;
      this.state.openSampleId = undefined;
      this.save();
      this.renderPairView();
      // The focus goes back to the change that opened the pair (when it is still listed).
      const change = Array.from(this.main.querySelectorAll<HTMLElement>('[data-testid="change"]')).find((b) => b.getAttribute('data-sample-id') === sampleId);
      change?.focus();
    }));
    slot.scrollIntoView({ block: 'start' });
  }
}

/** The control of a metric row that has the focus (a plan's D, a flip box), to give it back after the table is drawn again. */
function focusedControl(slot: Element): { metricId: string; testId: string } | undefined {
  const active = document.activeElement;
  if (!(active instanceof HTMLInputElement) || !slot.contains(active)) return undefined;
  const metricId = active.closest('tr')?.getAttribute('data-metric-id');
  const testId = active.getAttribute('data-testid');
  return metricId && testId ? { metricId, testId } : undefined;
}

function refocus(slot: Element, focused: { metricId: string; testId: string }): void {
  const row = Array.from(slot.querySelectorAll('tr[data-metric-id]')).find((r) => r.getAttribute('data-metric-id') === focused.metricId);
  const control = row?.querySelector(`input[data-testid="${focused.testId}"]`);
  if (control instanceof HTMLInputElement) control.focus();
}
