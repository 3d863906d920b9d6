import * as vscode from 'vscode';
import { keyCompletions } from '../../core/workspaceKeys/keyPositions';
import { unknownKeyFix } from '../../core/workspaceKeys/keyChecks';
import type { KeyDefinition, KeyKind, KeyReference } from '../../core/workspaceKeys/keyTypes';
import { keyStrings } from '../../core/l10n/keyStrings';
import { Services } from '../services';
import { isJsonDocument, SPEC_SELECTOR } from './authoringSupport';
import { WorkspaceKeysProvider } from './workspaceKeysProvider';

type Place = { kind: KeyKind; key: string };

function contains(range: { start: number; end: number }, offset: number): boolean {
  return offset >= range.start && offset <= range.end;
}

/**
 * Go to definition, find references and completion of dataset and generator keys across the workspace, and the
 * quick fix of an unknown key (docs/semantics.md §11.7); all read the workspace key index.
 */
export class WorkspaceKeysNavigation implements vscode.DefinitionProvider, vscode.ReferenceProvider, vscode.CompletionItemProvider, vscode.CodeActionProvider {
  /** After WorkspaceKeysProvider.register. */
  static register(services: Services): void {
    const keys = WorkspaceKeysProvider.instance;
    if (!keys) return;
    const navigation = new WorkspaceKeysNavigation(keys);
    services.context.subscriptions.push(
      vscode.languages.registerDefinitionProvider(SPEC_SELECTOR, navigation),
      vscode.languages.registerReferenceProvider(SPEC_SELECTOR, navigation),
      vscode.languages.registerCompletionItemProvider(SPEC_SELECTOR, navigation, '"', "'", ' ', '-'),
      vscode.languages.registerCodeActionsProvider(SPEC_SELECTOR, navigation, { providedCodeActionKinds: [vscode.CodeActionKind.QuickFix] }),
    );
  }

  private constructor(private readonly keys: WorkspaceKeysProvider) {}

  /** The key under the cursor: a reference to one, or a definition of one. */
  private placeAt(document: vscode.TextDocument, position: vscode.Position): Place | undefined {
    const facts = this.keys.factsOfDocument(document);
    const offset = document.offsetAt(position);
    return facts?.references.find((r) => contains(r.range, offset)) ?? facts?.definitions.find((d) => contains(d.range, offset));
  }

  private location(entry: KeyDefinition | KeyReference): vscode.Location {
    return new vscode.Location(vscode.Uri.file(entry.file), this.keys.rangeIn(entry.file, entry.range));
  }

  async provideDefinition(document: vscode.TextDocument, position: vscode.Position): Promise<vscode.Location[] | undefined> {
    await this.keys.ready;
    const place = this.placeAt(document, position);
    if (!place) return undefined;
    return this.keys.index.definitionsOf(place.kind, place.key, document.uri.fsPath).map((d) => this.location(d));
  }

  async provideReferences(document: vscode.TextDocument, position: vscode.Position, context: vscode.ReferenceContext): Promise<vscode.Location[] | undefined> {
    await this.keys.ready;
    const place = this.placeAt(document, position);
    if (!place) return undefined;
    const file = document.uri.fsPath;
    const references = this.keys.index.referencesTo(place.kind, place.key, file).map((r) => this.location(r));
    if (!context.includeDeclaration) return references;
    return [...this.keys.index.definitionsOf(place.kind, place.key, file).map((d) => this.location(d)), ...references];
  }

  async provideCompletionItems(document: vscode.TextDocument, position: vscode.Position): Promise<vscode.CompletionItem[]> {
    await this.keys.ready;
    const file = document.uri.fsPath;
    const role = this.keys.factsOfDocument(document)?.role;
    const items = keyCompletions(document.getText(), document.offsetAt(position), isJsonDocument(document), role, (kind) =>
      this.keys.index.keysVisibleFrom(kind, file).map((key) => {
        const [first] = this.keys.index.definitionsOf(kind, key, file);
        return { key, detail: keyStrings.keyDetail(kind, first ? this.keys.placeOf(first) : '') };
      }));
    return items.map((item) => {
      const result = new vscode.CompletionItem(item.label, vscode.CompletionItemKind.Reference);
      result.insertText = item.insertText;
      result.range = new vscode.Range(document.positionAt(item.range.start), document.positionAt(item.range.end));
      result.sortText = item.sortText;
      result.detail = item.detail;
      result.filterText = item.filterText;
      return result;
    });
  }

  provideCodeActions(document: vscode.TextDocument, range: vscode.Range | vscode.Selection): vscode.CodeAction[] {
    const text = document.getText();
    const start = document.offsetAt(range.start);
    const end = document.offsetAt(range.end);
    const actions: vscode.CodeAction[] = [];
    for (const d of this.keys.diagnosticsOf(document.uri.fsPath)) {
      if (d.range.end < start || d.range.start > end) continue;
      const fix = unknownKeyFix(text, d);
      if (!fix) continue;
      const action = new vscode.CodeAction(fix.title, vscode.CodeActionKind.QuickFix);
      const edit = new vscode.WorkspaceEdit();
      edit.replace(document.uri, new vscode.Range(document.positionAt(fix.range.start), document.positionAt(fix.range.end)), fix.newText);
      action.edit = edit;
      action.isPreferred = true;
      const shown = new vscode.Diagnostic(new vscode.Range(document.positionAt(d.range.start), document.positionAt(d.range.end)), d.message, vscode.DiagnosticSeverity.Warning);
      shown.code = d.code;
      action.diagnostics = [shown];
      actions.push(action);
    }
    return actions;
  }
}
