/**
 * One open Trace file: read and parsed once into the editor's model, reloaded when the file changes on disk
 * (each reload a new generation).
 */
import * as vscode from 'vscode';
import { readTraceJson } from '../../core/trace/traceFile';
import { tracesOfPlatformExport } from '../../core/sources/platformTraceExport';
import { TraceFileModel, traceFileModel } from '../../core/trace/traceFileModel';
import type { TraceReadFailure } from '../../core/trace/traceFile';
import { traceFileStrings as S } from '../../core/l10n/traceStrings';

export type TraceLoadState =
  | { kind: 'ready'; generation: number; model: TraceFileModel }
  | { kind: 'failed'; generation: number; failure: TraceReadFailure };

const RELOAD_DELAY_MS = 200;

export class TraceFileDocument implements vscode.CustomDocument {
  private generation = 0;
  private loading: Promise<TraceLoadState>;
  private reloadTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly loadEmitter = new vscode.EventEmitter<TraceLoadState>();
  private readonly disposables: vscode.Disposable[] = [this.loadEmitter];
  /** Fires after each reload caused by a change on disk (or `reload()`). */
  readonly onDidReload = this.loadEmitter.event;

  constructor(readonly uri: vscode.Uri) {
    this.loading = this.load();
    const folder = vscode.Uri.joinPath(uri, '..');
    const name = uri.path.slice(uri.path.lastIndexOf('/') + 1);
    const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(folder, name));
    this.disposables.push(watcher, watcher.onDidChange(() => this.scheduleReload()), watcher.onDidCreate(() => this.scheduleReload()));
  }

  get fileName(): string {
    return vscode.workspace.asRelativePath(this.uri);
  }

  /** The current load (waits for one in progress). */
  ready(): Promise<TraceLoadState> {
    return this.loading;
  }

  reload(): Promise<TraceLoadState> {
    this.loading = this.load();
    void this.loading.then((state) => this.loadEmitter.fire(state));
    return this.loading;
  }

  private scheduleReload(): void {
    if (this.reloadTimer) clearTimeout(this.reloadTimer);
    this.reloadTimer = setTimeout(() => void this.reload(), RELOAD_DELAY_MS);
  }

  private async load(): Promise<TraceLoadState> {
    const generation = ++this.generation;
    let text: string;
    try {
      const bytes = await vscode.workspace.fs.readFile(this.uri);
      text = new TextDecoder('utf-8').decode(bytes);
    } catch (error) {
      return { kind: 'failed', generation, failure: { message: S.unreadable(this.fileName, error instanceof Error ? error.message : String(error)) } };
    }
    // A trace platform's export (often saved as *.trace.json) is shown as the conversation it holds.
    const read = readTraceJson(text, this.fileName, (value) => tracesOfPlatformExport(value, this.uri.toString()));
    if (!read.ok) return { kind: 'failed', generation, failure: read.failure };
    try {
      return { kind: 'ready', generation, model: traceFileModel(read.traces[0]) };
    } catch (error) {
      if (error instanceof RangeError) return { kind: 'failed', generation, failure: { message: S.tooDeep(this.fileName) } };
      throw error;
    }
  }

  dispose(): void {
    if (this.reloadTimer) clearTimeout(this.reloadTimer);
    for (const d of this.disposables.splice(0)) d.dispose();
  }
}
