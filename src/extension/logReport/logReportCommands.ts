/** Commands of the log report: open as report / as JSON, open at a sample, export as standalone HTML. */
import * as vscode from 'vscode';
import * as path from 'node:path';
import { CommandHandler } from '../commandHandler';
import type { Services } from '../services';
import { looksLikeLogJson } from '../../core/fileKind';
import { logPathStrings, logStrings as S } from '../../core/l10n/logStrings';
import { writeStandaloneReport } from '../../core/report/standaloneReportFile';
import { TaskLogEditorProvider } from './taskLogEditorProvider';
import { openLogSource } from '../../core/report/openLogSource';
import { hasZipMagic, isZipArchive } from '../../core/archive/zipMagic';
import { looksLikeInspectJsonText } from '../../core/inspect/inspectLog';

/** The log a command applies to: its URI argument (menus, links), else the active editor or report. */
export function targetUri(arg: unknown): vscode.Uri | undefined {
  if (arg instanceof vscode.Uri) return arg;
  if (typeof arg === 'string' && arg) return arg.includes('://') ? vscode.Uri.parse(arg) : vscode.Uri.file(arg);
  const tab = vscode.window.tabGroups.activeTabGroup.activeTab;
  const input = tab?.input;
  if (input instanceof vscode.TabInputCustom || input instanceof vscode.TabInputText) return input.uri;
  return vscode.window.activeTextEditor?.document.uri;
}

const SNIFF_BYTES = 8 * 1024 * 1024;

/**
 * Whether a file is a log the report opens: a task result log (its top level has `format_version` and `evidence`;
 * reads at most the first 8 MB), an Inspect `.eval` archive or an Inspect `.json` log (both by their content).
 */
export async function isLogFile(uri: vscode.Uri): Promise<boolean> {
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  if (open) return looksLikeLogJson(open.getText()) || looksLikeInspectJsonText(open.getText());
  if (uri.scheme === 'file' && isZipArchive(uri.fsPath)) return true;
  const bytes = await vscode.workspace.fs.readFile(uri);
  if (hasZipMagic(bytes)) return true;
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, SNIFF_BYTES)).toString('utf8');
  return looksLikeLogJson(text) || looksLikeInspectJsonText(text);
}

/** Whether a file is a zip archive (an Inspect `.eval` log): it is never opened as text. */
async function isArchive(uri: vscode.Uri): Promise<boolean> {
  if (uri.scheme === 'file') return isZipArchive(uri.fsPath);
  try {
    return hasZipMagic(await vscode.workspace.fs.readFile(uri));
  } catch {
    return false;
  }
}

function baseName(uri: vscode.Uri): string {
  return uri.path.slice(uri.path.lastIndexOf('/') + 1);
}

/** What to say when a log's path (a link, a code lens) names no file or a folder; undefined for a file. */
async function whyNotAFile(uri: vscode.Uri): Promise<string | undefined> {
  const shown = uri.scheme === 'file' ? uri.fsPath : uri.toString(true);
  try {
    const stat = await vscode.workspace.fs.stat(uri);
    return stat.type & vscode.FileType.Directory ? logPathStrings.isFolder(shown) : undefined;
  } catch (error) {
    return error instanceof vscode.FileSystemError && error.code === 'FileNotFound' ? logPathStrings.notFound(shown) : undefined;
  }
}

export const openLogReport: CommandHandler = async (_services, ...args) => {
  const uri = targetUri(args[0]);
  if (!uri) {
    void vscode.window.showInformationMessage(S.noActiveLog);
    return undefined;
  }
  const notThere = await whyNotAFile(uri);
  if (notThere) {
    void vscode.window.showWarningMessage(notThere);
    return undefined;
  }
  if (!(await isLogFile(uri))) {
    void vscode.window.showErrorMessage(S.notALogFile(baseName(uri)));
    return undefined;
  }
  await TaskLogEditorProvider.openAt(uri, undefined);
  return { uri: uri.toString(), viewType: TaskLogEditorProvider.viewType };
};

export const openLogAsJson: CommandHandler = async (_services, ...args) => {
  const uri = targetUri(args[0]);
  if (!uri) return undefined;
  if (await isArchive(uri)) {
    void vscode.window.showInformationMessage(S.archiveNotText(baseName(uri)));
    return undefined;
  }
  await vscode.commands.executeCommand('vscode.openWith', uri, 'default');
  return undefined;
};

function optionalIndex(value: unknown): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : undefined;
}

/** `evalLens.openLogAtSample(uri, sampleIndex, trialIndex?, runIndex?)`. */
export const openLogAtSample: CommandHandler = async (_services, ...args) => {
  const uri = targetUri(args[0]);
  const sampleIndex = optionalIndex(args[1]);
  if (!uri || sampleIndex === undefined) throw new Error(S.noActiveLog);
  await TaskLogEditorProvider.openAt(uri, { sampleIndex, trialIndex: optionalIndex(args[2]), runIndex: optionalIndex(args[3]) });
  return undefined;
};

/** Builds the standalone HTML of a log, asking where to save it (or writing to `args[1]` when given). */
export const exportLogReport: CommandHandler = async (services: Services, ...args) => {
  const uri = targetUri(args[0]);
  if (!uri || uri.scheme !== 'file') {
    void vscode.window.showInformationMessage(S.noActiveLog);
    return undefined;
  }
  let target = args[1] instanceof vscode.Uri ? args[1] : undefined;
  if (!target) {
    const defaultName = baseName(uri).replace(/\.(json|eval)$/i, '') + '.html';
    target = await vscode.window.showSaveDialog({ defaultUri: vscode.Uri.joinPath(uri, '..', defaultName), filters: { HTML: ['html'] }, saveLabel: S.exportSaveLabel });
    if (!target) return undefined;
  }
  const out = target;
  const written = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: S.exportSaveLabel }, async () => {
    const outcome = await openLogSource(uri.fsPath, {
      generation: 1,
      plan: { kind: 'worker', script: services.asset('dist', 'worker', 'logParse.js').fsPath, aboveBytes: services.config.logWorkerThresholdMB * 1024 * 1024 },
    });
    if (!outcome.ok) throw new Error(`${outcome.failure.message}${outcome.failure.line !== undefined ? ` (${S.loadErrorAt(outcome.failure.line, outcome.failure.column)})` : ''}`);
    try {
      return await writeStandaloneReport(outcome.source, services.asset('dist', 'webview').fsPath, out.fsPath);
    } finally {
      outcome.source.dispose();
    }
  });
  void vscode.window.showInformationMessage(S.exportDone(path.basename(out.fsPath)));
  return { file: out.fsPath, samples: written };
};
