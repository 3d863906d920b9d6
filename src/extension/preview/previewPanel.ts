/**
 * The preview results view: one webview panel per spec file and dataset. The host runs the count, keeps
 * the kept rows (up to ROW_CAP) and serves them as pages; the webview asks for what it shows. While a
 * count runs it is also shown in the status bar; the view's Cancel button, that entry and the
 * `evalLens.cancelPreviewCount` command all stop it through `cancel()`.
 */
import * as path from 'node:path';
import * as vscode from 'vscode';
import { previewViewStrings } from '../../core/l10n/previewStrings';
import type { GeneratorMessage, HostToWebview, PreviewFailure, PreviewTarget, ProgressMessage, ResultMessage, RunFailedMessage, RunStartedMessage, WebviewToHost } from '../../core/protocol/previewProtocol';
import { isWebviewToHost } from '../../core/protocol/previewProtocol';
import { preview } from '../../core/sources/preview';
import type { PreviewProgress, PreviewResult, PreviewRow } from '../../core/model/previewTypes';
import { parseSpecDocuments } from '../../core/yaml/specDocument';
import { Services } from '../services';
import { CountStatusProgress } from './countStatusProgress';
import { datasetEntries } from './datasetDocuments';
import { failureBeforeRun, failureFromError, SpecContext } from './previewFailure';
import { webviewOptions, webviewPage } from '../webviewPage';
import { PreviewResultCache } from './previewResultCache';
import { ROW_CAP, runPreview } from './previewRun';
import { PreviewSourceWatcher } from './previewSourceWatcher';
import { commandSummary, PreviewCommandResult, PreviewCommandSummary, summaryView } from './previewSummary';
import { openPreviewLocation } from './previewFiles';
import { isMissingFile } from '../missingFile';
import { WebviewSession } from '../webviewSession';
import { isLocalSource, watchTargetOf } from './sourceLocation';
import { UrlFetchConfirmation } from './urlFetchConfirmation';
import { generatorPreview, generatorSpecificationOf } from '../../core/sources/generatorPreview';
import { embeddedGeneratorLookup, findGeneratorDefinition } from './generatorDefinitionLookup';
import type { FoundDefinition } from '../../core/sources/generatorPreview';
import { runGeneratorFor } from './generatorRunHost';
import type { GeneratorRun } from '../../core/generators/generatorRun';
import { kindFromFileName, kindFromModeline, kindFromValue } from '../../core/fileKind';
import { asRecord } from '../../core/json/jsonValue';
import type { DatasetEntry } from './datasetDocuments';
import { exportPreviewRows } from './exportKeptRowsCommand';
import { SourceFactsCache } from '../authoring/sourceFactsCache';
import { expectedRecordNoun } from '../../core/sources/sourceRecordNoun';
import { extensionStrings } from '../../core/l10n/extensionStrings';
import { RemovedRowsServer } from './removedRowsServer';
import { ConversationPanel } from '../conversation/conversationPanel';
import type { RemovedRowsRequest } from '../../core/protocol/previewProtocol';
import { columnStatistics } from '../../core/sources/columnStatistics';
import type { ColumnStatisticsResult } from '../../core/model/columnStatisticsTypes';
import { KeptRowOrder } from './keptRowOrder';

export const PREVIEW_VIEW_TYPE = 'evalLens.preview';
const COUNTING_CONTEXT_KEY = 'evalLens.previewCounting';
const PROGRESS_INTERVAL_MS = 100;
const MAX_PAGE_ROWS = 5_000;

export class PreviewPanel implements vscode.Disposable {
  private static readonly panels = new Map<string, PreviewPanel>();
  private static focused: PreviewPanel | undefined;

