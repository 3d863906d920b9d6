/**
 * Links and hovers on the paths a spec file or run config names (docs/semantics.md §11.2): each `$ref` and each
 * `!include` path links to its file (Ctrl+click, or Go to Definition); a hover says what a `$ref` refers to and shows
 * an included file's first lines.
 */
import { statSync } from 'node:fs';
import * as vscode from 'vscode';
import { linkedFileHoverMarkdown, LinkedFileRead } from '../../core/authoring/linkedFileHover';
import { readTextHead } from '../../core/text/textHead';
import { YamlFileLink, yamlFileLinks } from '../../core/yaml/fileLinks';
import { Services } from '../services';
import { authoringKind, SPEC_SELECTOR, specPathOf } from './authoringSupport';
import { SpecDiagnostics } from './specDiagnostics';

/** What a hover reads of a linked file: enough for its kind and key, never the whole of a large file. */
const HOVER_READ_BYTES = 256 * 1024;

function toRange(document: vscode.TextDocument, r: { start: number; end: number }): vscode.Range {
  return new vscode.Range(document.positionAt(r.start), document.positionAt(r.end));
}

/** The `$ref`s and `!include`s of a file of ours (a spec file or a run config); none in other files (§11.5). */
function linksOf(document: vscode.TextDocument): YamlFileLink[] {
  const specPath = specPathOf(document);
  const result = SpecDiagnostics.instance?.resultFor(document);
  if (!specPath || !result || (!authoringKind(document) && !result.runConfig)) return [];
  return result.documents.flatMap((doc) => yamlFileLinks(doc.yaml, specPath));
}

/** Only regular files are linked: opening a pipe or a device would wait for ever. */
function isRegularFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

async function readLinked(target: string): Promise<LinkedFileRead> {
  try {
    return { head: await readTextHead(target, HOVER_READ_BYTES) };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { missing: true };
    return { problem: error instanceof Error ? error.message : String(error) };
  }
}

export class FileLinksProvider implements vscode.DocumentLinkProvider, vscode.HoverProvider, vscode.DefinitionProvider {
  static register(services: Services): void {
    const provider = new FileLinksProvider();
    services.context.subscriptions.push(
      vscode.languages.registerDocumentLinkProvider(SPEC_SELECTOR, provider),
      vscode.languages.registerHoverProvider(SPEC_SELECTOR, provider),
      vscode.languages.registerDefinitionProvider(SPEC_SELECTOR, provider),
    );
  }

  /** Links to the files that exist (a missing one is an error on its path already). */
  provideDocumentLinks(document: vscode.TextDocument): vscode.DocumentLink[] {
    return linksOf(document)
      .filter((link) => isRegularFile(link.target))
      .map((link) => {
        const result = new vscode.DocumentLink(toRange(document, link.range), vscode.Uri.file(link.target));
        result.tooltip = vscode.l10n.t('Open {0}', link.path);
        return result;
      });
  }

  /** Go to Definition on a `$ref` or `!include` path: the start of the file it names, when that file exists. */
  provideDefinition(document: vscode.TextDocument, position: vscode.Position): vscode.Location | undefined {
    const offset = document.offsetAt(position);
    const link = linksOf(document).find((l) => offset >= l.range.start && offset <= l.range.end);
    if (!link || !isRegularFile(link.target)) return undefined;
    return new vscode.Location(vscode.Uri.file(link.target), new vscode.Position(0, 0));
  }

  async provideHover(document: vscode.TextDocument, position: vscode.Position): Promise<vscode.Hover | undefined> {
    const offset = document.offsetAt(position);
    const link = linksOf(document).find((l) => offset >= l.range.start && offset <= l.range.end);
    if (!link) return undefined;
    const markdown = linkedFileHoverMarkdown(link, await readLinked(link.target));
    return new vscode.Hover(new vscode.MarkdownString(markdown), toRange(document, link.range));
  }
}
