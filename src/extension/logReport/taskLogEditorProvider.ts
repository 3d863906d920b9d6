/**
 * The read-only custom editor `evalLens.taskLog`: a task result log as a report. The host parses the
 * file once (TaskLogDocument) and serves the webview pages on request (LogReportPanel).
 */
import * as vscode from 'vscode';
import type { RevealTarget } from '../../core/protocol/logReportProtocol';
import type { Services } from '../services';
import { TaskLogDocument } from './taskLogDocument';
import { LogReportPanel } from './logReportPanel';

export class TaskLogEditorProvider implements vscode.CustomReadonlyEditorProvider<TaskLogDocument> {
  static readonly viewType = 'evalLens.taskLog';
  private static instance: TaskLogEditorProvider | undefined;

  private readonly panels = new Map<string, Set<LogReportPanel>>();
  private readonly pendingReveals = new Map<string, RevealTarget>();

  private constructor(private readonly services: Services) {}

  static register(services: Services): vscode.Disposable {
    const provider = new TaskLogEditorProvider(services);
    TaskLogEditorProvider.instance = provider;
    return vscode.window.registerCustomEditorProvider(TaskLogEditorProvider.viewType, provider, {
      supportsMultipleEditorsPerDocument: true,
      webviewOptions: { retainContextWhenHidden: false, enableFindWidget: true },
    });
  }

  /**
   * Opens the report of `uri` at a sample: reveals it in an open report, or opens the editor with the
   * target handed to its `init`.
   */
  static async openAt(uri: vscode.Uri, target: RevealTarget | undefined): Promise<void> {
    const provider = TaskLogEditorProvider.instance;
    const open = provider?.panels.get(uri.toString());
    if (provider && target && open && open.size > 0) {
      const [panel] = open;
      panel.reveal(target);
      return;
    }
    if (provider && target) provider.pendingReveals.set(uri.toString(), target);
    await vscode.commands.executeCommand('vscode.openWith', uri, TaskLogEditorProvider.viewType);
  }

  openCustomDocument(uri: vscode.Uri): TaskLogDocument {
    return new TaskLogDocument(uri, this.services);
  }

  resolveCustomEditor(document: TaskLogDocument, webviewPanel: vscode.WebviewPanel): void {
    const key = document.uri.toString();
    const reveal = this.pendingReveals.get(key);
    this.pendingReveals.delete(key);
    const set = this.panels.get(key) ?? new Set<LogReportPanel>();
    this.panels.set(key, set);
    const panel: LogReportPanel = new LogReportPanel(document, webviewPanel, this.services, reveal, () => {
      set.delete(panel);
      if (set.size === 0) this.panels.delete(key);
    });
    set.add(panel);
  }
}
