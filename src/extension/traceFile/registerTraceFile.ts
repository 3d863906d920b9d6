import * as vscode from 'vscode';
import type { Services } from '../services';
import { TraceFileEditorProvider } from './traceFileEditorProvider';
import { traceFileState } from './traceFileTestState';
import { openTraceAsJson, openTraceFile } from './traceFileCommands';

/**
 * Trace files: the custom editor, its two commands (open as Trace, open as JSON), and the internal command
 * `evalLens.internal.traceFileState` (what the editor served and rendered last; used by integration tests).
 */
export function registerTraceFile(services: Services): void {
  const run = (handler: (uri: unknown) => Promise<unknown>) => async (uri: unknown) => {
    try {
      return await handler(uri);
    } catch (error) {
      void vscode.window.showErrorMessage(error instanceof Error ? error.message : String(error));
      return undefined;
    }
  };
  services.context.subscriptions.push(
    TraceFileEditorProvider.register(services),
    vscode.commands.registerCommand('evalLens.openTraceFile', run(openTraceFile)),
    vscode.commands.registerCommand('evalLens.openTraceAsJson', run(openTraceAsJson)),
    vscode.commands.registerCommand('evalLens.internal.traceFileState', traceFileState),
  );
}
