/**
 * The report: waits for `init`, then builds header and tabs from the summary; keeps its place across
 * hidden tabs and reloads (setState/getState); a new generation re-renders in place.
 */
import type { HostToWebview, LoadErrorMessage, RevealTarget, SchemaProblemsMessage } from '../../src/core/protocol/logReportProtocol';
import type { LogSummary } from '../../src/core/model/logViewTypes';
import { logStrings as S } from '../../src/core/l10n/logStrings';
import { el, icon } from '../shared/dom';
import { ReportClient } from './reportClient';
import type { ReportHost } from './reportHost';
import { renderHeader } from '../shared/header';
import { Tabs, TabSpec } from './tabs';
import { renderOverviewTab } from './overviewTab';
import { SamplesTab } from './samplesTab';
import { renderErrorsTab } from './errorsTab';
import { renderUsageTab } from './usageTab';
import { renderRunsTab } from './runsTab';
import { renderSpecificationTab } from './specificationTab';
import { initialViewState, restoreViewState, TabId, ViewState } from './viewState';
import { setLinkOpener } from '../shared/markdown';
import { useValueFormats } from '../../src/core/format/metricValueFormat';
import { mismatchBanner } from './mismatchBanner';

export class ReportApp {
  private readonly client: ReportClient;
  private state: ViewState;
  private summary: LogSummary | undefined;
  private tabs: Tabs | undefined;
  private samples: SamplesTab | undefined;
  private readonly restored: boolean;

  constructor(private readonly root: HTMLElement, private readonly host: ReportHost) {
    this.client = new ReportClient(host);
    const stored = restoreViewState(host.getState());
    this.restored = stored !== undefined;
    this.state = stored ?? initialViewState();
    setLinkOpener((href) => host.post({ type: 'openLink', href }));
    host.onMessage((message) => this.handle(message));
    this.showProgress(S.loading);
    host.post({ type: 'ready' });
  }

  private save = (): void => {
    this.host.setState(this.state);
  };

  private handle(message: HostToWebview): void {
    if (this.client.handle(message)) return;
    switch (message.type) {
      case 'progress':
        if (!this.summary) this.showProgress(message.label, message.done, message.total);
        break;
      case 'init':
        this.init(message.summary, message.hostCommands, message.reveal);
        break;
      case 'loadError':
        this.showLoadError(message);
        break;
      case 'schemaProblems':
        this.updateSchemaProblems(message);
        break;
      case 'reveal':
        this.reveal(message.target);
        break;
    }
  }

  /** Problems found after `init` (a large log validated in the background): the banner, in place. */
  private updateSchemaProblems(message: SchemaProblemsMessage): void {
    if (!this.summary || message.generation !== this.summary.generation) return;
    this.summary.schemaProblems = message.problems;
    this.showSchemaBanner(this.summary);
  }

  private showProgress(label: string, done?: number, total?: number): void {
    const bar = el('progress', { className: 'load-progress', attrs: { max: total ?? undefined, value: done ?? undefined, 'aria-label': label } });
    this.root.replaceChildren(el('div', { className: 'loading', attrs: { role: 'status' } }, el('span', { className: 'codicon codicon-loading codicon-modifier-spin', attrs: { 'aria-hidden': 'true' } }), ` ${label}`, total ? bar : null));
  }

  private showLoadError(message: LoadErrorMessage): void {
    this.summary = undefined;
    const where = message.line !== undefined ? S.loadErrorAt(message.line, message.column) : '';
    const box = el('div', { className: 'load-error', attrs: { role: 'alert', 'data-testid': 'load-error' } },
      el('h1', {}, icon('error'), ` ${S.loadErrorTitle(message.fileName)}`),
      el('p', { className: 'error-message', text: `${message.message}${where ? ` (${where})` : ''}` }),
      el('p', { text: message.hint }));
    const open = el('button', { className: 'icon-button', text: S.openAsJson });
    open.addEventListener('click', () => this.host.post({ type: 'command', command: 'openAsJson' }));
    box.appendChild(open);
    this.root.replaceChildren(box);
  }

