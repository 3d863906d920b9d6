/**
 * "Preview" above each dataset's `source:` key; "Preview · N kept of M" once a count is known for that
 * document version. Counts run in the background only for spec files the user has previewed, only for
 * local files and folders (never a URL), and only after typing pauses.
 */
import * as vscode from 'vscode';
import { selectionFunnelViewStrings, previewViewStrings, previewGeneratorStrings } from '../../core/l10n/previewStrings';
import { preview } from '../../core/sources/preview';
import { locate, parseSpecDocuments, SpecDocument } from '../../core/yaml/specDocument';
import { isRecord } from '../../core/json/jsonValue';
import { Services } from '../services';
import { DatasetEntry, datasetEntries, isDatasetSpec, isGeneratorDefinition } from './datasetDocuments';
import { generatorRunStrings } from '../../core/l10n/generatorStrings';
import { PreviewResultCache } from './previewResultCache';
import { isLocalSource } from './sourceLocation';
import { SourceFactsCache } from '../authoring/sourceFactsCache';
import { specPathOf } from '../authoring/authoringSupport';
import { isRunConfigDocument, runConfigEntries } from '../../core/validation/runConfigEntries';

const MAX_SPEC_CHARS = 2_000_000;
const BACKGROUND_DELAY_MS = 800;

