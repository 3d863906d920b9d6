/**
 * `task_result_log_path` in any YAML or JSON file: path completion, a link to the log, a diagnostic when the file
 * is missing or not a valid task result log, and a code lens "Open report · N metrics verified / M mismatches"
 * (the metric verification of `eval-lens log verify`, read in the log worker for large logs, cached by mtime).
 */
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import { findLogPathReferences, LOG_PATH_KEY, LogPathReference, logPathAt } from '../../core/authoring/logPathReferences';
import { pathItems } from '../../core/authoring/pathCompletion';
import { checkLogPath, LogPathStatus } from '../../core/report/logPathCheck';
import { logPathStrings as S } from '../../core/l10n/logStrings';
import { resolveSourcePath } from '../../core/sources/sourcePaths';
import type { Services } from '../services';
import { listDirectory, SPEC_SELECTOR, specPathOf } from '../authoring/authoringSupport';

/** Texts longer than this are not scanned (VS Code does not hand larger files to extensions anyway). */
const MAX_SCANNED_CHARS = 10 * 1024 * 1024;
const DIAGNOSTIC_DELAY_MS = 300;

function referencesOf(document: vscode.TextDocument): LogPathReference[] {
  const text = document.getText();
  if (text.length > MAX_SCANNED_CHARS || !text.includes(LOG_PATH_KEY)) return [];
  return findLogPathReferences(text).filter((r) => r.value.trim() !== '');
}

function toRange(document: vscode.TextDocument, r: { start: number; end: number }): vscode.Range {
  return new vscode.Range(document.positionAt(r.start), document.positionAt(r.end));
}

function stamp(path: string): string {
  try {
    const info = fs.statSync(path);
    return `${info.mtimeMs}:${info.size}:${info.isDirectory()}`;
  } catch {
    return 'missing';
  }
}

/** Check results by file, reused while the file's modification time and size stay the same. */
class LogPathChecks {
  private readonly cache = new Map<string, { stamp: string; status: Promise<LogPathStatus> }>();

  constructor(private readonly services: Services) {}

  check(filePath: string): Promise<LogPathStatus> {
    const current = stamp(filePath);
    const cached = this.cache.get(filePath);
    if (cached && cached.stamp === current) return cached.status;
    const status = checkLogPath(filePath, {
      workerThresholdBytes: this.services.config.logWorkerThresholdMB * 1024 * 1024,
      workerScript: this.services.asset('dist', 'worker', 'logParse.js').fsPath,
    });
    this.cache.set(filePath, { stamp: current, status });
    return status;
  }
}

function target(document: vscode.TextDocument, reference: LogPathReference): string {
  return resolveSourcePath(reference.value.trim(), specPathOf(document));
}

function diagnosticOf(document: vscode.TextDocument, reference: LogPathReference, status: LogPathStatus): vscode.Diagnostic | undefined {
  const shown = reference.value.trim();
  let message: string | undefined;
  if (status.kind === 'missing') message = S.missing(shown);
  else if (status.kind === 'folder') message = S.folder(shown);
  else if (status.kind === 'invalid') message = S.notALog(shown, status.line !== undefined ? `${status.reason}; line ${status.line}` : status.reason);
  if (!message) return undefined;
  const diagnostic = new vscode.Diagnostic(toRange(document, reference.range), message, vscode.DiagnosticSeverity.Error);
  diagnostic.source = 'Eval Lens';
  diagnostic.code = LOG_PATH_KEY;
  return diagnostic;
}

class LogPathDiagnostics implements vscode.Disposable {
  private readonly collection = vscode.languages.createDiagnosticCollection('evalLens.taskResultLogPath');
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly versions = new Map<string, number>();

  constructor(private readonly checks: LogPathChecks) {}

  schedule(document: vscode.TextDocument, delay = DIAGNOSTIC_DELAY_MS): void {
    if (vscode.languages.match(SPEC_SELECTOR, document) === 0) return;
    const key = document.uri.toString();
    const pending = this.timers.get(key);
    if (pending) clearTimeout(pending);
    this.timers.set(key, setTimeout(() => {
      this.timers.delete(key);
      void this.run(document);
    }, delay));
  }

