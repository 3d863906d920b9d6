import * as vscode from 'vscode';
import { Services } from '../services';
import { validateText, ValidationResult } from '../../core/validation/validateText';
import { Diagnostic } from '../../core/validation/diagnostic';
import { isYamlOrJsonFileName } from '../../core/fileKind';
import { IncrementalSpecParser } from '../../core/yaml/incrementalSpecParser';
import { extensionStrings } from '../../core/l10n/extensionStrings';

const SEVERITY: Record<Diagnostic['severity'], vscode.DiagnosticSeverity> = {
  error: vscode.DiagnosticSeverity.Error,
  warning: vscode.DiagnosticSeverity.Warning,
  info: vscode.DiagnosticSeverity.Information,
};

/** Extra checks other parts of the extension add to the same pass (data-aware, workspace-wide). */
type ExtraCheck = (document: vscode.TextDocument, result: ValidationResult) => Promise<Diagnostic[]> | Diagnostic[];

function isCandidate(document: vscode.TextDocument): boolean {
  if (document.uri.scheme !== 'file' && document.uri.scheme !== 'untitled' && document.uri.scheme !== 'vscode-remote') return false;
  return isYamlOrJsonFileName(document.fileName) || document.languageId === 'yaml' || document.languageId === 'json' || document.languageId === 'jsonc';
}

function toVscodeDiagnostic(document: vscode.TextDocument, d: Diagnostic): vscode.Diagnostic {
  const range = new vscode.Range(document.positionAt(d.range.start), document.positionAt(d.range.end));
  const diagnostic = new vscode.Diagnostic(range, d.message, SEVERITY[d.severity]);
  diagnostic.source = 'Eval Lens';
  if (d.code) diagnostic.code = d.code;
  return diagnostic;
}

/**
 * Diagnostics for dataset specs, generator definitions, traces and connection configs, updated as the
 * user types (debounced). Keeps the latest validation per document version for other providers.
 */
export class SpecDiagnostics implements vscode.Disposable {
  static instance: SpecDiagnostics | undefined;
  private readonly collection = vscode.languages.createDiagnosticCollection('eval-lens');
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly results = new Map<string, { version: number; result: ValidationResult; diagnostics: Diagnostic[] }>();
  /** Per open document: its documents as last parsed, so an edit re-parses only the YAML document it touched. */
  private readonly parsers = new Map<string, IncrementalSpecParser>();
  private readonly extraChecks: ExtraCheck[] = [];
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  /** Fires after a document's diagnostics were recomputed. */
  readonly onDidValidate = this.changed.event;

  static register(services: Services): SpecDiagnostics {
    const provider = new SpecDiagnostics(services);
    SpecDiagnostics.instance = provider;
    const subs = services.context.subscriptions;
    subs.push(provider);
    subs.push(vscode.workspace.onDidOpenTextDocument((d) => provider.schedule(d, 0)));
    subs.push(vscode.workspace.onDidChangeTextDocument((e) => provider.schedule(e.document)));
    subs.push(vscode.workspace.onDidCloseTextDocument((d) => provider.forget(d.uri)));
    for (const document of vscode.workspace.textDocuments) provider.schedule(document, 0);
    return provider;
  }

  private constructor(private readonly services: Services) {}

  /** Adds a check that runs after the core validation of every recognised file. */
  addCheck(check: ExtraCheck): void {
    this.extraChecks.push(check);
    for (const document of vscode.workspace.textDocuments) this.schedule(document, 0);
  }

  /** The validation of the document's current version (computed now if needed). */
  resultFor(document: vscode.TextDocument): ValidationResult {
    const cached = this.results.get(document.uri.toString());
    if (cached && cached.version === document.version) return cached.result;
    const key = document.uri.toString();
    let parser = this.parsers.get(key);
    if (!parser) this.parsers.set(key, (parser = new IncrementalSpecParser()));
    const result = validateText(document.getText(), document.fileName, { parser, blankIsQuiet: true });
    this.results.set(key, { version: document.version, result, diagnostics: result.diagnostics });
    return result;
  }

  /** All diagnostics (core + extra checks) last published for the document. */
  diagnosticsFor(document: vscode.TextDocument): Diagnostic[] {
    return this.results.get(document.uri.toString())?.diagnostics ?? [];
  }

  schedule(document: vscode.TextDocument, delay = this.services.config.diagnosticsDebounceMs): void {
    if (!isCandidate(document)) return;
    const key = document.uri.toString();
    clearTimeout(this.timers.get(key));
    this.timers.set(key, setTimeout(() => { this.timers.delete(key); void this.validate(document); }, delay));
  }

  async validate(document: vscode.TextDocument): Promise<void> {
    if (document.isClosed) return;
    const version = document.version;
    let result: ValidationResult;
    try {
      result = this.resultFor(document);
    } catch (error) {
      this.services.output.error(extensionStrings.output.validationFailed(document.fileName, error instanceof Error ? error.stack ?? error.message : String(error)));
      return;
    }
    if (!result.kind && !result.runConfig) {
      this.collection.delete(document.uri);
      return;
    }
    const all = [...result.diagnostics];
    for (const check of this.extraChecks) {
      try {
        all.push(...(await check(document, result)));
      } catch (error) {
        this.services.output.warn(extensionStrings.output.checkFailed(document.fileName, error instanceof Error ? error.message : String(error)));
      }
    }
    if (document.version !== version || document.isClosed) return;
    this.results.set(document.uri.toString(), { version, result, diagnostics: all });
    this.collection.set(document.uri, all.map((d) => toVscodeDiagnostic(document, d)));
    this.changed.fire(document.uri);
  }

  private forget(uri: vscode.Uri): void {
    this.results.delete(uri.toString());
    this.parsers.delete(uri.toString());
    this.collection.delete(uri);
  }

  dispose(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.collection.dispose();
    this.changed.dispose();
  }
}
