import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import * as vscode from 'vscode';

function workspaceFile(relative: string): vscode.Uri {
  return vscode.Uri.file(path.join(vscode.workspace.workspaceFolders![0].uri.fsPath, relative));
}

function isPreviewTab(tab: vscode.Tab): boolean {
  return tab.input instanceof vscode.TabInputWebview && tab.input.viewType.endsWith('evalLens.preview');
}

/** The groups that hold preview tabs, as their number of preview tabs, once `ready` holds (the tab model follows the host). */
async function previewGroupsWhen(ready: (counts: number[]) => boolean, timeoutMs = 10_000): Promise<number[]> {
  const counts = () => vscode.window.tabGroups.all.map((group) => group.tabs.filter(isPreviewTab).length).filter((n) => n > 0);
  if (ready(counts())) return counts();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      listener.dispose();
      resolve(counts());
    }, timeoutMs);
    const listener = vscode.window.tabGroups.onDidChangeTabs(() => {
      if (!ready(counts())) return;
      clearTimeout(timer);
      listener.dispose();
      resolve(counts());
    });
  });
}

suite('Preview: one preview group', () => {
  suiteSetup(async () => {
    await vscode.extensions.getExtension('eval-lens.eval-lens')?.activate();
  });

  setup(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('three previews share one group beside the spec, as the Markdown preview does', async () => {
    const specs = ['datasets/local-csv.dataset.yaml', 'datasets/local-jsonl.dataset.yaml', 'datasets/folder-notes.dataset.yaml'];
    await vscode.window.showTextDocument(workspaceFile(specs[0]), { viewColumn: vscode.ViewColumn.One });
    for (const spec of specs) {
      const result = await vscode.commands.executeCommand<{ error?: string } | undefined>('evalLens.previewFilters', workspaceFile(spec));
      assert.ok(result && !('error' in result && result.error), `${spec} is previewed`);
    }
    const groups = await previewGroupsWhen((counts) => counts.length === 1 && counts[0] === 3);
    const layout = vscode.window.tabGroups.all.map((g) => `${g.viewColumn}:[${g.tabs.map((t) => `${t.label}(${t.input instanceof vscode.TabInputWebview ? t.input.viewType : typeof t.input})`).join(', ')}]`).join(' ');
    assert.deepEqual(groups, [3], `all three previews are tabs of one group (${layout})`);
    assert.equal(vscode.window.tabGroups.all.length, 2, 'the spec and one preview group: the editor is split once');
  });
});

suite('Preview: generated datasets', () => {
  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('a generated dataset has a "Preview generator" lens on generator_specification', async () => {
    const uri = workspaceFile('datasets/generated.dataset.yaml');
    await vscode.window.showTextDocument(uri);
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri);
    const preview = lenses.filter((l) => l.command?.command === 'evalLens.previewFilters');
    assert.deepEqual(preview.map((l) => [l.command?.title, l.range.start.line]), [['Preview generator', 5]]);
  });

  test('a generated dataset previews its workspace generator instead of failing', async () => {
    interface GeneratorResult { generator?: { generatorKey: string; numSamples?: number; definition?: { file: string }; columns: { name: string }[]; prompts: { text: string }[] }; error?: string }
    const result = await vscode.commands.executeCommand<GeneratorResult | undefined>('evalLens.previewFilters', workspaceFile('datasets/generated.dataset.yaml'));
    assert.ok(result?.generator, `the generator is previewed (got ${JSON.stringify(result)})`);
    assert.equal(result.generator.generatorKey, 'qa-generator');
    assert.equal(result.generator.numSamples, 50);
    assert.match(result.generator.definition?.file ?? '', /qa-generator\.generator\.yaml$/);
    assert.deepEqual(result.generator.columns.map((c) => c.name), ['question', 'answer']);
    assert.ok(result.generator.prompts.some((p) => p.text === 'Write one medium question about SQL joins, with its answer.'));
  });
});
