/**
 * One webview comparing two or more logs: loads and indexes them in the extension host, computes the
 * comparison, and answers the webview's requests for pages of per-sample changes and for pairs of samples.
 */
import * as vscode from 'vscode';
import * as path from 'node:path';
import type { CompareHostToWebview, CompareWebviewToHost } from '../../core/protocol/compareProtocol';
import type { CompareOptions } from '../../core/model/compareTypes';
import { isCompareWebviewToHost } from '../../core/protocol/compareProtocol';
import { compareStrings as S } from '../../core/l10n/compareStrings';
import type { ComparableLog } from '../../core/compare/comparableLog';
import { loadComparableLogs } from '../../core/compare/parallelLoad';
import { LogLoadError } from '../../core/log/logLoadError';
import { LogComparison } from '../../core/compare/logComparison';
import { ResamplingRun, ResamplingWorkers, runResampling } from '../../core/compare/resamplingRunner';
import type { ResamplingResult } from '../../core/model/compareTypes';
import type { Services } from '../services';
import { webviewOptions, webviewPage } from '../webviewPage';
import { WebviewSession } from '../webviewSession';

const COMPARE_VIEW_TYPE = 'evalLens.compare';

/** Paired samples whose data is compared per turn of the event loop (when the logs were indexed in this thread). */
const INPUT_CHECK_STEP = 500;
/** How long the first `init` waits for the hashes of the samples' data (they come at once for small logs). */
const FIRST_INIT_WAIT_MS = 300;

export class ComparePanel implements vscode.Disposable {
  private readonly session: WebviewSession<CompareWebviewToHost, CompareHostToWebview>;
  private disposed = false;
  private logs?: ComparableLog[];
  private comparison?: LogComparison;
  private generation = 0;
  /** Settles once the changed inputs of the current comparison are known. */
  private inputsDone: Promise<void> = Promise.resolve();
  /** The comparison whose summary the view has, and whether it listed every changed input. */
  private sent?: { comparison: LogComparison; complete: boolean };
  private options: CompareOptions = {};
  private failure?: string;
  private readonly loaded: Promise<void>;
  private readonly files: string[];
  private readonly disposables: vscode.Disposable[] = [];
  /** The bootstrap and permutation tests of the current comparison, under way off this thread. */
  private resampling?: ResamplingRun;
  /** Resampling workers started as the first table is computed, for its figures. */
  private resamplingWorkers?: ResamplingWorkers;

  static open(services: Services, uris: readonly vscode.Uri[]): ComparePanel {
    const names = uris.map((u) => path.basename(u.fsPath));
    const panel = vscode.window.createWebviewPanel(COMPARE_VIEW_TYPE, S.panelTitle(names[0], names.slice(1)), vscode.ViewColumn.Active, webviewOptions(services.context.extensionUri));
    return new ComparePanel(panel, services, uris, services.asset('dist', 'worker', 'compareLoad.js').fsPath, services.asset('dist', 'worker', 'resampling.js').fsPath);
  }

  private constructor(readonly panel: vscode.WebviewPanel, services: Services, private readonly uris: readonly vscode.Uri[], private readonly workerScript: string, private readonly resamplingScript: string) {
    this.files = uris.map((u) => vscode.workspace.asRelativePath(u));
    this.session = new WebviewSession(panel, {
      view: 'compare',
      key: () => this.files.join('\n'),
      isMessage: isCompareWebviewToHost,
      onReady: () => this.onReady(),
      onMessage: (message) => this.receive(message),
    });
    this.disposables.push(this.session, panel.onDidDispose(() => this.dispose()));
    panel.webview.html = webviewPage(panel.webview, services.context.extensionUri, { bundle: 'compare', title: panel.title, body: '<div id="root"></div>', dataImages: true });
    this.loaded = this.load();
  }

  private async load(): Promise<void> {
    try {
      this.logs = await loadComparableLogs(this.uris.map((u) => u.fsPath), this.workerScript);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const file = error instanceof LogLoadError ? error.file : undefined;
      const at = file === undefined ? -1 : this.uris.findIndex((u) => u.fsPath === file);
      this.failure = at >= 0 && file !== undefined ? message.split(file).join(this.files[at]) : message;
      return;
    }
    // Started now, not with the loading (two more threads would raise its peak memory): they start and compile
    // while the table is computed.
    if (!this.disposed) this.resamplingWorkers = ResamplingWorkers.start(this.resamplingScript);
    await this.compute();
  }

