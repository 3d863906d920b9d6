import * as vscode from 'vscode';
import { configSpecKeys } from '../../core/validation/generatorTemplateCheck';
import { validateText, ValidationResult } from '../../core/validation/validateText';
import { FileKind, kindFromFileName, kindFromModeline } from '../../core/fileKind';
import { SpecDiagnostics } from './specDiagnostics';
import { Services } from '../services';

interface SpecFileFacts {
  kind: FileKind | undefined;
  /** `key`s of its documents. */
  keys: string[];
  /** For generator definitions: key → config_spec keys. */
  generators: { key: string; options: string[]; defaulted: string[] }[];
}

/** Every YAML/JSON file may be a spec (docs/semantics.md §1 recognises content and modelines, not only names). */
const PATTERN = '**/*.{yaml,yml,json}';
const EXCLUDE = '**/{node_modules,.git,.vscode-test}/**';
const MAX_FILES = 5000;
/** Larger files are data or logs, not specs. */
const MAX_SPEC_BYTES = 2_000_000;

function isSpecKind(kind: FileKind | undefined): boolean {
  return kind === 'dataset' || kind === 'generator';
}

/** A cheap test before parsing a file: could its name, modeline or content make it a dataset or generator? */
function mayBeSpec(fileName: string, text: string): boolean {
  if (kindFromFileName(fileName) !== undefined || kindFromModeline(text) !== undefined) return true;
  return /\bkey\b/.test(text) && /\b(source|generator_specification|declarative_dataset_generator|synthesizers?|data_source)\b/.test(text);
}

function factsOf(result: ValidationResult): SpecFileFacts {
  const keys: string[] = [];
  const generators: SpecFileFacts['generators'] = [];
  for (const value of result.values) {
    const key = typeof value === 'object' && value !== null ? (value as Record<string, unknown>).key : undefined;
    if (typeof key !== 'string') continue;
    keys.push(key);
    if (result.kind === 'generator') {
      const options = configSpecKeys(value);
      generators.push({ key, options: options.map((k) => k.key), defaulted: options.filter((k) => k.hasDefault).map((k) => k.key) });
    }
  }
  return { kind: result.kind, keys, generators };
}

/**
 * The dataset and generator spec files of the workspace, recognised as docs/semantics.md §1 says (by name, by a
 * modeline or by content; open documents included): dataset keys and generator definitions, kept fresh
 * by a watcher.
 */
export class WorkspaceSpecs implements vscode.Disposable {
  private static shared: WorkspaceSpecs | undefined;
  private readonly files = new Map<string, SpecFileFacts>();
  private scan: Promise<void> | undefined;
  private readonly disposables: vscode.Disposable[] = [];
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  /** Fires when a spec file changed, appeared or went away on disk. */
  readonly onDidChangeOnDisk = this.changed.event;

  static get(services: Services): WorkspaceSpecs {
    if (!WorkspaceSpecs.shared) {
      WorkspaceSpecs.shared = new WorkspaceSpecs();
      services.context.subscriptions.push(WorkspaceSpecs.shared);
    }
    return WorkspaceSpecs.shared;
  }

  private constructor() {
    const watcher = vscode.workspace.createFileSystemWatcher(PATTERN);
    const refresh = (uri: vscode.Uri) => void this.readFile(uri).then((changed) => {
      if (changed) this.changed.fire(uri);
    });
    const forget = (uri: vscode.Uri) => {
      if (this.store(uri, undefined)) this.changed.fire(uri);
    };
    this.disposables.push(this.changed, watcher, watcher.onDidCreate(refresh), watcher.onDidChange(refresh), watcher.onDidDelete(forget));
    this.disposables.push(vscode.workspace.onDidChangeTextDocument((e) => this.readDocument(e.document)));
    this.disposables.push(vscode.workspace.onDidCloseTextDocument((d) => { if (d.isUntitled) this.files.delete(d.uri.toString()); }));
  }

  /** Keeps the facts of a file that is a dataset or generator and forgets any other; true when that changed what is known. */
  private store(uri: vscode.Uri, facts: SpecFileFacts | undefined): boolean {
    const key = uri.toString();
    if (facts && isSpecKind(facts.kind)) {
      this.files.set(key, facts);
      return true;
    }
    return this.files.delete(key);
  }

  /** Reads a file from disk (or its open document); true when what is known of the workspace's specs changed. */
  private async readFile(uri: vscode.Uri): Promise<boolean> {
    const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    if (open) return this.readDocument(open);
    try {
      if ((await vscode.workspace.fs.stat(uri)).size > MAX_SPEC_BYTES) return this.store(uri, undefined);
      const text = new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
      return this.store(uri, mayBeSpec(uri.path, text) ? factsOf(validateText(text, uri.fsPath)) : undefined);
    } catch {
      return this.store(uri, undefined);
    }
  }

  /** Takes an open document's facts from the diagnostics pass's validation of its current version. */
  readDocument(document: vscode.TextDocument): boolean {
    if (!/\.(ya?ml|json)$/i.test(document.fileName) && document.languageId !== 'yaml' && document.languageId !== 'json') return false;
    const result = SpecDiagnostics.instance?.resultFor(document) ?? validateText(document.getText(), document.fileName);
    return this.store(document.uri, factsOf(result));
  }

  /** Resolves once the workspace was scanned (first call starts the scan). */
  ready(): Promise<void> {
    this.scan ??= (async () => {
      const uris = await vscode.workspace.findFiles(PATTERN, EXCLUDE, MAX_FILES);
      await Promise.all(uris.map((uri) => this.readFile(uri)));
      for (const d of vscode.workspace.textDocuments) this.readDocument(d);
    })();
    return this.scan;
  }

  /** The generator definition with this key: its file and options. */
  generator(key: string): { uri: vscode.Uri; options: string[]; defaulted: string[] } | undefined {
    for (const [uri, facts] of this.files) {
      const found = facts.generators.find((g) => g.key === key);
      if (found) return { uri: vscode.Uri.parse(uri), options: found.options, defaulted: found.defaulted };
    }
    return undefined;
  }

  /** Dataset files other than `except` that use this dataset key. */
  datasetFilesWithKey(key: string, except: vscode.Uri): vscode.Uri[] {
    const out: vscode.Uri[] = [];
    for (const [uri, facts] of this.files) {
      if (uri !== except.toString() && facts.kind === 'dataset' && facts.keys.includes(key)) out.push(vscode.Uri.parse(uri));
    }
    return out;
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}
