/** Commands that open a comparison: from the palette (pick logs), the explorer (selected logs), a log report ("Compare with…"). */
import * as vscode from 'vscode';
import * as path from 'node:path';
import type { CommandHandler } from '../commandHandler';
import { compareStrings as S } from '../../core/l10n/compareStrings';
import { isLogFile, targetUri } from '../logReport/logReportCommands';
import { ComparePanel } from './comparePanel';

const LOG_GLOB = '**/{*.tasklog.json,*.task-result-log.json,task_result_log.json}';

function uriList(value: unknown): vscode.Uri[] {
  return Array.isArray(value) ? value.filter((v): v is vscode.Uri => v instanceof vscode.Uri) : [];
}

/** Log files of the workspace, as quick pick items (the `exclude` one left out). */
async function logItems(exclude?: vscode.Uri): Promise<(vscode.QuickPickItem & { uri?: vscode.Uri })[]> {
  const found = await vscode.workspace.findFiles(LOG_GLOB, '**/node_modules/**', 500);
  const items: (vscode.QuickPickItem & { uri?: vscode.Uri })[] = found
    .filter((u) => u.toString() !== exclude?.toString())
    .sort((a, b) => a.fsPath.localeCompare(b.fsPath))
    .map((uri) => ({ label: path.basename(uri.fsPath), description: vscode.workspace.asRelativePath(path.dirname(uri.fsPath)), uri }));
  items.push({ label: S.browse, alwaysShow: true });
  return items;
}

async function browse(many: boolean): Promise<vscode.Uri[]> {
  return (await vscode.window.showOpenDialog({ canSelectMany: many, filters: { JSON: ['json'] }, openLabel: S.compareButton })) ?? [];
}

/**
 * Both steps of the pick stay open when focus moves (a report still loading behind them may take it as it finishes):
 * they end on a choice or on Escape.
 */
const KEEP_OPEN = { ignoreFocusOut: true } as const;

async function pickBaseline(): Promise<vscode.Uri | undefined> {
  const picked = await vscode.window.showQuickPick(logItems(), { title: S.pickBaseline, placeHolder: S.pickBaseline, ...KEEP_OPEN });
  if (!picked) return undefined;
  return picked.uri ?? (await browse(false))[0];
}

async function pickCandidates(baseline: vscode.Uri): Promise<vscode.Uri[]> {
  const picked = await vscode.window.showQuickPick(logItems(baseline), { title: S.pickCandidates(path.basename(baseline.fsPath)), canPickMany: true, ...KEEP_OPEN });
  if (!picked || picked.length === 0) return [];
  const uris = picked.flatMap((p) => (p.uri ? [p.uri] : []));
  return picked.some((p) => !p.uri) ? [...uris, ...(await browse(true))] : uris;
}

async function openComparison(services: Parameters<CommandHandler>[0], uris: vscode.Uri[]): Promise<unknown> {
  if (uris.length < 2) {
    void vscode.window.showInformationMessage(S.needTwoLogs);
    return undefined;
  }
  for (const uri of uris) {
    if (!(await isLogFile(uri))) {
      void vscode.window.showErrorMessage(S.notALog(path.basename(uri.fsPath)));
      return undefined;
    }
  }
  ComparePanel.open(services, uris);
  return { files: uris.map((u) => u.toString()) };
}

/**
 * `evalLens.compareLogs`: from the explorer with two or more selected logs (the first selected is the
 * baseline), with URIs from code, or from the palette (pick a baseline, then the candidates).
 */
export const compareLogs: CommandHandler = async (services, ...args) => {
  const selected = uriList(args[1]);
  if (selected.length >= 2) return openComparison(services, selected);
  const given = uriList(args[0]);
  if (given.length >= 2) return openComparison(services, given);
  const first = await pickBaseline();
  if (!first) return undefined;
  return openComparison(services, [first, ...(await pickCandidates(first))]);
};

/** `evalLens.compareWith`: the log of the active report (or the given one) is the baseline; pick the candidates. */
export const compareWith: CommandHandler = async (services, ...args) => {
  const baseline = targetUri(args[0]);
  if (!baseline) {
    void vscode.window.showInformationMessage(S.needTwoLogs);
    return undefined;
  }
  const candidates = uriList(args[1]);
  return openComparison(services, [baseline, ...(candidates.length ? candidates : await pickCandidates(baseline))]);
};
