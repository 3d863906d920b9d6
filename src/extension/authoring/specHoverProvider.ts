import * as vscode from 'vscode';
import { hoverAt } from '../../core/authoring/hoverEngine';
import { Services } from '../services';
import { authoringKind, DataProfiles, SPEC_SELECTOR, specPathOf } from './authoringSupport';
import { SpecDiagnostics } from './specDiagnostics';
import { SourceFactsCache } from './sourceFactsCache';

/** Hovers on spec fields, filters and the columns named in filter expressions. */
export class SpecHoverProvider implements vscode.HoverProvider {
  static register(services: Services): void {
    services.context.subscriptions.push(vscode.languages.registerHoverProvider(SPEC_SELECTOR, new SpecHoverProvider(services)));
  }

  private constructor(private readonly services: Services) {}

  async provideHover(document: vscode.TextDocument, position: vscode.Position): Promise<vscode.Hover | undefined> {
    const kind = authoringKind(document);
    const result = SpecDiagnostics.instance?.resultFor(document);
    if (!kind || !result || result.documents.length === 0) return undefined;
    const profileFor = kind === 'dataset' ? await DataProfiles.get(this.services).lookupFor(result.values, specPathOf(document)) : undefined;
    const hover = hoverAt(document.getText(), result.documents, document.offsetAt(position), { kind, profileFor, factsFor: SourceFactsCache.lookup(specPathOf(document)), env: process.env });
    if (!hover) return undefined;
    return new vscode.Hover(new vscode.MarkdownString(hover.markdown), new vscode.Range(document.positionAt(hover.range.start), document.positionAt(hover.range.end)));
  }
}
