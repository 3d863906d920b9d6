/**
 * `evalLens.previewFilters`: preview a dataset spec's source and filters.
 * `evalLens.cancelPreviewCount`: stop the counts in progress (what the view's Cancel button does).
 * Arguments: none (the active spec), a `vscode.Uri` (menus), or `(uri, documentIndex)` (code lens); in a run config
 * the index names an entry written out in it (runConfigEntryIndex, docs/semantics.md §11.5).
 * Resolves, once the first full count ends, to `{ total, matched, removedPerFilter, notComparable,
 * complete, warnings, rowsHeld }`, to `{ error }` when the preview could not run, or to `undefined`
 * when there was nothing to preview or the dataset pick was dismissed.
 */
import * as path from 'node:path';
import * as vscode from 'vscode';
import { previewViewStrings } from '../../core/l10n/previewStrings';
import { CommandHandler } from '../commandHandler';
import { Services } from '../services';
import { DatasetEntry, datasetEntries } from './datasetDocuments';
import { PreviewPanel } from './previewPanel';
import { previewResults } from './registerPreview';
import { parseSpecDocuments } from '../../core/yaml/specDocument';
import { isMissingFile } from '../missingFile';

interface PreviewTarget {
  uri: vscode.Uri;
  index?: number;
}

function targetFromArgs(args: unknown[]): PreviewTarget | undefined {
  const [first, second] = args;
  const index = typeof second === 'number' && Number.isInteger(second) && second >= 0 ? second : undefined;
  if (first instanceof vscode.Uri) return { uri: first, index };
  const editor = vscode.window.activeTextEditor;
  if (editor) return { uri: editor.document.uri };
  return PreviewPanel.focusedTarget();
}

async function pickDataset(entries: DatasetEntry[], document: vscode.TextDocument): Promise<number | undefined> {
  const editor = vscode.window.activeTextEditor;
  const cursor = editor && editor.document.uri.toString() === document.uri.toString() ? document.offsetAt(editor.selection.active) : undefined;
  type Item = vscode.QuickPickItem & { index: number };
  const items: Item[] = entries.map((entry) => ({
    label: entry.label,
    description: [entry.key !== entry.label ? entry.key : undefined, entry.sourceType].filter(Boolean).join(' · '),
    detail: previewViewStrings.pickDatasetDetail(entry.line),
    index: entry.index,
  }));
  const quickPick = vscode.window.createQuickPick<Item>();
  quickPick.items = items;
  quickPick.placeholder = previewViewStrings.pickDatasetPlaceholder;
  if (cursor !== undefined) {
    const under = entries.find((e) => cursor >= e.document.range.start && cursor <= e.document.range.end);
    const item = items.find((i) => i.index === under?.index);
    if (item) quickPick.activeItems = [item];
  }
  return new Promise<number | undefined>((resolve) => {
    quickPick.onDidAccept(() => {
      resolve(quickPick.selectedItems[0]?.index ?? quickPick.activeItems[0]?.index);
      quickPick.hide();
    });
    quickPick.onDidHide(() => {
      resolve(undefined);
      quickPick.dispose();
    });
    quickPick.show();
  });
}

export const previewFilters: CommandHandler = async (services: Services, ...args: unknown[]) => {
  const target = targetFromArgs(args);
  if (!target) {
    void vscode.window.showInformationMessage(previewViewStrings.noActiveSpec);
    return undefined;
  }
  let index = target.index;
  if (index === undefined) {
    // A run config's `$ref` may name a file that is not there (yet).
    if (await isMissingFile(target.uri)) {
      void vscode.window.showWarningMessage(previewViewStrings.specNotFound(target.uri.scheme === 'file' ? target.uri.fsPath : target.uri.toString(true)));
      return undefined;
    }
    const document = await vscode.workspace.openTextDocument(target.uri);
    const documents = parseSpecDocuments(document.getText());
    const entries = datasetEntries(document.getText(), documents);
    // A spec that cannot be parsed at all (e.g. nested too deep) still opens a view, which shows why.
    if (entries.length === 0 && documents.length === 1 && documents[0].problems.length > 0) return PreviewPanel.show(services, previewResults(), target.uri, 0);
    if (entries.length === 0) throw new Error(previewViewStrings.noDatasetInFile(path.basename(target.uri.path)));
    index = entries.length === 1 ? entries[0].index : await pickDataset(entries, document);
    if (index === undefined) return undefined;
  }
  return PreviewPanel.show(services, previewResults(), target.uri, index);
};

/**
 * Stops counting: the views of `(uri, documentIndex)` when given, else every view that is counting.
 * Resolves to how many counts it stopped.
 */
export const cancelPreviewCount: CommandHandler = (_services: Services, ...args: unknown[]) => {
  const [first, second] = args;
  const uri = first instanceof vscode.Uri ? first : undefined;
  const index = typeof second === 'number' && Number.isInteger(second) && second >= 0 ? second : undefined;
  const stopped = PreviewPanel.cancelCounts(uri, index);
  if (stopped === 0 && !uri) void vscode.window.showInformationMessage(previewViewStrings.noCountToCancel);
  return stopped;
};
