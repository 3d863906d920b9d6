import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import * as vscode from 'vscode';

/** What `evalLens.previewFilters` resolves to (see src/extension/preview/previewCommands.ts). */
interface PreviewSummary {
  total: number;
  matched: number;
  removedPerFilter: { index: number; label: string; removed: number }[];
  complete: boolean;
  warnings: number;
  rowsHeld: number;
}

suite('Preview: evaluation logs', () => {
  suiteSetup(async () => {
    await vscode.extensions.getExtension('eval-lens.eval-lens')?.activate();
  });
  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('the example .eval log previews one row per sample and epoch, every row held, no warnings', async () => {
    const spec = vscode.Uri.file(path.join(vscode.workspace.workspaceFolders![0].uri.fsPath, 'datasets', 'eval-logs.dataset.yaml'));
    const result = await vscode.commands.executeCommand<PreviewSummary | { error: string } | undefined>('evalLens.previewFilters', spec);
    assert.ok(result, 'the command returns a summary');
    if ('error' in result) assert.fail(`the preview failed: ${result.error}`);
    assert.equal(result.total, 10);
    assert.equal(result.matched, 10);
    assert.equal(result.complete, true);
    assert.equal(result.warnings, 0);
    assert.equal(result.rowsHeld, 10);
    assert.deepEqual(result.removedPerFilter, []);
  });
});
