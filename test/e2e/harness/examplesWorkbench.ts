/**
 * The usual set-up of a browser test file: a copy of examples/ (the tests may change it; examples/ stays as it is)
 * opened in a real VS Code in the light theme before the file's tests, closed and removed after them.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before } from 'node:test';
import { repoRoot } from './repoRoot';
import { startWorkbench, Workbench } from './workbench';

export interface ExamplesWorkbench {
  /** The running workbench (set once the file's `before` has run). */
  workbench: Workbench;
  /** The folder VS Code has open: a copy of examples/. */
  workspace: string;
}

export function useExamplesWorkbench(tempPrefix: string): ExamplesWorkbench {
  const opened = {} as ExamplesWorkbench;
  before(async () => {
    opened.workspace = fs.mkdtempSync(path.join(os.tmpdir(), tempPrefix));
    fs.cpSync(path.join(repoRoot(), 'examples'), opened.workspace, { recursive: true });
    opened.workbench = await startWorkbench({ workspace: opened.workspace, settings: { 'workbench.colorTheme': 'Default Light Modern' } });
  }, { timeout: 180_000 });
  after(async () => {
    await opened.workbench?.close();
    if (opened.workspace) fs.rmSync(opened.workspace, { recursive: true, force: true });
  });
  return opened;
}