  private readonly panel: vscode.WebviewPanel;
  private readonly watcher: PreviewSourceWatcher;
  private readonly session: WebviewSession<WebviewToHost, HostToWebview>;
  private readonly disposables: vscode.Disposable[] = [];
  private generation = 0;
  private abort: AbortController | undefined;
  private latestRun: Promise<PreviewCommandResult> | undefined;
  private rows: PreviewRow[] = [];
  /** Whether `rows` holds every kept row of the finished count (sorting needs them all). */
  private holdsEveryRow = false;
  private readonly rowOrder = new KeptRowOrder();
  /** The source of the current run, for the statistics pass. */
  private source: { value: unknown; specPath: string } | undefined;
  /** The statistics of the current generation, once asked for; stopped by a new run. */
  private statistics: { generation: number; result: Promise<ColumnStatisticsResult>; abort: AbortController } | undefined;
  /** Builds the traces of kept rows that have none yet (eval logs and sessions keep many rows without). */
  private fillTraces: PreviewResult['fillTraces'];
  /** The generator shown, for pages of its `template` samples. */
  private generatorRun: GeneratorRun | undefined;
  /** The current run's state, replayed when the webview (re)loads (it is not kept alive when hidden). */
  private state: { started?: RunStartedMessage; result?: ResultMessage; progress?: ProgressMessage; failed?: RunFailedMessage; generator?: GeneratorMessage } = {};
  private label = '';
  private removedRowsServer: RemovedRowsServer;
  private disposed = false;
  /** The column this view was opened in (VS Code reports the panel's own a little later). */
  private openedIn: vscode.ViewColumn | undefined;
  private lastProgressPost = 0;
  /** The status bar entry of the count in progress, if one is. */
  private counting: CountStatusProgress | undefined;

  /** Opens (or reveals) the view of a dataset and runs the preview; resolves when the count ends. */
  static show(services: Services, cache: PreviewResultCache, uri: vscode.Uri, index: number): Promise<PreviewCommandResult> {
    const key = `${uri.toString()}#${index}`;
    let view = PreviewPanel.panels.get(key);
    if (view) view.panel.reveal(view.panel.viewColumn);
    else {
      view = new PreviewPanel(services, cache, uri, index);
      PreviewPanel.panels.set(key, view);
    }
    return view.run();
  }

  /** Takes over a panel VS Code restored after a window reload, and runs the preview it showed. */
  static restore(services: Services, cache: PreviewResultCache, panel: vscode.WebviewPanel, uri: vscode.Uri, index: number): Promise<PreviewCommandResult> {
    const key = `${uri.toString()}#${index}`;
    const existing = PreviewPanel.panels.get(key);
    if (existing) {
      panel.dispose();
      existing.panel.reveal(existing.panel.viewColumn);
      return existing.latestRun ?? existing.run();
    }
    const view = new PreviewPanel(services, cache, uri, index, panel);
    PreviewPanel.panels.set(key, view);
    view.session.note({ type: 'restored' });
    return view.run();
  }

  /** Stops the counts in progress of the views of `uri` (all views when absent); returns how many it stopped. */
  static cancelCounts(uri?: vscode.Uri, index?: number): number {
    let stopped = 0;
    for (const view of PreviewPanel.panels.values()) {
      if (!view.counting) continue;
      if (uri && view.uri.toString() !== uri.toString()) continue;
      if (index !== undefined && view.index !== index) continue;
      view.cancel();
      stopped++;
    }
    return stopped;
  }

  private static updateCountingContext(): void {
    const counting = [...PreviewPanel.panels.values()].some((view) => view.counting);
    void vscode.commands.executeCommand('setContext', COUNTING_CONTEXT_KEY, counting);
  }

  /**
   * Where a new view opens: in the group that already shows previews, as the Markdown preview reuses its one
   * group (so several previews are tabs of one group, even when a spec was opened in that group), else beside
   * the active editor. The tab model reaches the extension a little after a panel opens, so the column a view
   * was opened in counts too until VS Code reports the panel's own.
   */
  private static previewColumn(): vscode.ViewColumn {
    const isPreviewTab = (tab: vscode.Tab) => tab.input instanceof vscode.TabInputWebview && tab.input.viewType.endsWith(PREVIEW_VIEW_TYPE);
    const groups = vscode.window.tabGroups.all.filter((group) => group.tabs.some(isPreviewTab));
    const group = groups.find((g) => g.isActive) ?? groups[0];
    if (group) return group.viewColumn;
    for (const view of PreviewPanel.panels.values()) {
      const column = view.panel.viewColumn;
      if (column !== undefined && column > 0) return column;
      if (view.openedIn !== undefined) return view.openedIn;
    }
    return Math.min(vscode.ViewColumn.Nine, vscode.window.tabGroups.activeTabGroup.viewColumn + 1);
  }

  /** The spec and dataset of the preview view that has focus, if one has. */
  static focusedTarget(): { uri: vscode.Uri; index: number } | undefined {
    const view = PreviewPanel.focused;
    return view?.panel.active ? { uri: view.uri, index: view.index } : undefined;
  }

