/** Opening the file and line a preview row or warning came from. */
import * as vscode from 'vscode';
import type { PreviewLocation } from '../../core/protocol/previewProtocol';

/** Opens a data file (or the spec) at a location, beside the spec's editor when it is visible. */
export async function openPreviewLocation(location: PreviewLocation, specUri: vscode.Uri): Promise<void> {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(location.file)) return; // URL rows have no local file to open.
  const uri = vscode.Uri.file(location.file);
  const line = Math.max(0, (location.line ?? 1) - 1);
  const column = Math.max(0, (location.column ?? 1) - 1);
  const position = new vscode.Position(line, column);
  const specEditor = vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === specUri.toString());
  try {
    await vscode.window.showTextDocument(uri, {
      selection: new vscode.Range(position, position),
      viewColumn: specEditor?.viewColumn ?? vscode.ViewColumn.One,
      preview: true,
    });
  } catch (error) {
    void vscode.window.showErrorMessage(error instanceof Error ? error.message : String(error));
  }
}
