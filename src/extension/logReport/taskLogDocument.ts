/**
 * One open task result log: parsed once into a LogSource, reloaded when the file changes on disk (each
 * reload a new generation). Panels showing it listen to `onDidLoad`, and to `onSchemaProblems` for the
 * problems of a large log validated after its summary.
 */
import * as vscode from 'vscode';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { LogSource } from '../../core/log/logSource';
import type { LogSummary, SchemaProblem } from '../../core/model/logViewTypes';
import type { Services } from '../services';
import { LoadFailure, openLogSource } from '../../core/report/openLogSource';

export type LoadState =
  | { kind: 'loading' }
  | { kind: 'ready'; source: LogSource; summary: LogSummary }
  | { kind: 'failed'; failure: LoadFailure };

interface SchemaProblemsEvent {
  generation: number;
  problems: SchemaProblem[];
}

interface ProgressEvent {
  label: string;
  done?: number;
  total?: number;
}

const RELOAD_DELAY_MS = 200;

export class TaskLogDocument implements vscode.CustomDocument {
  private state: LoadState = { kind: 'loading' };
  private generation = 0;
  private loading: Promise<void>;
  private reloadTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly loadEmitter = new vscode.EventEmitter<LoadState>();
  private readonly progressEmitter = new vscode.EventEmitter<ProgressEvent>();
  private readonly schemaProblemsEmitter = new vscode.EventEmitter<SchemaProblemsEvent>();
  private readonly disposables: vscode.Disposable[] = [this.loadEmitter, this.progressEmitter, this.schemaProblemsEmitter];
  /** Fires after each (re)load, successful or not. */
  readonly onDidLoad = this.loadEmitter.event;
  readonly onProgress = this.progressEmitter.event;
  /** Fires when the schema problems of the current load arrive after its summary (the summary is updated first). */
  readonly onSchemaProblems = this.schemaProblemsEmitter.event;

  constructor(readonly uri: vscode.Uri, private readonly services: Services) {
    this.loading = this.load();
    const folder = vscode.Uri.joinPath(uri, '..');
    const name = uri.path.slice(uri.path.lastIndexOf('/') + 1);
    const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(folder, name));
    this.disposables.push(watcher, watcher.onDidChange(() => this.scheduleReload()), watcher.onDidCreate(() => this.scheduleReload()));
    if (uri.scheme === 'file') this.watchFolder(uri.fsPath);
  }

  /**
   * The workspace watcher may not cover files outside the workspace folders (downloaded logs): the
   * folder is watched directly too. Both feed the same debounced reload.
   */
  private watchFolder(filePath: string): void {
    try {
      const name = path.basename(filePath);
      const folderWatcher = fs.watch(path.dirname(filePath), { persistent: false }, (_event, changed) => {
        if (changed === null || changed.toString() === name) this.scheduleReload();
      });
      folderWatcher.on('error', () => folderWatcher.close());
      this.disposables.push({ dispose: () => folderWatcher.close() });
    } catch {
      // The folder cannot be watched: the workspace watcher is all there is.
    }
  }

  /** The current state once the ongoing load (if any) has finished. */
  async ready(): Promise<LoadState> {
    await this.loading;
    return this.state;
  }

  get current(): LoadState {
    return this.state;
  }

  reload(): Promise<void> {
    // A failed load must not poison later ones.
    this.loading = this.loading.catch(() => undefined).then(() => this.load());
    return this.loading;
  }

  private scheduleReload(): void {
    clearTimeout(this.reloadTimer);
    this.reloadTimer = setTimeout(() => void this.reload(), RELOAD_DELAY_MS);
  }

  private async load(): Promise<void> {
    this.generation += 1;
    const config = this.services.config;
    let outcome: Awaited<ReturnType<typeof openLogSource>>;
    try {
      outcome = await openLogSource(this.uri.fsPath, {
      generation: this.generation,
      plan: { kind: 'worker', script: this.services.asset('dist', 'worker', 'logParse.js').fsPath, aboveBytes: config.logWorkerThresholdMB * 1024 * 1024 },
      onProgress: (label, done, total) => this.progressEmitter.fire({ label, done, total }),
      });
    } catch (error) {
      outcome = { ok: false, failure: { message: error instanceof Error ? error.message : String(error), hint: '' } } as Awaited<ReturnType<typeof openLogSource>>;
    }
    const previous = this.state;
    if (outcome.ok) {
      try {
        const early = outcome.source.earlySummary !== undefined;
        const summary = await (outcome.source.earlySummary?.() ?? outcome.source.summary());
        this.state = { kind: 'ready', source: outcome.source, summary };
        if (early) this.followCompleteSummary(outcome.source);
        this.followLaterSchemaProblems(outcome.source);
      } catch (error) {
        outcome.source.dispose();
        this.state = { kind: 'failed', failure: { message: error instanceof Error ? error.message : String(error), hint: '' } };
      }
    } else {
      this.state = { kind: 'failed', failure: outcome.failure };
    }
    if (previous.kind === 'ready' && previous.source !== (this.state.kind === 'ready' ? this.state.source : undefined)) previous.source.dispose();
    if (this.state.kind === 'failed') this.services.output.warn(`${this.uri.fsPath}: ${this.state.failure.message}`);
    this.loadEmitter.fire(this.state);
  }

  /**
   * The complete summary of a source that served an early one (an Inspect archive whose samples are indexed after
   * its header): it replaces the early one, and panels render it as a load of the same generation.
   */
  private followCompleteSummary(source: LogSource): void {
    const isCurrent = (): boolean => this.state.kind === 'ready' && this.state.source === source;
    source.summary().then(
      (summary) => {
        if (this.state.kind !== 'ready' || !isCurrent()) return;
        this.state = { ...this.state, summary: { ...summary, schemaProblems: this.state.summary.schemaProblems } };
        this.loadEmitter.fire(this.state);
      },
      (error: unknown) => {
        if (!isCurrent()) return;
        source.dispose();
        this.state = { kind: 'failed', failure: { message: error instanceof Error ? error.message : String(error), hint: '' } };
        this.services.output.warn(`${this.uri.fsPath}: ${this.state.failure.message}`);
        this.loadEmitter.fire(this.state);
      },
    );
  }

  private followLaterSchemaProblems(source: LogSource): void {
    const later = source.laterSchemaProblems?.();
    if (!later) return;
    const isCurrent = (): boolean => this.state.kind === 'ready' && this.state.source === source;
    later.then(
      (problems) => {
        if (this.state.kind !== 'ready' || !isCurrent()) return;
        this.state = { ...this.state, summary: { ...this.state.summary, schemaProblems: problems } };
        this.schemaProblemsEmitter.fire({ generation: this.state.summary.generation, problems });
      },
      (error: unknown) => {
        if (isCurrent()) this.services.output.warn(`${this.uri.fsPath}: ${error instanceof Error ? error.message : String(error)}`);
      },
    );
  }

  dispose(): void {
    clearTimeout(this.reloadTimer);
    if (this.state.kind === 'ready') this.state.source.dispose();
    for (const d of this.disposables) d.dispose();
  }
}
