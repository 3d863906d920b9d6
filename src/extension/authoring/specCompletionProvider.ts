import * as vscode from 'vscode';
import { CompletionItem, CompletionKind, completionsAt, runConfigCompletionsAt } from '../../core/authoring/completionEngine';
import { runConfigEntries } from '../../core/validation/runConfigEntries';
import { Services } from '../services';
import { authoringKind, DataProfiles, isJsonDocument, listDirectory, SPEC_SELECTOR, specPathOf } from './authoringSupport';
import { SpecDiagnostics } from './specDiagnostics';
import { SourceFactsCache } from './sourceFactsCache';

const KINDS: Record<CompletionKind, vscode.CompletionItemKind> = {
  property: vscode.CompletionItemKind.Property,
  value: vscode.CompletionItemKind.Value,
  enum: vscode.CompletionItemKind.EnumMember,
  snippet: vscode.CompletionItemKind.Snippet,
  column: vscode.CompletionItemKind.Field,
  file: vscode.CompletionItemKind.File,
  folder: vscode.CompletionItemKind.Folder,
};

/**
 * Completion in dataset specs, generator definitions, connection configs and the entries of run configs. In JSON files only the
 * data-aware, path and expression items are offered: VS Code's JSON language service already offers
 * the schema's keys, values and snippets there (through `contributes.jsonValidation`).
 */
export class SpecCompletionProvider implements vscode.CompletionItemProvider {
  static register(services: Services): void {
    services.context.subscriptions.push(
      vscode.languages.registerCompletionItemProvider(SPEC_SELECTOR, new SpecCompletionProvider(services), ':', ' ', '.', '[', '"', "'", '/', '-'),
    );
  }

  private constructor(private readonly services: Services) {}

  async provideCompletionItems(document: vscode.TextDocument, position: vscode.Position, _token: vscode.CancellationToken, context: vscode.CompletionContext): Promise<vscode.CompletionItem[] | undefined> {
    const kind = authoringKind(document);
    const result = SpecDiagnostics.instance?.resultFor(document);
    if (!kind && !result?.runConfig) return undefined;
    const json = isJsonDocument(document);
    const specPath = specPathOf(document);
    const given = {
      json, specPath, schemaItems: !json, listDirectory, factsFor: SourceFactsCache.lookup(specPath),
      triggerCharacter: context.triggerKind === vscode.CompletionTriggerKind.TriggerCharacter ? context.triggerCharacter : undefined,
    };
    const offset = document.offsetAt(position);
    if (!kind) {
      // A dataset or generator written out in a run config completes as in a file of its own (docs/semantics.md §11.5).
      const datasets = runConfigEntries(result?.documents ?? []).flatMap((e) => (e.embedded && e.kind === 'dataset' ? [e.document.value] : []));
      const profileFor = await DataProfiles.get(this.services).lookupFor(datasets, specPath);
      return runConfigCompletionsAt(document.getText(), offset, { ...given, profileFor }).map((item) => toVscodeItem(document, item));
    }
    const profileFor = kind === 'dataset' ? await DataProfiles.get(this.services).lookupFor(result?.values ?? [], specPath) : undefined;
    return completionsAt(document.getText(), offset, { ...given, kind, profileFor }).map((item) => toVscodeItem(document, item));
  }
}

function toVscodeItem(document: vscode.TextDocument, item: CompletionItem): vscode.CompletionItem {
  const result = new vscode.CompletionItem(item.label, KINDS[item.kind]);
  result.insertText = item.snippet ? new vscode.SnippetString(item.insertText) : item.insertText;
  result.range = new vscode.Range(document.positionAt(item.range.start), document.positionAt(item.range.end));
  result.sortText = item.sortText;
  if (item.filterText) result.filterText = item.filterText;
  if (item.detail) result.detail = item.detail;
  if (item.documentation) result.documentation = new vscode.MarkdownString(item.documentation);
  if (item.retrigger) result.command = { title: '', command: 'editor.action.triggerSuggest' };
  return result;
}
