import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';

/**
 * Removes a suite's temporary folder. The editor may still be writing into it just after its editors closed (the
 * folder is then not empty for a moment): the removal is tried again for a while instead of failing the suite.
 */
export function removeTempDir(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true, maxRetries: 20, retryDelay: 100 });
}

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
    removeTempDir(dir);
  });
  return () => dir;
}

/** A document's diagnostics that `keep` selects (default: Eval Lens's), once `ready` holds (event-driven, with a timeout). */
export async function diagnosticsWhen(
  uri: vscode.Uri,
  ready: (d: vscode.Diagnostic[]) => boolean,
  timeoutMs = 30_000,
  keep: (d: vscode.Diagnostic) => boolean = (d) => d.source === 'Eval Lens',
): Promise<vscode.Diagnostic[]> {
  const current = () => vscode.languages.getDiagnostics(uri).filter(keep);
  if (ready(current())) return current();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => { listener.dispose(); reject(new Error(`diagnostics not ready: ${JSON.stringify(current().map((d) => d.message))}`)); }, timeoutMs);
    const listener = vscode.languages.onDidChangeDiagnostics((event) => {
      if (!event.uris.some((u) => u.toString() === uri.toString()) || !ready(current())) return;
      clearTimeout(timer);
      listener.dispose();
      resolve(current());
    });
  });
}

/**
 * Sets the extension host's environment for a suite (this process is the host): `set` values, `unset` names
 * removed. Returns a function that puts every named variable back as it was.
 */
export function replaceEnvironment(set: Record<string, string>, unset: readonly string[]): () => void {
  const names = [...Object.keys(set), ...unset];
  const saved = new Map(names.map((name) => [name, process.env[name]]));
  Object.assign(process.env, set);
  for (const name of unset) delete process.env[name];
  return () => {
    for (const [name, value] of saved) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  };
}