  private constructor(
    private readonly services: Services,
    private readonly cache: PreviewResultCache,
    private readonly uri: vscode.Uri,
    private readonly index: number,
    restoredPanel?: vscode.WebviewPanel,
  ) {
    this.removedRowsServer = new RemovedRowsServer(services);
    if (restoredPanel) restoredPanel.webview.options = webviewOptions(services.context.extensionUri);
    this.openedIn = restoredPanel ? undefined : PreviewPanel.previewColumn();
    this.panel = restoredPanel ?? vscode.window.createWebviewPanel(
      PREVIEW_VIEW_TYPE,
      previewViewStrings.panelTitle(path.basename(uri.path)),
      { viewColumn: this.openedIn ?? vscode.ViewColumn.Beside, preserveFocus: false },
      { ...webviewOptions(services.context.extensionUri), enableFindWidget: true },
    );
    this.session = new WebviewSession(this.panel, {
      view: 'preview',
      key: () => `${this.target.spec}#${this.target.index}`,
      isMessage: isWebviewToHost,
      onReady: () => this.onReady(),
      onMessage: (message) => this.receive(message),
      onMalformed: () => this.services.output.warn(extensionStrings.output.malformedPreviewMessage),
      // The run's state is replayed when the webview (re)loads.
      deliverBeforeReady: false,
    });
    this.panel.webview.html = webviewPage(this.panel.webview, services.context.extensionUri, { bundle: 'preview', title: vscode.l10n.t('Preview'), body: '<main id="app" class="preview"></main>' });
    this.watcher = new PreviewSourceWatcher(uri, () => void this.run());
    this.disposables.push(
      this.watcher,
      this.session,
      this.panel.onDidChangeViewState(() => {
        if (this.panel.active) PreviewPanel.focused = this;
      }),
      this.panel.onDidDispose(() => this.dispose()),
    );
    PreviewPanel.focused = this;
  }

  private get target(): PreviewTarget {
    return { spec: this.uri.toString(), index: this.index };
  }

  /** Posts a message that is part of the run's state (replayed after the webview reloads). */
  private postState(message: RunStartedMessage | ResultMessage | ProgressMessage | RunFailedMessage | GeneratorMessage): void {
    if (message.type === 'generator') {
      this.state = { started: this.state.started, generator: message };
      this.session.post(message);
      return;
    }
    switch (message.type) {
      case 'runStarted': this.state = { started: message }; break;
      case 'result': this.state = { ...this.state, result: message, progress: message.phase === 'final' ? undefined : this.state.progress }; break;
      case 'progress': this.state = { ...this.state, progress: message }; break;
      case 'runFailed': this.state = { started: this.state.started, failed: message }; break;
    }
    this.session.post(message);
  }

  private replayState(): void {
    const { started, result, progress, failed, generator } = this.state;
    for (const message of [started, result, progress, failed, generator]) if (message) this.session.replay(message);
  }

  private onReady(): void {
    this.session.post({
      type: 'init',
      title: `${path.basename(this.uri.path)} · ${this.datasetLabel()}`,
      specFile: this.uri.fsPath,
      target: this.target,
      pageSize: this.pageSize(),
      rowCap: ROW_CAP,
    });
    this.replayState();
  }

  private receive(message: Exclude<WebviewToHost, { type: 'ready' }>): void {
    switch (message.type) {
      case 'getPage': {
        if (message.generation !== this.generation) {
          this.session.post({ type: 'error', id: message.id, message: 'stale generation' });
          return;
        }
        if (message.sort && !this.holdsEveryRow) {
          this.session.post({ type: 'error', id: message.id, message: 'sort unavailable' });
          return;
        }
        const count = Math.min(message.count, MAX_PAGE_ROWS);
        void this.postPage(message.id, message.generation, this.rowOrder.page(this.rows, message.offset, count, message.sort), message.offset);
        return;
      }
      case 'getRemovedRows':
        void this.postRemovedRows(message);
        return;
      case 'getColumnStatistics':
        void this.postStatistics(message.id, message.generation);
        return;
      case 'cancel':
        this.cancel();
        return;
      case 'rerun':
        void this.run();
        return;
      case 'openLocation':
        void openPreviewLocation(message.location, this.uri);
        return;
      case 'openConversation':
        ConversationPanel.open(this.services, message.title, message.output);
        return;
      case 'exportRows':
        void exportPreviewRows(this.services, this.uri, this.index);
        return;
      case 'getGeneratorPage': {
        if (message.generation !== this.generation || !this.generatorRun) return;
        const samples = this.generatorRun.templatePage(message.stage, message.offset, Math.min(message.count, MAX_PAGE_ROWS));
        this.session.post({ type: 'generatorPage', generation: message.generation, stage: message.stage, offset: message.offset, samples });
        return;
      }
    }
  }

