import * as vscode from 'vscode';
import { OutlineKind, OutlineSymbol, pathLinks, specOutline } from '../../core/authoring/specOutline';
import { Services } from '../services';
import { authoringKind, pathKind, SPEC_SELECTOR, specPathOf } from './authoringSupport';
import { SpecDiagnostics } from './specDiagnostics';
import { runConfigEntries } from '../../core/validation/runConfigEntries';

const SYMBOL_KINDS: Record<OutlineKind, vscode.SymbolKind> = {
  dataset: vscode.SymbolKind.Module,
  source: vscode.SymbolKind.Package,
  filters: vscode.SymbolKind.Array,
  filter: vscode.SymbolKind.Boolean,
  generator: vscode.SymbolKind.Function,
  option: vscode.SymbolKind.Property,
  synthesizer: vscode.SymbolKind.Method,
  connection: vscode.SymbolKind.Interface,
  document: vscode.SymbolKind.File,
};

function toRange(document: vscode.TextDocument, r: { start: number; end: number }): vscode.Range {
  return new vscode.Range(document.positionAt(r.start), document.positionAt(r.end));
}

/** Outline of datasets (source, filters), generator definitions and connection configs. */
export class SpecSymbolProvider implements vscode.DocumentSymbolProvider {
  static register(services: Services): void {
    services.context.subscriptions.push(vscode.languages.registerDocumentSymbolProvider(SPEC_SELECTOR, new SpecSymbolProvider(), { label: 'Eval Lens' }));
  }

  provideDocumentSymbols(document: vscode.TextDocument): vscode.DocumentSymbol[] {
    const kind = authoringKind(document);
    const result = SpecDiagnostics.instance?.resultFor(document);
    if (!kind || !result) return [];
    const convert = (s: OutlineSymbol): vscode.DocumentSymbol => {
      const symbol = new vscode.DocumentSymbol(s.name, s.detail, SYMBOL_KINDS[s.kind], toRange(document, s.range), toRange(document, s.selectionRange));
      symbol.children = s.children.map(convert);
      return symbol;
    };
    return specOutline(kind, result.documents).map(convert);
  }
}

/** Links on source paths of datasets, in spec files and run configs (only to files and folders that exist). */
export class SpecLinkProvider implements vscode.DocumentLinkProvider {
  static register(services: Services): void {
    services.context.subscriptions.push(vscode.languages.registerDocumentLinkProvider(SPEC_SELECTOR, new SpecLinkProvider()));
  }

  provideDocumentLinks(document: vscode.TextDocument): vscode.DocumentLink[] {
    const result = SpecDiagnostics.instance?.resultFor(document);
    if (!result) return [];
    // In a run config, the sources of the datasets written out in it (docs/semantics.md §11.5).
    const datasets = authoringKind(document) === 'dataset' ? result.documents
      : result.runConfig ? runConfigEntries(result.documents).flatMap((e) => (e.embedded && e.kind === 'dataset' ? [e.document] : [])) : [];
    return pathLinks(datasets, specPathOf(document))
      .filter((link) => pathKind(link.target) !== undefined)
      .map((link) => new vscode.DocumentLink(toRange(document, link.range), vscode.Uri.file(link.target)));
  }
}
