/**
 * The preview results view: one webview panel per spec file and dataset. The host runs the count, keeps
 * the kept rows (up to ROW_CAP) and serves them as pages; the webview asks for what it shows.
 */
import * as path from 'node:path';
import * as vscode from 'vscode';
import { previewViewStrings } from '../../core/l10n/previewViewStrings';
import type {
  HostToWebview, PreviewFailure, PreviewLocation, PreviewSummaryView, ProgressMessage, ResultMessage, RunFailedMessage, RunStartedMessage, WebviewToHost,
} from '../../core/protocol/previewProtocol';
import { isWebviewToHost } from '../../core/protocol/previewProtocol';
import { preview } from '../../core/sources/preview';
import type { FilterStep, PreviewProgress, PreviewResult, PreviewRow } from '../../core/sources/previewTypes';
import { parseSpecDocuments } from '../../core/yaml/specDocument';
import { Services } from '../services';
import { datasetEntries } from './datasetDocuments';
import { failureBeforeRun, failureFromError, SpecContext } from './previewFailure';
import { webviewOptions, webviewPage } from '../webviewPage';
import { PreviewResultCache } from './previewResultCache';
import { ROW_CAP, runPreview } from './previewRun';
import { PreviewSourceWatcher } from './previewSourceWatcher';
import { isLocalSource, watchTargetOf } from './sourceLocation';
import { UrlFetchConfirmation } from './urlFetchConfirmation';

export const PREVIEW_VIEW_TYPE = 'evalLens.preview';
const PROGRESS_INTERVAL_MS = 100;
const MAX_PAGE_ROWS = 5_000;

/**
 * What `evalLens.previewFilters` resolves to once the first full count of the run it started ends:
 * the counts, or `{ error }` when the preview could not run.
 */
export interface PreviewCommandSummary {
  total: number;
  matched: number;
  removedPerFilter: FilterStep[];
  notComparable: number;
  /** False when the count was cancelled or stopped early (counts are then lower bounds). */
  complete: boolean;
  warnings: number;
  /** Kept rows held for the table (at most ROW_CAP). */
  rowsHeld: number;
}
export type PreviewCommandResult = PreviewCommandSummary | { error: string };

function summaryView(result: PreviewResult, rowCount: number, final: boolean): PreviewSummaryView {
  return {
    columns: result.columns,
    total: result.total,
    matched: result.matched,
    steps: result.removedPerFilter,
    notComparable: result.notComparable,
    warnings: result.warnings,
    complete: result.complete,
    rowCount,
    capped: final && result.matched > rowCount,
  };
}

function commandSummary(result: PreviewResult, rowsHeld: number): PreviewCommandSummary {
  return {
    total: result.total,
    matched: result.matched,
    removedPerFilter: result.removedPerFilter,
    notComparable: result.notComparable,
    complete: result.complete,
    warnings: result.warnings.length,
    rowsHeld,
  };
}

export class PreviewPanel implements vscode.Disposable {
  private static readonly panels = new Map<string, PreviewPanel>();
  private static focused: PreviewPanel | undefined;

