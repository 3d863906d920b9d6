import * as path from 'node:path';
import * as vscode from 'vscode';
import { WorkspaceKeyIndex, AffectedFiles } from '../../core/workspaceKeys/keyIndex';
import { keyDiagnostics } from '../../core/workspaceKeys/keyChecks';
import { MAX_TEXT_CHARS } from '../../core/workspaceKeys/keyFacts';
import type { KeyDefinition } from '../../core/workspaceKeys/keyTypes';
import { pathKind } from '../../core/sources/pathKind';
import { Diagnostic } from '../../core/validation/diagnostic';
import { LineIndex } from '../../core/text/lineIndex';
import { isYamlOrJsonFileName } from '../../core/fileKind';
import { Services } from '../services';

const PATTERN = '**/*.{yaml,yml,json}';
const EXCLUDE = '**/{node_modules,.git,.vscode-test}/**';
const MAX_FILES = 20_000;

const SEVERITY: Record<Diagnostic['severity'], vscode.DiagnosticSeverity> = {
  error: vscode.DiagnosticSeverity.Error,
  warning: vscode.DiagnosticSeverity.Warning,
  info: vscode.DiagnosticSeverity.Information,
};

/** Files of the workspace's folders only: a file outside has no project to be checked against. */
function isIndexed(uri: vscode.Uri): boolean {
  return uri.scheme === 'file' && isYamlOrJsonFileName(uri.fsPath) && vscode.workspace.getWorkspaceFolder(uri) !== undefined;
}

/**
 * The workspace key index of the editor (docs/semantics.md §11.7): built over the workspace's YAML and JSON files
 * (open documents by their text), kept current by a watcher and by edits, and publishing the cross-file
 * diagnostics of every file of ours, open or not.
 */
export class WorkspaceKeysProvider implements vscode.Disposable {
  static instance: WorkspaceKeysProvider | undefined;
  readonly index = new WorkspaceKeyIndex();
  private readonly collection = vscode.languages.createDiagnosticCollection('eval-lens-keys');
  /** Text by file, for positions in files that are not open; kept for files of ours only. */
  private readonly lines = new Map<string, LineIndex>();
  private readonly published = new Map<string, Diagnostic[]>();
  private readonly editTimers = new Map<string, NodeJS.Timeout>();
  private pending: AffectedFiles = new Set();
  private publishTimer: NodeJS.Timeout | undefined;
  private readonly disposables: vscode.Disposable[] = [];
  readonly ready: Promise<void>;

  static register(services: Services): void {
    const provider = new WorkspaceKeysProvider(services);
    WorkspaceKeysProvider.instance = provider;
    services.context.subscriptions.push(provider);
  }

  private constructor(private readonly services: Services) {
    const watcher = vscode.workspace.createFileSystemWatcher(PATTERN);
    // A folder created or deleted whole may be reported alone, without the files inside it.
    const folders = vscode.workspace.createFileSystemWatcher('**/*', false, true, false);
    const fromDisk = (uri: vscode.Uri) => { if (!this.openDocument(uri)) void this.readFromDisk(uri); };
    this.disposables.push(this.collection, watcher, folders, watcher.onDidCreate(fromDisk), watcher.onDidChange(fromDisk),
      watcher.onDidDelete((uri) => this.apply(uri.fsPath, undefined)),
      folders.onDidCreate((uri) => void this.readFolder(uri)), folders.onDidDelete((uri) => this.forgetFolder(uri)),
      vscode.workspace.onDidOpenTextDocument((d) => this.readDocument(d)),
      vscode.workspace.onDidChangeTextDocument((e) => this.scheduleDocument(e.document)),
      vscode.workspace.onDidCloseTextDocument((d) => { if (isIndexed(d.uri)) void this.readFromDisk(d.uri); }));
    // Activation does not wait for the scan: diagnostics appear when it ends.
    this.ready = new Promise((resolve) => setTimeout(resolve, 0)).then(() => this.scan());
  }

  private async scan(): Promise<void> {
    for (const folder of vscode.workspace.workspaceFolders ?? []) if (folder.uri.scheme === 'file') this.index.addRoot(folder.uri.fsPath);
    let uris = await vscode.workspace.findFiles(PATTERN, EXCLUDE, MAX_FILES);
    // Right after start-up the file search may answer nothing yet: ask again a few times before believing it.
    for (let attempt = 0; uris.length === 0 && attempt < 5 && (vscode.workspace.workspaceFolders?.length ?? 0) > 0; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      uris = await vscode.workspace.findFiles(PATTERN, EXCLUDE, MAX_FILES);
    }
    for (const uri of uris) if (!this.openDocument(uri)) await this.readFromDisk(uri, false);
    for (const document of vscode.workspace.textDocuments) this.readDocument(document, false);
    this.pending = 'all';
    this.publish();
  }

