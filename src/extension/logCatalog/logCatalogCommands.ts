/** Commands of the Evaluation Logs view: refresh, sort, filter, compare the selected logs, and a listing for tests. */
import * as vscode from 'vscode';
import type { CommandHandler } from '../commandHandler';
import { CATALOG_SORTS, CatalogSort } from '../../core/logCatalog/catalogOrder';
import { CatalogNode, LogCatalogProvider } from './logCatalogProvider';
import { logTreeItem } from './logCatalogItems';

function sortLabel(sort: CatalogSort): string {
  switch (sort) {
    case 'date':
      return vscode.l10n.t('Date (newest first)');
    case 'task':
      return vscode.l10n.t('Task');
    case 'model':
      return vscode.l10n.t('Model');
    case 'metric':
      return vscode.l10n.t('Main metric (highest first)');
  }
}

function isNode(value: unknown): value is CatalogNode {
  return typeof value === 'object' && value !== null && ((value as CatalogNode).kind === 'log' || (value as CatalogNode).kind === 'folder');
}

/** The logs of the selected nodes (a folder stands for all its logs), in the order selected, each once. */
function selectedLogUris(clicked: unknown, selected: unknown): vscode.Uri[] {
  const nodes = Array.isArray(selected) && selected.length > 0 ? selected.filter(isNode) : isNode(clicked) ? [clicked] : [];
  const files = nodes.flatMap((node) => (node.kind === 'log' ? [node.entry.file] : node.folder.entries.map((entry) => entry.file)));
  return [...new Set(files)].map((file) => vscode.Uri.file(file));
}

export const refreshLogCatalog: CommandHandler = () => LogCatalogProvider.instance?.refresh();

export const sortLogCatalog: CommandHandler = async () => {
  const provider = LogCatalogProvider.instance;
  if (!provider) return undefined;
  const items = CATALOG_SORTS.map((sort) => ({ label: sortLabel(sort), sort, picked: sort === provider.sort, description: sort === provider.sort ? vscode.l10n.t('current') : undefined }));
  const picked = await vscode.window.showQuickPick(items, { title: vscode.l10n.t('Sort the logs of each folder by') });
  if (picked) await provider.setSort(picked.sort);
  return picked?.sort;
};

export const filterLogCatalog: CommandHandler = async (_services, ...args) => {
  const provider = LogCatalogProvider.instance;
  if (!provider) return undefined;
  const given = typeof args[0] === 'string' ? args[0] : undefined;
  const text = given ?? await vscode.window.showInputBox({
    title: vscode.l10n.t('Filter the evaluation logs'),
    prompt: vscode.l10n.t('Words to find in the task, model, status or file name; leave empty to show every log.'),
    value: provider.filter,
  });
  if (text !== undefined) provider.setFilter(text);
  return text;
};

/** "Compare": the selected logs (the first selected is the baseline) in the compare view, through `evalLens.compareLogs`. */
export const compareCatalogLogs: CommandHandler = async (_services, ...args) => {
  const uris = selectedLogUris(args[0], args[1]);
  if (uris.length < 2) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Select two or more logs to compare.'));
    return undefined;
  }
  return vscode.commands.executeCommand('evalLens.compareLogs', uris[0], uris);
};

/** Resolves at the provider's next listing, or after `timeoutMs`. */
function nextListing(provider: LogCatalogProvider, timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => { listener.dispose(); resolve(); }, timeoutMs);
    const listener = provider.onDidList(() => { clearTimeout(timer); listener.dispose(); resolve(); });
  });
}

/**
 * What the view shows, for the integration tests: each folder with its logs' labels, descriptions and nodes. With
 * `{ until, timeoutMs }`, waits (listing after listing, as the file watchers report changes) until `until` holds.
 */
export const listLogCatalog: CommandHandler = async (_services, ...args) => {
  const provider = LogCatalogProvider.instance;
  if (!provider) return [];
  const options = (args[0] ?? {}) as { until?: (files: string[]) => boolean; timeoutMs?: number };
  const deadline = Date.now() + (options.timeoutMs ?? 0);
  let folders = await provider.shown();
  while (options.until && !options.until(folders.flatMap((f) => f.entries.map((e) => e.file))) && Date.now() < deadline) {
    await nextListing(provider, deadline - Date.now());
    folders = await provider.shown();
  }
  return folders.map((folder) => ({
    folder: folder.folder,
    logs: folder.entries.map((entry) => {
      const item = logTreeItem(entry);
      return { file: entry.file, label: item.label, description: item.description, node: { kind: 'log', entry } satisfies CatalogNode };
    }),
  }));
};