  private readonly panel: vscode.WebviewPanel;
  private readonly watcher: PreviewSourceWatcher;
  private readonly disposables: vscode.Disposable[] = [];
  private ready = false;
  private generation = 0;
  private abort: AbortController | undefined;
  private latestRun: Promise<PreviewCommandResult> | undefined;
  private rows: PreviewRow[] = [];
  /** The current run's state, replayed when the webview (re)loads (it is not kept alive when hidden). */
  private state: { started?: RunStartedMessage; result?: ResultMessage; progress?: ProgressMessage; failed?: RunFailedMessage } = {};
  private label = '';
  private disposed = false;
  private lastProgressPost = 0;

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
  ) {
    this.panel = vscode.window.createWebviewPanel(
      PREVIEW_VIEW_TYPE,
      previewViewStrings.panelTitle(path.basename(uri.path)),
      { viewColumn: vscode.ViewColumn.Beside, preserveFocus: false },
      { ...webviewOptions(services.context.extensionUri), enableFindWidget: true },
    );
    this.panel.webview.html = webviewPage(this.panel.webview, services.context.extensionUri, { bundle: 'preview', title: 'Preview', body: '<main id="app" class="preview"></main>' });
    this.watcher = new PreviewSourceWatcher(uri, () => void this.run());
    this.disposables.push(
      this.watcher,
      this.panel.webview.onDidReceiveMessage((message: unknown) => this.receive(message)),
      this.panel.onDidChangeViewState(() => {
        if (this.panel.active) PreviewPanel.focused = this;
      }),
      this.panel.onDidDispose(() => this.dispose()),
    );
    PreviewPanel.focused = this;
  }

  private post(message: HostToWebview): void {
    if (this.ready) void this.panel.webview.postMessage(message);
  }

  /** Posts a message that is part of the run's state (replayed after the webview reloads). */
  private postState(message: RunStartedMessage | ResultMessage | ProgressMessage | RunFailedMessage): void {
    switch (message.type) {
      case 'runStarted': this.state = { started: message }; break;
      case 'result': this.state = { ...this.state, result: message, progress: message.phase === 'final' ? undefined : this.state.progress }; break;
      case 'progress': this.state = { ...this.state, progress: message }; break;
      case 'runFailed': this.state = { started: this.state.started, failed: message }; break;
    }
    this.post(message);
  }

  private replayState(): void {
    const { started, result, progress, failed } = this.state;
    for (const message of [started, result, progress, failed]) if (message) this.post(message);
  }

  private receive(raw: unknown): void {
    if (!isWebviewToHost(raw)) {
      this.services.output.warn('Preview: ignored a malformed message from the webview.');
      return;
    }
    const message: WebviewToHost = raw;
    switch (message.type) {
      case 'ready':
        this.ready = true;
        this.post({
          type: 'init',
          title: `${path.basename(this.uri.path)} · ${this.datasetLabel()}`,
          specFile: this.uri.fsPath,
          pageSize: this.pageSize(),
          rowCap: ROW_CAP,
        });
        this.replayState();
        return;
      case 'getPage': {
        if (message.generation !== this.generation) {
          this.post({ type: 'error', id: message.id, message: 'stale generation' });
          return;
        }
        const count = Math.min(message.count, MAX_PAGE_ROWS);
        this.post({ type: 'page', id: message.id, generation: message.generation, offset: message.offset, rows: this.rows.slice(message.offset, message.offset + count) });
        return;
      }
      case 'cancel':
        this.abort?.abort();
        return;
      case 'rerun':
        void this.run();
        return;
      case 'openLocation':
        void this.openLocation(message.location);
        return;
    }
  }

  private pageSize(): number {
    return Math.max(10, Math.min(this.services.config.previewPageSize, ROW_CAP));
  }

  private datasetLabel(): string {
    return this.label || `#${this.index + 1}`;
  }

  private async openLocation(location: PreviewLocation): Promise<void> {
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(location.file)) return; // URL rows have no local file to open.
    const uri = vscode.Uri.file(location.file);
    const line = Math.max(0, (location.line ?? 1) - 1);
    const column = Math.max(0, (location.column ?? 1) - 1);
    const position = new vscode.Position(line, column);
    const specEditor = vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === this.uri.toString());
    try {
      await vscode.window.showTextDocument(uri, {
        selection: new vscode.Range(position, position),
        viewColumn: specEditor?.viewColumn ?? vscode.ViewColumn.One,
        preview: true,
      });
    } catch (error) {
      void vscode.window.showErrorMessage(error instanceof Error ? error.message : String(error));
    }
  }

  /** Starts a run (cancelling the one in progress); resolves with this run's counts, or a newer run's. */
  run(): Promise<PreviewCommandResult> {
    this.abort?.abort();
    const controller = new AbortController();
    this.abort = controller;
    const generation = ++this.generation;
    const run = this.execute(generation, controller).then((result) => (generation === this.generation || !this.latestRun ? result : this.latestRun));
    this.latestRun = run;
    return run;
  }

  private fail(generation: number, failure: PreviewFailure): PreviewCommandResult {
    this.rows = [];
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
      return this.fail(generation, failureFromError(error, context));
    }
    const documents = parseSpecDocuments(context.text);
    const entry = datasetEntries(context.text, documents).find((e) => e.index === this.index);
    if (!entry) {
      return this.fail(generation, { message: previewViewStrings.datasetIndexOutOfRange(path.basename(this.uri.path), this.index, documents.length), location: { file: this.uri.fsPath } });
    }
    context = { ...context, document: entry.document };
    this.label = entry.label;
    this.panel.title = previewViewStrings.panelTitle(entry.label);
    const before = failureBeforeRun(context);
    if (before) return this.fail(generation, before);

    const value = entry.document.value;
    this.watcher.watchSource(watchTargetOf(value, this.uri.fsPath));
    const config = this.services.config;
    const confirmation = new UrlFetchConfirmation(config.previewUrlFetch);
    let firstPage: PreviewResult | undefined;
    let lastProgress: PreviewProgress | undefined;
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
        workerScript: this.services.asset('dist', 'worker', 'rangeCount.js').fsPath,
        onFirstPage: (partial) => {
          if (generation !== this.generation) return;
          firstPage = partial;
          this.rows = partial.rows;
          this.postState(this.resultMessage(generation, 'firstPage', partial, partial.rows.length));
        },
        onProgress: (progress) => {
          lastProgress = progress;
          const now = Date.now();
          if (generation !== this.generation || now - this.lastProgressPost < PROGRESS_INTERVAL_MS) return;
          this.lastProgressPost = now;
          this.postState({ type: 'progress', generation, progress });
        },
      });
      if (generation !== this.generation) return commandSummary(result, result.rows.length);
      return this.finish(generation, version, result);
    } catch (error) {
      if (generation !== this.generation) return { error: 'superseded' };
      if (controller.signal.aborted) {
        // Cancelled before the core returned partial counts: show what is known, marked incomplete.
        const partial: PreviewResult = firstPage
          ? { ...firstPage, complete: false }
          : { columns: [], rows: [], total: lastProgress?.rowsSeen ?? 0, matched: lastProgress?.rowsKept ?? 0, removedPerFilter: [], notComparable: 0, warnings: [], complete: false };
        return this.finish(generation, version, partial);
      }
      const failure = failureFromError(error, context);
      const refusal = confirmation.refusal;
      return this.fail(generation, refusal ? { ...refusal, location: failure.location } : failure);
    }
  }

  private resultMessage(generation: number, phase: ResultMessage['phase'], result: PreviewResult, rowCount: number): ResultMessage {
    return { type: 'result', generation, phase, summary: summaryView(result, rowCount, phase === 'final'), rows: result.rows.slice(0, this.pageSize()) };
  }

  private finish(generation: number, version: number, result: PreviewResult): PreviewCommandSummary {
    this.rows = result.rows;
    this.postState(this.resultMessage(generation, 'final', result, result.rows.length));
    if (result.complete) this.cache.set(this.uri, this.index, { version, total: result.total, matched: result.matched, complete: true });
    return commandSummary(result, result.rows.length);
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.abort?.abort();
    PreviewPanel.panels.delete(`${this.uri.toString()}#${this.index}`);
    if (PreviewPanel.focused === this) PreviewPanel.focused = undefined;
    for (const d of this.disposables) d.dispose();
    this.panel.dispose();
  }
}
