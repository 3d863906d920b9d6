import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import * as vscode from 'vscode';

/** What `evalLens.previewFilters` resolves to (see src/extension/preview/previewSummary.ts). */
interface PreviewSummary {
  total: number;
  matched: number;
  removedPerFilter: { index: number; field?: string; label: string; removed: number }[];
  complete: boolean;
  selection?: boolean;
  recordNoun?: string;
  countedBy?: string;
  lowerBound?: boolean;
  funnel?: string;
}

function workspaceFile(relative: string): vscode.Uri {
  return vscode.Uri.file(path.join(vscode.workspace.workspaceFolders![0].uri.fsPath, relative));
}

async function previewOf(relative: string, index: number): Promise<PreviewSummary> {
  const result = await vscode.commands.executeCommand<PreviewSummary | { error: string } | undefined>('evalLens.previewFilters', workspaceFile(relative), index);
  assert.ok(result, 'the command returns a summary');
  if ('error' in result) assert.fail(`the preview failed: ${result.error}`);
  return result;
}

suite('Preview: the selection funnel in the command result', () => {
  suiteSetup(async () => {
    await vscode.extensions.getExtension('eval-lens.eval-lens')?.activate();
  });
  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('a sessions source says its records and its funnel in words, each step with its field', async () => {
    const result = await previewOf('datasets/agent-sessions.dataset.yaml', 0);
    assert.equal(result.selection, true);
    assert.equal(result.recordNoun, 'sessions');
    assert.equal(result.funnel, '3 sessions → 2 from 2026-11-01');
    assert.deepEqual(result.removedPerFilter.map((step) => [step.field, step.removed]), [['from_time', 1]]);
    assert.equal(result.lowerBound, undefined, 'an exact count is no lower bound');
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', workspaceFile('datasets/agent-sessions.dataset.yaml'));
    const titles = lenses.filter((lens) => lens.command?.command === 'evalLens.previewFilters').map((lens) => lens.command!.title);
    assert.equal(titles[0], 'Preview · 2 sessions kept of 3', 'the code lens says sessions too');
  });

  test('a filter funnel keeps its result as it was', async () => {
    const result = await previewOf('datasets/local-csv.dataset.yaml', 0);
    assert.deepEqual(Object.keys(result).sort(), ['complete', 'matched', 'notComparable', 'removedPerFilter', 'rowsHeld', 'total', 'warnings']);
  });
});
