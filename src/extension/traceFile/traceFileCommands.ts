/** Open a JSON file as a Trace (any file whose top level is a Trace), or a Trace editor's file as JSON. */
import * as vscode from 'vscode';
import { targetUri } from '../logReport/logReportCommands';
import { readTraceJson } from '../../core/trace/traceFile';
import { tracesOfPlatformExport } from '../../core/sources/platformTraceExport';
import { traceFileStrings as S } from '../../core/l10n/traceStrings';
import { TraceFileEditorProvider } from './traceFileEditorProvider';

export async function openTraceFile(arg: unknown): Promise<unknown> {
  const uri = targetUri(arg);
  if (!uri) return undefined;
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  const text = open ? open.getText() : new TextDecoder('utf-8').decode(await vscode.workspace.fs.readFile(uri));
  const name = vscode.workspace.asRelativePath(uri);
  if (!readTraceJson(text, name, (value) => tracesOfPlatformExport(value, uri.toString())).ok) {
    void vscode.window.showErrorMessage(S.openTraceCommandNotTrace(name));
    return undefined;
  }
  await vscode.commands.executeCommand('vscode.openWith', uri, TraceFileEditorProvider.viewType);
  return { uri: uri.toString(), viewType: TraceFileEditorProvider.viewType };
}

export async function openTraceAsJson(arg: unknown): Promise<unknown> {
  const uri = targetUri(arg);
  if (uri) await vscode.commands.executeCommand('vscode.openWith', uri, 'default');
  return undefined;
}
