/**
 * The Evaluation Logs view: every log of the workspace (task result logs, Inspect `.eval` archives, and `.json`
 * files in a `logs` folder recognised by their content) with the facts read from its head, grouped by folder,
 * kept current by file watchers. The facts are cached by path, modification time and size.
 */
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { Services } from '../services';
import { LogFactsCache } from '../../core/logCatalog/logFactsCache';
import { CatalogEntry, CatalogFolder, CatalogSort, arrangeCatalog } from '../../core/logCatalog/catalogOrder';
import { isLogFactsProblem } from '../../core/logCatalog/logFacts';
import { folderTreeItem, logTreeItem } from './logCatalogItems';

export const LOG_CATALOG_VIEW = 'evalLens.logCatalog';

/** Logs by name, Inspect archives, and `.json` files in a `logs` folder (probed by content, kept when they are logs). */
const LOG_GLOBS = ['**/{*.tasklog.json,*.task-result-log.json,task_result_log.json}', '**/*.eval', '**/logs/**/*.json'];
const EXCLUDE = '**/{node_modules,.git}/**';
const MAX_FILES_PER_GLOB = 10_000;
const WATCH_DELAY_MS = 300;
const SORT_KEY = 'evalLens.logCatalog.sort';

/** The folder a log is grouped under: relative to its workspace folder (named in a multi-root workspace); '' for the root. */
function folderLabel(dir: string): string {
  const folders = vscode.workspace.workspaceFolders ?? [];
  const root = folders.find((folder) => folder.uri.fsPath === dir);
  if (root) return folders.length > 1 ? root.name : '';
  return vscode.workspace.asRelativePath(dir);
}

export type CatalogNode = { kind: 'folder'; folder: CatalogFolder } | { kind: 'log'; entry: CatalogEntry };

export class LogCatalogProvider implements vscode.TreeDataProvider<CatalogNode>, vscode.Disposable {
  static instance: LogCatalogProvider | undefined;

  private readonly cache = new LogFactsCache();
  private readonly changed = new vscode.EventEmitter<CatalogNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly listed = new vscode.EventEmitter<void>();
  /** Fires after each listing of the workspace's logs. */
  readonly onDidList = this.listed.event;
  private entries: CatalogEntry[] = [];
  private folders: CatalogFolder[] = [];
  private filterText = '';
  private loading: Promise<void> | undefined;
  private loadAgain = false;
  private loaded = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private view: vscode.TreeView<CatalogNode> | undefined;

  static register(services: Services): LogCatalogProvider {
    const provider = new LogCatalogProvider(services.context.workspaceState);
    const view = vscode.window.createTreeView(LOG_CATALOG_VIEW, { treeDataProvider: provider, canSelectMany: true, showCollapseAll: true });
    provider.view = view;
    const subs = services.context.subscriptions;
    subs.push(provider, view);
    for (const glob of LOG_GLOBS) {
      const watcher = vscode.workspace.createFileSystemWatcher(glob);
      const later = () => provider.refreshSoon();
      subs.push(watcher, watcher.onDidCreate(later), watcher.onDidChange(later), watcher.onDidDelete(later));
    }
    // A folder created with its logs already in it (a run writing its log folder) may bring no event for the logs
    // themselves (the folder is watched only once it exists): a new folder lists the workspace again
    // (docs/log-report.md, "The Evaluation Logs view").
    const created = vscode.workspace.createFileSystemWatcher('**/*', false, true, true);
    subs.push(created, created.onDidCreate((uri) => void provider.refreshIfFolder(uri)));
    subs.push(vscode.workspace.onDidChangeWorkspaceFolders(() => provider.refreshSoon()));
    LogCatalogProvider.instance = provider;
    return provider;
  }

  private constructor(private readonly state: vscode.Memento) {}

  get sort(): CatalogSort {
    return this.state.get<CatalogSort>(SORT_KEY, 'date');
  }

  async setSort(sort: CatalogSort): Promise<void> {
    await this.state.update(SORT_KEY, sort);
    this.arrange();
  }

  get filter(): string {
    return this.filterText;
  }

  setFilter(text: string): void {
    this.filterText = text.trim();
    if (this.view) this.view.description = this.filterText ? vscode.l10n.t('Filter: {0}', this.filterText) : undefined;
    void vscode.commands.executeCommand('setContext', 'evalLens.logCatalog.filtered', this.filterText !== '');
    this.arrange();
  }

  /** Lists the workspace's logs again (facts of unchanged files come from the cache); resolves once shown. */
  refresh(): Promise<void> {
    if (this.loading) {
      this.loadAgain = true;
      return this.loading;
    }
    this.loading = this.load().finally(() => {
      this.loading = undefined;
      if (this.loadAgain) {
        this.loadAgain = false;
        void this.refresh();
      }
    });
    return this.loading;
  }

  /** The folders and logs shown, once the first listing is done. */
  async shown(): Promise<readonly CatalogFolder[]> {
    if (!this.loaded && !this.loading) await this.refresh();
    while (this.loading) await this.loading;
    return this.folders;
  }

  private async refreshIfFolder(uri: vscode.Uri): Promise<void> {
    if (uri.scheme !== 'file' || /[\\/](node_modules|\.git)([\\/]|$)/.test(uri.fsPath)) return;
    try {
      if ((await vscode.workspace.fs.stat(uri)).type & vscode.FileType.Directory) this.refreshSoon();
    } catch {
      // Gone again before it was looked at: nothing to list.
    }
  }

  private refreshSoon(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.refresh();
    }, WATCH_DELAY_MS);
  }

  private async load(): Promise<void> {
    const found = await Promise.all(LOG_GLOBS.map((glob) => vscode.workspace.findFiles(glob, EXCLUDE, MAX_FILES_PER_GLOB)));
    const files = [...new Set(found.flat().filter((uri) => uri.scheme === 'file').map((uri) => uri.fsPath))];
    this.cache.retain(files);
    const facts = await this.cache.factsOfAll(files);
    this.entries = files
      .map((file, i): CatalogEntry => ({ file, folder: folderLabel(path.dirname(file)), name: path.basename(file), facts: facts[i] }))
      .filter((entry) => !(isLogFactsProblem(entry.facts) && entry.facts.notALog));
    this.loaded = true;
    this.arrange();
    this.listed.fire();
  }

  private arrange(): void {
    this.folders = arrangeCatalog(this.entries, this.sort, this.filterText);
    if (this.view) this.view.message = this.filterText && this.folders.length === 0 ? vscode.l10n.t('No log matches the filter "{0}".', this.filterText) : undefined;
    this.changed.fire(undefined);
  }

  getTreeItem(node: CatalogNode): vscode.TreeItem {
    return node.kind === 'folder' ? folderTreeItem(node.folder.folder, node.folder.entries.length) : logTreeItem(node.entry);
  }

  async getChildren(node?: CatalogNode): Promise<CatalogNode[]> {
    if (node) return node.kind === 'folder' ? node.folder.entries.map((entry) => ({ kind: 'log', entry })) : [];
    const folders = await this.shown();
    return folders.map((folder) => ({ kind: 'folder', folder }));
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.changed.dispose();
    this.listed.dispose();
    if (LogCatalogProvider.instance === this) LogCatalogProvider.instance = undefined;
  }
}
