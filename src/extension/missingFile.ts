import * as vscode from 'vscode';

/** Whether a file is gone (as opposed to there but unreadable, which its reader then reports). */
export async function isMissingFile(uri: vscode.Uri): Promise<boolean> {
  try {
    await vscode.workspace.fs.stat(uri);
    return false;
  } catch (error) {
    return error instanceof vscode.FileSystemError && error.code === 'FileNotFound';
  }
}