  private init(summary: LogSummary, hostCommands: boolean, reveal: RevealTarget | undefined): void {
    const sameFile = this.state.fileName === undefined || this.state.fileName === summary.fileName;
    if (!sameFile) this.state = initialViewState();
    const firstInit = this.summary === undefined;
    this.summary = summary;
    this.state.fileName = summary.fileName;
    this.client.setGeneration(summary.generation);
    if (firstInit && !this.restored && summary.status === 'failure') this.state.tab = 'errors';
    if (this.state.filters.runIndex !== undefined && !summary.runs?.runs.some((r) => r.index === this.state.filters.runIndex)) this.state.filters = {};
    this.render(summary, hostCommands);
    if (reveal) this.reveal(reveal);
    this.save();
  }

  private render(summary: LogSummary, hostCommands: boolean): void {
    useValueFormats(summary);
    const openSample = (sampleIndex: number, trialIndex?: number, runIndex?: number): void => this.reveal({ sampleIndex, trialIndex, runIndex });
    this.samples = new SamplesTab(this.client, this.state, this.save, hostCommands ? (title, output) => this.host.post({ type: 'openConversation', title, output }) : undefined);
    const samples = this.samples;
    const specs: TabSpec[] = [
      { id: 'overview', label: S.tabOverview, render: () => renderOverviewTab(summary, (metric) => { samples.setFilters({ runIndex: undefined, metric: { scorerKey: metric.scorerKey, valueKey: metric.valueKey } }); this.tabs?.select('samples'); }) },
      { id: 'samples', label: S.tabSamples, badge: String(summary.samples.count), render: () => samples.element },
      { id: 'errors', label: S.tabErrors, badge: summary.errorTotal ? String(summary.errorTotal) : undefined, render: () => renderErrorsTab(summary, openSample) },
      { id: 'usage', label: S.tabUsage, render: () => renderUsageTab(summary.tokenUsage) },
    ];
    if (summary.runs) specs.push({ id: 'runs', label: S.tabRuns, render: () => renderRunsTab(summary, (runIndex) => { samples.setFilters({ runIndex }); this.tabs?.select('samples'); }) });
    specs.push({ id: 'specification', label: S.tabSpecification, render: () => renderSpecificationTab(summary) });
    this.tabs = new Tabs(specs, (id: TabId) => {
      this.state.tab = id;
      this.save();
    });

    const children: HTMLElement[] = [];
    children.push(renderHeader(summary, hostCommands ? {
      openAsJson: () => this.host.post({ type: 'command', command: 'openAsJson' }),
      exportHtml: () => this.host.post({ type: 'command', command: 'exportHtml' }),
    } : {}));
    const banner = mismatchBanner(summary, (cardId) => {
      this.tabs?.select('overview');
      const card = this.root.querySelector<HTMLElement>(`#${CSS.escape(cardId)}`);
      card?.scrollIntoView({ block: 'nearest' });
      card?.focus();
    });
    if (banner) children.push(banner);
    if (summary.notes?.length) children.push(this.notesBanner(summary.notes));
    children.push(this.tabs.element);
    this.root.replaceChildren(...children);
    this.showSchemaBanner(summary);
    samples.show(summary);
    this.tabs.select(this.state.tab);
  }

  private showSchemaBanner(summary: LogSummary): void {
    this.root.querySelector('[data-testid="schema-banner"]')?.remove();
    if (summary.schemaProblems.length) this.root.prepend(this.schemaBanner(summary));
  }

  /** What the log lacks or left out (an Inspect log still being written, entries that could not be read). */
  private notesBanner(notes: readonly string[]): HTMLElement {
    const list = el('ul', {});
    for (const note of notes.slice(0, 50)) list.appendChild(el('li', { text: note }));
    return el('details', { className: 'schema-banner', attrs: { role: 'status', 'data-testid': 'notes-banner' } }, el('summary', {}, icon('info'), ` ${S.readerNotes(notes.length)}`), list);
  }

  private schemaBanner(summary: LogSummary): HTMLElement {
    const list = el('ul', {});
    for (const problem of summary.schemaProblems.slice(0, 50)) list.appendChild(el('li', {}, el('code', { text: S.schemaProblemAt(problem.path, problem.line, problem.column) }), ` ${problem.message}`));
    const details = el('details', { className: 'schema-banner', attrs: { role: 'alert', 'data-testid': 'schema-banner' } }, el('summary', {}, icon('warning'), ` ${S.schemaBanner(summary.schemaProblems.length)}`), list);
    return details;
  }

  private reveal(target: RevealTarget): void {
    if (!this.tabs || !this.samples) return;
    this.tabs.select('samples');
    this.samples.reveal(target.sampleIndex, target.trialIndex, target.runIndex);
  }
}