  /** Posts a page of kept rows, with the traces of rows that were kept without one built first. */
  private async postPage(id: number, generation: number, rows: PreviewRow[], offset: number): Promise<void> {
    const fill = this.fillTraces;
    const page = fill ? await fill(rows).catch(() => rows) : rows;
    if (generation !== this.generation) {
      this.session.post({ type: 'error', id, message: 'stale generation' });
      return;
    }
    this.session.post({ type: 'page', id, generation, offset, rows: page });
  }

  /** Posts a page of the rows one filter step (or the records one selection step) removed, read again from the source this run read. */
  private async postRemovedRows(request: RemovedRowsRequest): Promise<void> {
    const { id, generation } = request;
    const source = this.source;
    if (generation !== this.generation || !source) {
      this.session.post({ type: 'error', id, message: 'stale generation' });
      return;
    }
    try {
      const page = await this.removedRowsServer.page({ dataset: source.value, specPath: source.specPath, filterIndex: request.filterIndex, field: request.field, offset: request.offset, count: Math.min(request.count, MAX_PAGE_ROWS) });
      this.session.post(generation === this.generation ? { type: 'removedRows', id, generation, page } : { type: 'error', id, message: 'stale generation' });
    } catch (error) {
      this.session.post({ type: 'error', id, message: error instanceof Error ? error.message : String(error) });
    }
  }

  /** Computes the statistics of every column once per run (one streaming pass, in the counting workers). */
  private async postStatistics(id: number, generation: number): Promise<void> {
    const source = this.source;
    if (generation !== this.generation || !source) {
      this.session.post({ type: 'error', id, message: 'stale generation' });
      return;
    }
    if (this.statistics?.generation !== generation) {
      this.statistics?.abort.abort();
      const abort = new AbortController();
      const result = columnStatistics(source.value, {
        specPath: source.specPath,
        signal: abort.signal,
        confirmFetch: new UrlFetchConfirmation(this.services.config.previewUrlFetch).confirm,
        urlTimeoutMs: this.services.config.previewUrlTimeoutSeconds * 1000,
        resolveSecret: async (name) => this.services.context.secrets.get(name),
        maxEntryMB: this.services.config.previewMaxEntryMB,
        workerScript: this.services.asset('dist', 'worker', 'rangeCount.js').fsPath,
      });
      this.statistics = { generation, result, abort };
    }
    try {
      const result = await this.statistics.result;
      if (generation === this.generation) this.session.post({ type: 'columnStatistics', id, generation, result });
      else this.session.post({ type: 'error', id, message: 'stale generation' });
    } catch (error) {
      if (generation === this.generation) this.statistics = undefined;
      this.session.post({ type: 'error', id, message: error instanceof Error ? error.message : String(error) });
    }
  }

  private pageSize(): number {
    return Math.max(10, Math.min(this.services.config.previewPageSize, ROW_CAP));
  }

  private datasetLabel(): string {
    return this.label || `#${this.index + 1}`;
  }

  /** Stops the run in progress: the counts so far are shown, marked incomplete. */
  cancel(): void {
    this.abort?.abort();
  }

  /** Starts a run (cancelling the one in progress); resolves with this run's counts, or a newer run's. */
  run(): Promise<PreviewCommandResult> {
    this.abort?.abort();
    this.statistics?.abort.abort();
    this.statistics = undefined;
    this.source = undefined;
    this.holdsEveryRow = false;
    this.rowOrder.clear();
    const controller = new AbortController();
    this.abort = controller;
    const generation = ++this.generation;
    const run = this.execute(generation, controller).then((result) => (generation === this.generation || !this.latestRun ? result : this.latestRun));
    this.latestRun = run;
    return run;
  }

  private fail(generation: number, failure: PreviewFailure): PreviewCommandResult {
    this.rows = [];
    this.fillTraces = undefined;
    if (generation === this.generation) this.postState({ type: 'runFailed', generation, failure });
    return { error: failure.location?.line ? `${failure.message} (${failure.location.file}:${failure.location.line})` : failure.message };
  }

