import * as vscode from 'vscode';
import { Services } from '../services';
import { TaskLogEditorProvider } from './taskLogEditorProvider';
import { LogReportUriHandler } from './logReportUriHandler';
import { logReportState } from './logReportTestState';

/**
 * The log report: the custom editor, the deep-link URI handler and the internal command
 * `evalLens.internal.logReportState` (what the report host served last; used by integration tests).
 */
export function registerLogReport(services: Services): void {
  services.context.subscriptions.push(
    TaskLogEditorProvider.register(services),
    vscode.window.registerUriHandler(new LogReportUriHandler()),
    vscode.commands.registerCommand('evalLens.internal.logReportState', logReportState),
  );
}
