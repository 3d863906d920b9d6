import * as vscode from 'vscode';
import { Services } from '../services';
import { FileKind, isYamlOrJsonFileName, kindFromFileName, kindFromModeline, looksLikeLogJson } from '../../core/fileKind';
import { SpecDiagnostics } from './specDiagnostics';
import { extensionStrings } from '../../core/l10n/extensionStrings';

/** Kind of the document, from its name, modeline or content (docs/semantics.md §1). */
export function documentKind(document: vscode.TextDocument): FileKind | undefined {
  if (!isYamlOrJsonFileName(document.fileName) && document.languageId !== 'yaml' && document.languageId !== 'json') return undefined;
  const byName = kindFromFileName(document.fileName) ?? kindFromModeline(document.lineAt(0).text);
  if (byName) return byName;
  if (/\.json$/i.test(document.fileName) && looksLikeLogJson(document.getText())) return 'log';
  return SpecDiagnostics.instance?.resultFor(document).kind;
}

/** A status-bar item naming the active file's kind, and the `evalLens.activeKind` context key for menus. */
export class FileKindStatus implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('evalLens.kind', vscode.StatusBarAlignment.Right, 100);

  static register(services: Services): FileKindStatus {
    const status = new FileKindStatus();
    const subs = services.context.subscriptions;
    subs.push(status);
    subs.push(vscode.window.onDidChangeActiveTextEditor(() => status.update()));
    subs.push(vscode.workspace.onDidSaveTextDocument((d) => { if (d === vscode.window.activeTextEditor?.document) status.update(); }));
    subs.push(vscode.window.tabGroups.onDidChangeTabs(() => status.update()));
    status.update();
    return status;
  }

  private constructor() {
    this.item.name = extensionStrings.statusBarName;
    this.item.command = 'evalLens.validateFile';
  }

  update(): void {
    const document = vscode.window.activeTextEditor?.document;
    const kind = document ? documentKind(document) : undefined;
    void vscode.commands.executeCommand('setContext', 'evalLens.activeKind', kind ?? '');
    if (!kind) {
      this.item.hide();
      return;
    }
    this.item.text = `$(beaker) ${extensionStrings.kindLabel[kind]}`;
    this.item.tooltip = extensionStrings.kindTooltip(extensionStrings.kindLabel[kind]);
    this.item.show();
  }

  dispose(): void {
    this.item.dispose();
  }
}