export class PreviewCodeLensProvider implements vscode.CodeLensProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.changed.event;
  private readonly disposables: vscode.Disposable[] = [];
  private readonly pending = new Map<string, { version: number; timer: ReturnType<typeof setTimeout>; abort: AbortController }>();
  /** `uri#version#index` of counts that failed (an invalid filter, a missing file): not tried again. */
  private readonly failed = new Set<string>();

  static register(services: Services, cache: PreviewResultCache): PreviewCodeLensProvider {
    const provider = new PreviewCodeLensProvider(services, cache);
    services.context.subscriptions.push(
      provider,
      vscode.languages.registerCodeLensProvider([{ language: 'yaml' }, { language: 'json' }, { language: 'jsonc' }], provider),
    );
    return provider;
  }

  private constructor(private readonly services: Services, private readonly cache: PreviewResultCache) {
    this.disposables.push(
      this.changed,
      cache.onDidChange(() => this.changed.fire()),
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration('evalLens.codeLens.enabled')) this.changed.fire();
      }),
      vscode.workspace.onDidCloseTextDocument((document) => this.cancelBackground(document.uri)),
    );
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    if (!this.services.config.codeLensEnabled) return [];
    const text = document.getText();
    if (text.length > MAX_SPEC_CHARS) return [];
    const documents = parseSpecDocuments(text);
    if (isRunConfigDocument(documents)) return this.runConfigLenses(document, text, documents);
    if (isGeneratorDefinition(document.fileName, text, documents)) return this.generatorDefinitionLenses(document, text, documents);
    if (!isDatasetSpec(document.fileName, text, documents)) return [];
    const lenses: vscode.CodeLens[] = [];
    const toCount: DatasetEntry[] = [];
    for (const entry of datasetEntries(text, documents)) {
      const generatorLens = entry.sourceKeyRange ? undefined : this.generatorLens(document, entry);
      if (generatorLens) lenses.push(generatorLens);
      if (!entry.sourceKeyRange) continue;
      const position = document.positionAt(entry.sourceKeyRange.start);
      const known = this.cache.get(document.uri, document.version, entry.index);
      const title = !known ? previewViewStrings.codeLensPreview : selectionFunnelViewStrings.codeLensCounted(known);
      lenses.push(new vscode.CodeLens(new vscode.Range(position, position), {
        title,
        tooltip: previewViewStrings.codeLensPreviewTooltip,
        command: 'evalLens.previewFilters',
        arguments: [document.uri, entry.index],
      }));
      const parsedCleanly = !entry.document.problems.some((p) => p.severity === 'error');
      const tried = this.failed.has(`${document.uri.toString()}#${document.version}#${entry.index}`);
      if (!known && !tried && parsedCleanly && isLocalSource(entry.document.value)) toCount.push(entry);
    }
    if (toCount.length && this.cache.wasPreviewed(document.uri)) this.scheduleBackground(document, toCount);
    return lenses;
  }

  /**
   * A run config (docs/semantics.md §11.5): "Preview" or "Preview generator" above each dataset and generator written
   * out in it, as in a file of its own, and "Preview" above each `$ref` to one, which previews the file referred to.
   */
  private runConfigLenses(document: vscode.TextDocument, text: string, documents: SpecDocument[]): vscode.CodeLens[] {
    const lenses: vscode.CodeLens[] = [];
    for (const entry of runConfigEntries(documents, specPathOf(document))) {
      if (entry.embedded || !entry.target) continue;
      const position = document.positionAt(entry.anchor);
      lenses.push(new vscode.CodeLens(new vscode.Range(position, position), {
        title: previewViewStrings.codeLensPreview,
        tooltip: previewViewStrings.codeLensRefTooltip(entry.path),
        command: 'evalLens.previewFilters',
        arguments: [vscode.Uri.file(entry.target)],
      }));
    }
    for (const entry of datasetEntries(text, documents)) {
      const kind = entry.runConfigEntry?.kind;
      const lens = kind === 'generator' ? this.generatorDefinitionLens(document, entry) : this.generatorLens(document, entry) ?? this.datasetLens(document, entry);
      lenses.push(lens);
    }
    return lenses.sort((a, b) => a.range.start.compareTo(b.range.start));
  }

  /** "Preview" above a dataset's `source:` (else above the dataset), "Preview · N kept of M" once counted. */
  private datasetLens(document: vscode.TextDocument, entry: DatasetEntry): vscode.CodeLens {
    const position = document.positionAt(entry.sourceKeyRange?.start ?? entry.document.range.start);
    const known = this.cache.get(document.uri, document.version, entry.index);
    return new vscode.CodeLens(new vscode.Range(position, position), {
      title: known ? selectionFunnelViewStrings.codeLensCounted(known) : previewViewStrings.codeLensPreview,
      tooltip: previewViewStrings.codeLensPreviewTooltip,
      command: 'evalLens.previewFilters',
      arguments: [document.uri, entry.index],
    });
  }

  /** "Preview generator" above each definition of a generator definition file (docs/semantics.md §11.3). */
  private generatorDefinitionLenses(document: vscode.TextDocument, text: string, documents: SpecDocument[]): vscode.CodeLens[] {
    return datasetEntries(text, documents).map((entry) => this.generatorDefinitionLens(document, entry));
  }

  private generatorDefinitionLens(document: vscode.TextDocument, entry: DatasetEntry): vscode.CodeLens {
    const located = locate(entry.document, ['key']);
    const position = document.positionAt(located.exact && located.keyRange ? located.keyRange.start : entry.document.range.start);
    return new vscode.CodeLens(new vscode.Range(position, position), {
      title: previewGeneratorStrings.codeLens,
      tooltip: generatorRunStrings.codeLensTooltip,
      command: 'evalLens.previewFilters',
      arguments: [document.uri, entry.index],
    });
  }

  /** "Preview generator" above `generator_specification:` (a generated dataset has no rows to count). */
  private generatorLens(document: vscode.TextDocument, entry: DatasetEntry): vscode.CodeLens | undefined {
    const value = entry.document.value;
    if (!isRecord(value)) return undefined;
    // The older `dataset_generation_request` is a generator specification too (docs/semantics.md §11.4).
    const key = isRecord(value.generator_specification) ? 'generator_specification' : isRecord(value.dataset_generation_request) ? 'dataset_generation_request' : undefined;
    if (!key) return undefined;
    const located = locate(entry.document, [key]);
    if (!located.exact || !located.keyRange) return undefined;
    const position = document.positionAt(located.keyRange.start);
    return new vscode.CodeLens(new vscode.Range(position, position), {
      title: previewGeneratorStrings.codeLens,
      tooltip: previewGeneratorStrings.codeLensTooltip,
      command: 'evalLens.previewFilters',
      arguments: [document.uri, entry.index],
    });
  }

  private cancelBackground(uri: vscode.Uri): void {
    const key = uri.toString();
    const pending = this.pending.get(key);
    if (!pending) return;
    clearTimeout(pending.timer);
    pending.abort.abort();
    this.pending.delete(key);
  }

  private scheduleBackground(document: vscode.TextDocument, entries: DatasetEntry[]): void {
    if (this.pending.get(document.uri.toString())?.version === document.version) return;
    this.cancelBackground(document.uri);
    const abort = new AbortController();
    const uri = document.uri;
    const version = document.version;
    const specPath = uri.fsPath;
    const timer = setTimeout(() => void this.countInBackground(uri, version, specPath, entries, abort), BACKGROUND_DELAY_MS);
    this.pending.set(uri.toString(), { version, timer, abort });
  }

  private async countInBackground(uri: vscode.Uri, version: number, specPath: string, entries: DatasetEntry[], abort: AbortController): Promise<void> {
    for (const entry of entries) {
      if (abort.signal.aborted) return;
      try {
        const result = await preview(entry.document.value, {
          limit: 1, signal: abort.signal, specPath, confirmFetch: async () => false, workerScript: this.services.asset('dist', 'worker', 'rangeCount.js').fsPath,
        });
        if (abort.signal.aborted) return;
        SourceFactsCache.record(entry.document.value, specPath, result);
        this.cache.set(uri, entry.index, { version, total: result.total, matched: result.matched, complete: result.complete });
      } catch {
        // An invalid spec or unreadable source keeps the plain "Preview" lens; the view explains when opened.
        if (!abort.signal.aborted) this.failed.add(`${uri.toString()}#${version}#${entry.index}`);
      }
    }
    if (this.pending.get(uri.toString())?.abort === abort) this.pending.delete(uri.toString());
  }

  dispose(): void {
    for (const key of [...this.pending.keys()]) this.cancelBackground(vscode.Uri.parse(key));
    for (const d of this.disposables) d.dispose();
  }
}
