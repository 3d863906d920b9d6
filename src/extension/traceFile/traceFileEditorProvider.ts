/** The read-only custom editor `evalLens.traceFile`: a Trace file as a conversation (same renderer as the log report). */
import * as vscode from 'vscode';
import type { Services } from '../services';
import { TraceFileDocument } from './traceFileDocument';
import { TraceFilePanel } from './traceFilePanel';

export class TraceFileEditorProvider implements vscode.CustomReadonlyEditorProvider<TraceFileDocument> {
  static readonly viewType = 'evalLens.traceFile';

  private constructor(private readonly services: Services) {}

  static register(services: Services): vscode.Disposable {
    return vscode.window.registerCustomEditorProvider(TraceFileEditorProvider.viewType, new TraceFileEditorProvider(services), {
      supportsMultipleEditorsPerDocument: true,
      webviewOptions: { retainContextWhenHidden: false, enableFindWidget: true },
    });
  }

  openCustomDocument(uri: vscode.Uri): TraceFileDocument {
    return new TraceFileDocument(uri);
  }

  resolveCustomEditor(document: TraceFileDocument, webviewPanel: vscode.WebviewPanel): void {
    const panel = new TraceFilePanel(document, webviewPanel, this.services, () => undefined);
    void panel;
  }
}