  private async readFolder(uri: vscode.Uri): Promise<void> {
    if (uri.scheme !== 'file' || isYamlOrJsonFileName(uri.fsPath)) return;
    try {
      if ((await vscode.workspace.fs.stat(uri)).type !== vscode.FileType.Directory) return;
    } catch {
      return;
    }
    for (const file of await vscode.workspace.findFiles(new vscode.RelativePattern(uri, PATTERN), EXCLUDE, MAX_FILES)) {
      if (!this.openDocument(file)) await this.readFromDisk(file);
    }
  }

  private forgetFolder(uri: vscode.Uri): void {
    const prefix = uri.fsPath.endsWith(path.sep) ? uri.fsPath : uri.fsPath + path.sep;
    for (const file of this.index.allFiles()) if (file.startsWith(prefix)) this.apply(file, undefined);
  }

  private openDocument(uri: vscode.Uri): vscode.TextDocument | undefined {
    return vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  }

  private async readFromDisk(uri: vscode.Uri, publish = true): Promise<void> {
    if (!isIndexed(uri)) return;
    try {
      if ((await vscode.workspace.fs.stat(uri)).size > MAX_TEXT_CHARS) return this.apply(uri.fsPath, undefined, publish);
      this.apply(uri.fsPath, new TextDecoder().decode(await vscode.workspace.fs.readFile(uri)), publish);
    } catch {
      this.apply(uri.fsPath, undefined, publish);
    }
  }

  private scheduleDocument(document: vscode.TextDocument): void {
    if (!isIndexed(document.uri)) return;
    const file = document.uri.fsPath;
    clearTimeout(this.editTimers.get(file));
    this.editTimers.set(file, setTimeout(() => { this.editTimers.delete(file); this.readDocument(document); }, this.services.config.diagnosticsDebounceMs));
  }

  /** The index's facts of an open document, read from its current text when the index does not hold that text yet. */
  factsOfDocument(document: vscode.TextDocument): ReturnType<WorkspaceKeyIndex['factsOf']> {
    const file = document.uri.fsPath;
    if (this.editTimers.has(file) || !this.index.factsOf(file)) {
      clearTimeout(this.editTimers.get(file));
      this.editTimers.delete(file);
      this.readDocument(document);
    }
    return this.index.factsOf(file);
  }

  private readDocument(document: vscode.TextDocument, publish = true): void {
    if (isIndexed(document.uri) && !document.isClosed) this.apply(document.uri.fsPath, document.getText(), publish);
  }

  /** Feeds one file's text (undefined: gone) to the index and republishes what it affects. */
  private apply(file: string, text: string | undefined, publish = true): void {
    const affected = text === undefined ? this.index.remove(file) : this.index.update(file, text);
    if (text !== undefined && this.index.factsOf(file)?.role) this.lines.set(file, new LineIndex(text));
    else this.lines.delete(file);
    if (this.pending !== 'all') {
      if (affected === 'all') this.pending = 'all';
      else for (const f of affected) this.pending.add(f);
    }
    if (publish) {
      clearTimeout(this.publishTimer);
      this.publishTimer = setTimeout(() => this.publish(), 0);
    }
  }

  private publish(): void {
    const files = this.pending === 'all' ? new Set([...this.published.keys(), ...this.index.filesOfOurs()]) : this.pending;
    this.pending = new Set();
    for (const file of files) {
      const uri = vscode.Uri.file(file);
      const lines = this.lines.get(file);
      const found = lines ? keyDiagnostics(this.index, file, { pathKind, placeOf: (d) => this.placeOf(d) }) : [];
      if (found.length === 0 || !lines) {
        this.published.delete(file);
        this.collection.delete(uri);
        continue;
      }
      this.published.set(file, found);
      this.collection.set(uri, found.map((d) => {
        const shown = new vscode.Diagnostic(this.rangeIn(file, d.range), d.message, SEVERITY[d.severity]);
        shown.source = 'Eval Lens';
        if (d.code) shown.code = d.code;
        return shown;
      }));
    }
  }

  placeOf(definition: KeyDefinition): string {
    return `${vscode.workspace.asRelativePath(definition.file)}:${definition.line}`;
  }

  /** A range of a file the index holds, as positions (from its open document, else its last text). */
  rangeIn(file: string, range: { start: number; end: number }): vscode.Range {
    const lines = this.lines.get(file);
    if (!lines) return new vscode.Range(0, 0, 0, 0);
    const start = lines.positionAt(range.start);
    const end = lines.positionAt(range.end);
    return new vscode.Range(start.line, start.character, end.line, end.character);
  }

  /** The cross-file diagnostics last published for a file. */
  diagnosticsOf(file: string): Diagnostic[] {
    return this.published.get(file) ?? [];
  }

  dispose(): void {
    clearTimeout(this.publishTimer);
    for (const timer of this.editTimers.values()) clearTimeout(timer);
    for (const d of this.disposables) d.dispose();
  }
}
