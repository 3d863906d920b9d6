import * as vscode from 'vscode';
import { Services } from '../services';
import { TaskLogEditorProvider } from './taskLogEditorProvider';
import { LogReportUriHandler } from './logReportUriHandler';

/** The log report: the custom editor and the deep-link URI handler. */
export function registerLogReport(services: Services): void {
  services.context.subscriptions.push(
    TaskLogEditorProvider.register(services),
    vscode.window.registerUriHandler(new LogReportUriHandler()),
  );
}
