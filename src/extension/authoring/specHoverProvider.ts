import * as vscode from 'vscode';
import { hoverAt, runConfigSecretsHover } from '../../core/authoring/hoverEngine';
import { Services } from '../services';
import { authoringKind, DataProfiles, SPEC_SELECTOR, specPathOf } from './authoringSupport';
import { SpecDiagnostics } from './specDiagnostics';
import { SourceFactsCache } from './sourceFactsCache';
import { embeddedEntryAt, runConfigEntries } from '../../core/validation/runConfigEntries';
import type { ValidationResult } from '../../core/validation/validateText';
import type { FileKind } from '../../core/fileKind';
import type { SpecDocument } from '../../core/yaml/specDocument';

/** Hovers on spec fields, filters and the columns named in filter expressions. */
export class SpecHoverProvider implements vscode.HoverProvider {
  static register(services: Services): void {
    services.context.subscriptions.push(vscode.languages.registerHoverProvider(SPEC_SELECTOR, new SpecHoverProvider(services)));
  }

  private constructor(private readonly services: Services) {}

  async provideHover(document: vscode.TextDocument, position: vscode.Position): Promise<vscode.Hover | undefined> {
    const result = SpecDiagnostics.instance?.resultFor(document);
    if (!result || result.documents.length === 0) return undefined;
    const target = this.hoverTarget(document, result, document.offsetAt(position));
    if (!target) return result.runConfig ? this.runConfigSecretsHover(document, result, position) : undefined;
    const { kind, documents, values, secrets } = target;
    const profileFor = kind === 'dataset' ? await DataProfiles.get(this.services).lookupFor(values, specPathOf(document)) : undefined;
    const hover = hoverAt(document.getText(), documents, document.offsetAt(position), { kind, profileFor, factsFor: SourceFactsCache.lookup(specPathOf(document)), env: process.env, secrets });
    if (!hover) return undefined;
    return new vscode.Hover(new vscode.MarkdownString(hover.markdown), new vscode.Range(document.positionAt(hover.range.start), document.positionAt(hover.range.end)));
  }

  /** An entry of the run config's own `secrets:` map: what it reads, only its length when set (§11.5). */
  private runConfigSecretsHover(document: vscode.TextDocument, result: ValidationResult, position: vscode.Position): vscode.Hover | undefined {
    const hover = runConfigSecretsHover(document.getText(), result.documents, document.offsetAt(position), process.env);
    if (!hover) return undefined;
    return new vscode.Hover(new vscode.MarkdownString(hover.markdown), new vscode.Range(document.positionAt(hover.range.start), document.positionAt(hover.range.end)));
  }

  /** The documents a hover reads: the file's, or in a run config the dataset or generator written out under the cursor (§11.5). */
  private hoverTarget(document: vscode.TextDocument, result: ValidationResult, offset: number): { kind: FileKind; documents: SpecDocument[]; values: unknown[]; secrets?: unknown } | undefined {
    const kind = authoringKind(document);
    if (kind) return { kind, documents: result.documents, values: result.values };
    if (!result.runConfig) return undefined;
    const entry = embeddedEntryAt(runConfigEntries(result.documents), offset);
    // An entry's `<< secrets.NAME >>` reads the run config's `secrets:` map (§11.5).
    return entry ? { kind: entry.kind, documents: [entry.document], values: [entry.document.value], secrets: entry.secrets } : undefined;
  }
}