  private async run(document: vscode.TextDocument): Promise<void> {
    const key = document.uri.toString();
    const version = document.version;
    this.versions.set(key, version);
    const references = referencesOf(document);
    const diagnostics = (await Promise.all(references.map(async (r) => diagnosticOf(document, r, await this.checks.check(target(document, r))))))
      .filter((d): d is vscode.Diagnostic => d !== undefined);
    if (this.versions.get(key) !== version || document.isClosed) return;
    this.collection.set(document.uri, diagnostics);
  }

  forget(document: vscode.TextDocument): void {
    this.collection.delete(document.uri);
    this.versions.delete(document.uri.toString());
  }

  dispose(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.collection.dispose();
  }
}

class LogPathCompletionProvider implements vscode.CompletionItemProvider {
  provideCompletionItems(document: vscode.TextDocument, position: vscode.Position): vscode.CompletionItem[] | undefined {
    const text = document.getText();
    if (text.length > MAX_SCANNED_CHARS || !text.includes(LOG_PATH_KEY)) return undefined;
    const offset = document.offsetAt(position);
    const at = logPathAt(text, offset);
    if (!at) return undefined;
    return pathItems(text, offset, { prefix: at.prefix }, { specPath: specPathOf(document), listDirectory }, 'file', false).map((item) => {
      const result = new vscode.CompletionItem(item.label, item.kind === 'folder' ? vscode.CompletionItemKind.Folder : vscode.CompletionItemKind.File);
      result.insertText = item.insertText;
      result.range = toRange(document, item.range);
      result.sortText = item.sortText;
      if (item.detail) result.detail = item.detail;
      if (item.retrigger) result.command = { title: '', command: 'editor.action.triggerSuggest' };
      return result;
    });
  }
}

/**
 * Each path is a link that opens the log in the report editor, whatever its file name (docs/semantics.md §11.6); a
 * path naming no file still links, and following it says what is missing.
 */
class LogPathLinkProvider implements vscode.DocumentLinkProvider {
  provideDocumentLinks(document: vscode.TextDocument): vscode.DocumentLink[] {
    if (document.uri.scheme === 'untitled') return [];
    return referencesOf(document).map((reference) => {
      const file = target(document, reference);
      const link = new vscode.DocumentLink(toRange(document, reference.range), vscode.Uri.parse(`command:evalLens.openLogReport?${encodeURIComponent(JSON.stringify([file]))}`));
      link.tooltip = S.linkTooltip;
      return link;
    });
  }
}

class LogPathCodeLensProvider implements vscode.CodeLensProvider {
  constructor(private readonly checks: LogPathChecks) {}

  async provideCodeLenses(document: vscode.TextDocument, token: vscode.CancellationToken): Promise<vscode.CodeLens[]> {
    const lenses: vscode.CodeLens[] = [];
    for (const reference of referencesOf(document)) {
      const file = target(document, reference);
      const status = await this.checks.check(file);
      if (token.isCancellationRequested) return [];
      if (status.kind !== 'log') continue;
      lenses.push(new vscode.CodeLens(toRange(document, reference.keyRange), {
        title: S.lensOpen(status.verified, status.mismatches),
        tooltip: S.lensTooltip(status.notVerifiable),
        command: 'evalLens.openLogReport',
        arguments: [vscode.Uri.file(file)],
      }));
    }
    return lenses;
  }
}

export function registerLogPathProviders(services: Services): void {
  const checks = new LogPathChecks(services);
  const diagnostics = new LogPathDiagnostics(checks);
  const subs = services.context.subscriptions;
  subs.push(
    diagnostics,
    vscode.languages.registerCompletionItemProvider(SPEC_SELECTOR, new LogPathCompletionProvider(), '/', ' ', '"', "'"),
    vscode.languages.registerDocumentLinkProvider(SPEC_SELECTOR, new LogPathLinkProvider()),
    vscode.languages.registerCodeLensProvider(SPEC_SELECTOR, new LogPathCodeLensProvider(checks)),
    vscode.workspace.onDidOpenTextDocument((d) => diagnostics.schedule(d, 0)),
    vscode.workspace.onDidChangeTextDocument((e) => diagnostics.schedule(e.document)),
    vscode.workspace.onDidSaveTextDocument((d) => diagnostics.schedule(d, 0)),
    vscode.workspace.onDidCloseTextDocument((d) => diagnostics.forget(d)),
  );
  for (const document of vscode.workspace.textDocuments) diagnostics.schedule(document, 0);
}
