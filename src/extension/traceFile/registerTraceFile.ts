import * as vscode from 'vscode';
import type { Services } from '../services';
import { TraceFileEditorProvider } from './traceFileEditorProvider';
import { traceFileState } from './traceFileTestState';

/**
 * Trace files: the custom editor and the internal command `evalLens.internal.traceFileState` (what the editor
 * served and rendered last; used by integration tests). Its two commands are in the command table.
 */
export function registerTraceFile(services: Services): void {
  services.context.subscriptions.push(
    TraceFileEditorProvider.register(services),
    vscode.commands.registerCommand('evalLens.internal.traceFileState', traceFileState),
  );
}
