import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import * as vscode from 'vscode';

/** What `evalLens.previewFilters` resolves to (see src/extension/preview/previewCommands.ts). */
interface PreviewSummary {
  total: number;
  matched: number;
  removedPerFilter: { index: number; label: string; removed: number; notComparable: number }[];
  complete: boolean;
  warnings: number;
  rowsHeld: number;
}

function workspaceFile(relative: string): vscode.Uri {
  return vscode.Uri.file(path.join(vscode.workspace.workspaceFolders![0].uri.fsPath, relative));
}

suite('Preview: coding-agent sessions', () => {
  suiteSetup(async () => {
    await vscode.extensions.getExtension('eval-lens.eval-lens')?.activate();
  });
  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('the example sessions: 3 sessions → 2 from 2026-11-01, the sub-agent folded into its session', async () => {
    const result = await vscode.commands.executeCommand<PreviewSummary | { error: string } | undefined>(
      'evalLens.previewFilters', workspaceFile('datasets/agent-sessions.dataset.yaml'), 0,
    );
    assert.ok(result, 'the command returns a summary');
    if ('error' in result) assert.fail(`the preview failed: ${result.error}`);
    assert.equal(result.total, 3, 'the sub-agent file is not a session of its own');
    assert.equal(result.matched, 2);
    assert.deepEqual(result.removedPerFilter.map((step) => [step.label, step.removed]), [['from 2026-11-01', 1]]);
    assert.equal(result.complete, true);
    assert.equal(result.warnings, 0);
    assert.equal(result.rowsHeld, 2);
  });
});
