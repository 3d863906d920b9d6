/** Calls back (debounced) when a spec file is saved or changes on disk, or when its source's data changes. */
import * as path from 'node:path';
import * as vscode from 'vscode';
import { WatchTarget } from './sourceLocation';

const DEBOUNCE_MS = 300;

export class PreviewSourceWatcher implements vscode.Disposable {
  private readonly specDisposables: vscode.Disposable[] = [];
  private sourceWatcher: vscode.FileSystemWatcher | undefined;
  private sourceKey = '';
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly specUri: vscode.Uri, private readonly onChange: () => void) {
    this.specDisposables.push(
      vscode.workspace.onDidSaveTextDocument((document) => {
        if (document.uri.toString() === specUri.toString()) this.schedule();
      }),
    );
    if (specUri.scheme === 'file') {
      const watcher = vscode.workspace.createFileSystemWatcher(
        new vscode.RelativePattern(vscode.Uri.file(path.dirname(specUri.fsPath)), path.basename(specUri.fsPath)),
        true, false, true,
      );
      watcher.onDidChange(() => this.changedOnDisk(), undefined, this.specDisposables);
      this.specDisposables.push(watcher);
    }
  }

  /** Watches the file or folder a source reads (nothing for URLs and other remote sources). */
  watchSource(target: WatchTarget | undefined): void {
    const key = target ? `${target.kind}:${target.path}` : '';
    if (key === this.sourceKey) return;
    this.sourceKey = key;
    this.sourceWatcher?.dispose();
    this.sourceWatcher = undefined;
    if (!target) return;
    const pattern = target.kind === 'file'
      ? new vscode.RelativePattern(vscode.Uri.file(path.dirname(target.path)), path.basename(target.path))
      : new vscode.RelativePattern(vscode.Uri.file(target.path), '**/*');
    const watcher = vscode.workspace.createFileSystemWatcher(pattern);
    watcher.onDidChange(() => this.schedule());
    watcher.onDidCreate(() => this.schedule());
    watcher.onDidDelete(() => this.schedule());
    this.sourceWatcher = watcher;
  }

  private changedOnDisk(): void {
    // A save from this editor already triggered a run; a change from another program has no open dirty copy.
    const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === this.specUri.toString());
    if (!open?.isDirty) this.schedule();
  }

  private schedule(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.onChange();
    }, DEBOUNCE_MS);
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.sourceWatcher?.dispose();
    for (const d of this.specDisposables) d.dispose();
  }
}