  private async execute(generation: number, controller: AbortController): Promise<PreviewCommandResult> {
    this.postState({ type: 'runStarted', generation });
    this.cache.markPreviewed(this.uri);
    let context: SpecContext = { specPath: this.uri.fsPath, text: '' };
    let version = 0;
    try {
      const document = await vscode.workspace.openTextDocument(this.uri);
      version = document.version;
      context = { specPath: this.uri.fsPath, text: document.getText() };
    } catch (error) {
      if (await isMissingFile(this.uri)) {
        return this.fail(generation, { message: previewViewStrings.specMissing(this.uri.scheme === 'file' ? this.uri.fsPath : this.uri.toString(true)), hint: previewViewStrings.specMissingHint });
      }
      return this.fail(generation, failureFromError(error, context));
    }
    const documents = parseSpecDocuments(context.text);
    const entry = datasetEntries(context.text, documents).find((e) => e.index === this.index);
    const unreadable = entry ? undefined : documents.find((d) => d.index === this.index && d.problems.length > 0);
    if (unreadable) return this.fail(generation, failureBeforeRun({ ...context, document: unreadable }) as PreviewFailure);
    if (!entry) {
      return this.fail(generation, { message: previewViewStrings.datasetIndexOutOfRange(path.basename(this.uri.path), this.index, documents.length), location: { file: this.uri.fsPath } });
    }
    context = { ...context, document: entry.document };
    this.label = entry.label;
    this.panel.title = previewViewStrings.panelTitle(entry.label);
    const fileKind = entry.runConfigEntry?.kind ?? kindFromFileName(this.uri.path) ?? kindFromModeline(context.text) ?? kindFromValue(documents[0]?.value);
    if (fileKind === 'generator') return this.showGeneratorDefinition(generation, entry);
    const before = failureBeforeRun(context);
    if (before) return this.fail(generation, before);
    const generator = generatorSpecificationOf(entry.document.value);
    if (generator) return this.showGenerator(generation, generator, entry.runConfigEntry ? embeddedGeneratorLookup(this.uri.fsPath, context.text, documents) : undefined);

    const value = entry.document.value;
    this.source = { value, specPath: this.uri.fsPath };
    this.watcher.watchSource(watchTargetOf(value, this.uri.fsPath));
    const config = this.services.config;
    const confirmation = new UrlFetchConfirmation(config.previewUrlFetch);
    let firstPage: PreviewResult | undefined;
    let lastProgress: PreviewProgress | undefined;
    const status = this.showCounting(generation);
    const expectedNoun = expectedRecordNoun(value);
    try {
      const result = await runPreview(preview, {
        datasetValue: value,
        specPath: this.uri.fsPath,
        pageSize: this.pageSize(),
        rowCap: ROW_CAP,
        signal: controller.signal,
        earlyFirstPage: isLocalSource(value),
        confirmFetch: confirmation.confirm,
        urlTimeoutMs: config.previewUrlTimeoutSeconds * 1000,
        resolveSecret: async (name) => this.services.context.secrets.get(name),
        maxEntryMB: config.previewMaxEntryMB,
        workerScript: this.services.asset('dist', 'worker', 'rangeCount.js').fsPath,
        onFirstPage: (partial) => {
          if (generation !== this.generation) return;
          firstPage = partial;
          this.rows = partial.rows;
          this.fillTraces = partial.fillTraces;
          this.postState(this.resultMessage(generation, 'firstPage', partial, partial.rows.length));
        },
        onProgress: (progress) => {
          lastProgress = progress;
          this.session.note({ type: 'loaderProgress' });
          const now = Date.now();
          if (generation !== this.generation || now - this.lastProgressPost < PROGRESS_INTERVAL_MS) return;
          this.lastProgressPost = now;
          const recordNoun = firstPage?.recordNoun ?? expectedNoun;
          this.postState({ type: 'progress', generation, progress, ...(recordNoun ? { recordNoun } : {}) });
          status.report(progress, recordNoun);
        },
      });
      SourceFactsCache.record(value, this.uri.fsPath, result);
      if (generation !== this.generation) return commandSummary(result, result.rows.length);
      return this.finish(generation, version, result);
    } catch (error) {
      if (generation !== this.generation) return { error: 'superseded' };
      if (controller.signal.aborted) {
        // Cancelled before the core returned partial counts: show what is known, marked incomplete.
        const partial: PreviewResult = firstPage
          ? { ...firstPage, complete: false }
          : { columns: [], rows: [], total: lastProgress?.rowsSeen ?? 0, matched: lastProgress?.rowsKept ?? 0, removedPerFilter: [], notComparable: 0, warnings: [], complete: false, ...(expectedNoun ? { recordNoun: expectedNoun } : {}) };
        return this.finish(generation, version, partial);
      }
      const failure = failureFromError(error, context);
      const refusal = confirmation.refusal;
      return this.fail(generation, refusal ? { ...refusal, location: failure.location } : failure);
    } finally {
      this.endCounting(status);
    }
  }

