import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';

/**
 * For a suite of editor tests: a temporary folder for the suite's files, and no editor left open
 * before each test or after the suite. Returns a getter for the folder.
 */
export function useTempDirAndFreshEditors(prefix: string): () => string {
  let dir = '';
  suiteSetup(async () => {
    await vscode.extensions.getExtension('eval-lens.eval-lens')?.activate();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  });
  setup(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    fs.rmSync(dir, { recursive: true, force: true });
  });
  return () => dir;
}