  /**
   * Computes the comparison. The data of the paired samples ("input changed") is compared after the first
   * `init`: the figures do not depend on it, and a second `init` (same generation) brings the complete list.
   * With the hashes the indexing workers computed, that is one pass over the pairs; else the samples are read
   * again here, a step per turn of the event loop.
   */
  private async compute(): Promise<void> {
    if (!this.logs) return;
    try {
      const comparison = new LogComparison(this.logs, this.options);
      const hashed = this.logs.every((log) => log.dataHashes !== undefined);
      const complete = comparison.inputsComplete() || (!hashed && comparison.checkInputs(INPUT_CHECK_STEP));
      this.comparison = comparison;
      this.generation++;
      this.startResampling(comparison, this.generation);
      this.inputsDone = complete ? Promise.resolve() : this.finishInputs(comparison);
      // The hashes of small logs come at once: the first `init` then has the complete list.
      if (hashed && !complete) await Promise.race([this.inputsDone, new Promise((resolve) => setTimeout(resolve, FIRST_INIT_WAIT_MS))]);
    } catch (error) {
      this.failure = error instanceof Error ? error.message : String(error);
    }
  }

  /**
   * The bootstrap and permutation tests of scores that are not 0/1 (docs/semantics.md §12), in worker threads: the
   * table is sent without them and they follow as they are done. A new comparison cancels the old one's.
   */
  private startResampling(comparison: LogComparison, generation: number): void {
    this.resampling?.cancel();
    this.resampling = undefined;
    const jobs = comparison.resamplingJobs();
    const ahead = this.resamplingWorkers;
    this.resamplingWorkers = undefined;
    if (!jobs.length) {
      ahead?.dispose();
      return;
    }
    comparison.resamplingProgress = 'pending';
    const post = (results: ResamplingResult[], complete: boolean): void => {
      if (this.comparison === comparison && !this.disposed && this.session.ready) this.session.post({ type: 'resampling', generation, results, complete });
    };
    const run = runResampling(jobs, undefined, ahead ?? this.resamplingScript, (result) => {
      comparison.applyResampling(result);
      post([result], false);
    });
    this.resampling = run;
    void run.done.then((finished) => {
      if (!finished) return;
      comparison.resamplingProgress = 'complete';
      post([], true);
    });
  }

  private async finishInputs(comparison: LogComparison): Promise<void> {
    const hashed = await comparison.checkInputsByFingerprints();
    if (!hashed) {
      await this.loaded;
      do await new Promise((resolve) => setImmediate(resolve));
      while (this.comparison === comparison && !this.disposed && !comparison.checkInputs(INPUT_CHECK_STEP));
    }
    // A summary already sent with the complete list is not sent again.
    if (this.comparison === comparison && !this.disposed && this.sent?.comparison === comparison && !this.sent.complete) this.sendState();
  }

  private sendState(): void {
    if (!this.session.ready) return;
    if (this.failure !== undefined || !this.comparison) {
      this.session.post({ type: 'loadError', message: this.failure ?? S.loadFailed });
      return;
    }
    const summary = this.comparison.summary();
    this.sent = { comparison: this.comparison, complete: this.comparison.inputsComplete() };
    this.session.post({ type: 'init', generation: this.generation, summary });
  }

  private async onReady(): Promise<void> {
    if (!this.comparison && this.failure === undefined) this.session.post({ type: 'progress', label: S.loadingLogs(this.uris.length) });
    await this.loaded;
    this.sendState();
  }

  private async receive(message: Exclude<CompareWebviewToHost, { type: 'ready' }>): Promise<void> {
    if (message.type === 'options') {
      this.options = { lowerIsBetter: message.lowerIsBetter };
      if (message.clusterKey) this.options.clusterKey = message.clusterKey;
      await this.compute();
      this.sendState();
      return;
    }
    await this.answer(message);
  }

  private async answer(message: Extract<CompareWebviewToHost, { type: 'changes' | 'pair' }>): Promise<void> {
    // "Only changed input" waits until the inputs are compared (off this thread) rather than reading every sample now.
    if (message.type === 'changes' && message.query.onlyInputChanged) await this.inputsDone;
    const comparison = this.comparison;
    const error = (id: number, text: string): CompareHostToWebview => ({ type: 'error', id, error: text });
    if (!comparison || message.generation !== this.generation) {
      this.session.post(error(message.id, S.staleComparison));
      return;
    }
    const generation = this.generation;
    await this.session.reply(message.id, async () => (message.type === 'changes'
      ? { type: 'changesResult', id: message.id, generation, page: comparison.page(message.query) }
      : { type: 'pairResult', id: message.id, generation, pair: await comparison.pairDetail(message.candidate, message.sampleId, message.baselineIndex) }), error);
  }

  dispose(): void {
    this.disposed = true;
    this.resampling?.cancel();
    this.resamplingWorkers?.dispose();
    for (const d of this.disposables.splice(0)) d.dispose();
  }
}