  /** A generated dataset: shows what its generator (found in the workspace by its key) will produce. */
  private async showGenerator(generation: number, specification: Record<string, unknown>, besideIt?: (key: string) => FoundDefinition | undefined): Promise<PreviewCommandResult> {
    this.rows = [];
    this.fillTraces = undefined;
    this.watcher.watchSource(undefined);
    const key = typeof specification.dataset_generator_key === 'string' ? specification.dataset_generator_key : '';
    // A dataset of a run config takes the generator of that key written out beside it first (docs/semantics.md §11.5).
    const found = besideIt?.(key) ?? await findGeneratorDefinition(this.services, key);
    const view = generatorPreview(specification, found);
    const config = asRecord(specification.dataset_generator_config) ?? {};
    this.generatorRun = found ? await runGeneratorFor(found.file, found.value, this.pageSize(), config) : undefined;
    if (generation === this.generation) this.postState({ type: 'generator', generation, view, run: this.generatorRun?.view });
    return { generator: view };
  }

  /** A generator definition itself: what it produces for its first source samples (docs/semantics.md §11.3). */
  private async showGeneratorDefinition(generation: number, entry: DatasetEntry): Promise<PreviewCommandResult> {
    this.rows = [];
    this.fillTraces = undefined;
    this.watcher.watchSource(undefined);
    const value = asRecord(entry.document.value) ?? {};
    const key = typeof value.key === 'string' ? value.key : '';
    const view = generatorPreview({ dataset_generator_key: key }, { file: this.uri.fsPath, line: entry.line, value });
    this.generatorRun = await runGeneratorFor(this.uri.fsPath, value, this.pageSize());
    if (generation === this.generation) this.postState({ type: 'generator', generation, view, run: this.generatorRun.view, definitionFile: true });
    return { generator: view };
  }

  /** Shows the count in the status bar (replacing the entry of an older run of this view). */
  private showCounting(generation: number): CountStatusProgress {
    this.counting?.end();
    const status = new CountStatusProgress(`${path.basename(this.uri.path)} · ${this.datasetLabel()}`, () => {
      if (generation === this.generation) this.cancel();
    }, {
      reported: (message) => this.session.note({ type: 'statusBarReported', message }),
      ended: () => this.session.note({ type: 'statusBarEnded' }),
    });
    this.session.note({ type: 'statusBarShown' });
    this.counting = status;
    PreviewPanel.updateCountingContext();
    return status;
  }

  private endCounting(status: CountStatusProgress): void {
    status.end();
    if (this.counting !== status) return;
    this.counting = undefined;
    PreviewPanel.updateCountingContext();
  }

  private resultMessage(generation: number, phase: ResultMessage['phase'], result: PreviewResult, rowCount: number): ResultMessage {
    return { type: 'result', generation, phase, summary: summaryView(result, rowCount, phase === 'final'), rows: result.rows.slice(0, this.pageSize()) };
  }

  private finish(generation: number, version: number, result: PreviewResult): PreviewCommandSummary {
    this.rows = result.rows;
    this.holdsEveryRow = result.complete && result.rows.length >= result.matched;
    this.fillTraces = result.fillTraces;
    this.postState(this.resultMessage(generation, 'final', result, result.rows.length));
    if (result.complete) {
      this.cache.set(this.uri, this.index, {
        version, total: result.total, matched: result.matched, complete: true,
        ...(result.recordNoun ? { recordNoun: result.recordNoun } : {}), ...(result.lowerBound ? { lowerBound: true } : {}),
      });
    }
    return commandSummary(result, result.rows.length);
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.removedRowsServer.dispose();
    this.abort?.abort();
    this.statistics?.abort.abort();
    PreviewPanel.panels.delete(`${this.uri.toString()}#${this.index}`);
    if (this.counting) this.endCounting(this.counting);
    if (PreviewPanel.focused === this) PreviewPanel.focused = undefined;
    for (const d of this.disposables) d.dispose();
    this.panel.dispose();
  }
}
