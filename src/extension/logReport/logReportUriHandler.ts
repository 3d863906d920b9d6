/**
 * Deep links: `vscode://eval-lens.eval-lens/open?path=LOG&sample=N&trial=T&run=R` opens the report of LOG
 * (absolute, or relative to the first workspace folder) at sample N (trial T, run R).
 */
import * as vscode from 'vscode';
import * as path from 'node:path';
import { logStrings as S } from '../../core/l10n/logStrings';
import type { RevealTarget } from '../../core/protocol/logReportProtocol';
import { TaskLogEditorProvider } from './taskLogEditorProvider';
import { messageTap } from '../messageTap';
import { isMissingFile } from '../missingFile';

function index(params: URLSearchParams, name: string): number | undefined {
  const raw = params.get(name);
  if (raw === null || raw === '') return undefined;
  const n = Number(raw);
  return Number.isInteger(n) && n >= 0 ? n : undefined;
}

/** The log file and target of a deep link, or an error message. */
function parseLogDeepLink(uri: vscode.Uri): { file: vscode.Uri; target?: RevealTarget } | { error: string } {
  const params = new URLSearchParams(uri.query);
  const file = params.get('path');
  if (!file) return { error: S.uriMissingPath };
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  const fileUri = path.isAbsolute(file) || !folder ? vscode.Uri.file(file) : vscode.Uri.joinPath(folder, file);
  const sample = index(params, 'sample');
  if (sample === undefined) return { file: fileUri };
  return { file: fileUri, target: { sampleIndex: sample, trialIndex: index(params, 'trial'), runIndex: index(params, 'run') } };
}

export class LogReportUriHandler implements vscode.UriHandler {
  async handleUri(uri: vscode.Uri): Promise<void> {
    if (uri.path !== '/open') return;
    const link = parseLogDeepLink(uri);
    if ('error' in link) {
      this.refuse(uri, link.error);
      return;
    }
    if (await isMissingFile(link.file)) {
      this.refuse(link.file, S.uriFileNotFound(link.file.scheme === 'file' ? link.file.fsPath : link.file.toString()));
      return;
    }
    await TaskLogEditorProvider.openAt(link.file, link.target);
  }

  private refuse(uri: vscode.Uri, message: string): void {
    messageTap.note('logReport', uri.toString(), { type: 'deepLinkError', message });
    void vscode.window.showErrorMessage(message);
  }
}
