import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';

/** What `evalLens.previewFilters` resolves to (see src/extension/preview/previewCommands.ts). */
interface PreviewSummary {
  total: number;
  matched: number;
  removedPerFilter: { index: number; label: string; removed: number; notComparable: number }[];
  notComparable: number;
  complete: boolean;
  warnings: number;
  rowsHeld: number;
}
type PreviewCommandResult = PreviewSummary | { error: string } | undefined;

function workspaceFile(relative: string): vscode.Uri {
  return vscode.Uri.file(path.join(vscode.workspace.workspaceFolders![0].uri.fsPath, relative));
}

async function previewSummary(...args: unknown[]): Promise<PreviewSummary> {
  const result = await vscode.commands.executeCommand<PreviewCommandResult>('evalLens.previewFilters', ...args);
  assert.ok(result, 'the command returns a summary');
  if ('error' in result) assert.fail(`the preview failed: ${result.error}`);
  return result;
}

async function lensTitles(uri: vscode.Uri): Promise<string[]> {
  const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri);
  return lenses.filter((l) => l.command?.command === 'evalLens.previewFilters').map((l) => l.command!.title);
}

/** Polls the code lens titles until `ready` holds (the background count fires a change event). */
async function waitForLenses(uri: vscode.Uri, ready: (titles: string[]) => boolean, timeoutMs = 15_000): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  let titles = await lensTitles(uri);
  while (!ready(titles)) {
    if (Date.now() > deadline) assert.fail(`code lenses not ready: ${JSON.stringify(titles)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    titles = await lensTitles(uri);
  }
  return titles;
}

suite('Preview: dataset filters in the editor', () => {
  let dir: string;
  let csvSpec: vscode.Uri;
  let streamSpec: vscode.Uri;

  suiteSetup(async () => {
    await vscode.extensions.getExtension('eval-lens.eval-lens')?.activate();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eval-lens-preview-'));
    // 12 rows: level 1..12, topic alternating math/code/prose; one row without a level.
    const lines = ['id,topic,level'];
    const topics = ['math', 'code', 'prose'];
    for (let i = 1; i <= 12; i++) lines.push(`${i},${topics[i % 3]},${i}`);
    lines.push('13,math,');
    fs.writeFileSync(path.join(dir, 'rows.csv'), lines.join('\n') + '\n');
    fs.writeFileSync(path.join(dir, 'rows.jsonl'), ['{"a":1}', '{"a":2}', 'not json', '{"a":3}'].join('\n') + '\n');
    fs.writeFileSync(path.join(dir, 'csv.dataset.yaml'), [
      'key: levels',
      'source:',
      '  type: local',
      '  file_path: rows.csv',
      '  filters:',
      '    - op: in',
      '      expression: "{{ sample.topic }}"',
      '      values: [math, code]',
      '    - op: greater_than',
      '      expression: "{{ sample.level }}"',
      '      value: 4',
      '',
    ].join('\n'));
    fs.writeFileSync(path.join(dir, 'stream.dataset.yaml'), [
      'key: all_rows',
      'source: {type: local, file_path: rows.csv}',
      '---',
      'key: json_rows',
      'display_name: JSON rows',
      'source:',
      '  type: local',
      '  file_path: rows.jsonl',
      '  filters:',
      '    - {op: greater_or_equal, expression: "{{ sample.a }}", value: 2}',
      '---',
      'key: broken',
      'source:',
      '  type: local',
      '  file_path: rows.csv',
      '  filters:',
      '    - {op: exists, expression: "{{ sample | upper }}"}',
      '',
    ].join('\n'));
    csvSpec = vscode.Uri.file(path.join(dir, 'csv.dataset.yaml'));
    streamSpec = vscode.Uri.file(path.join(dir, 'stream.dataset.yaml'));
  });

  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('counts rows through each filter and returns the funnel', async () => {
    const summary = await previewSummary(csvSpec);
    // topic in [math, code] keeps ids 1,3,4,6,7,9,10,12,13 (9); level > 4 keeps 6,7,9,10,12 (13 has no level).
    assert.equal(summary.total, 13);
    assert.equal(summary.matched, 5);
    assert.deepEqual(summary.removedPerFilter.map((s) => s.removed), [4, 4]);
    assert.equal(summary.removedPerFilter[1].notComparable, 1);
    assert.equal(summary.complete, true);
    assert.equal(summary.rowsHeld, 5);
  });

  test('previews the dataset a code lens names in a YAML stream', async () => {
    const summary = await previewSummary(streamSpec, 1);
    assert.equal(summary.total, 3, 'the line that is not JSON is skipped');
    assert.equal(summary.matched, 2);
    assert.equal(summary.warnings, 1);
  });

  test('an invalid filter expression is reported, not shown as an empty table', async () => {
    const result = await vscode.commands.executeCommand<PreviewCommandResult>('evalLens.previewFilters', streamSpec, 2);
    assert.ok(result && 'error' in result, 'the command reports an error');
    assert.match(result.error, /stream\.dataset\.yaml:17/);
  });

  test('the active editor is previewed when no argument is given', async () => {
    await vscode.window.showTextDocument(csvSpec);
    const summary = await previewSummary();
    assert.equal(summary.matched, 5);
  });

  test('code lenses sit on each source key and show the last count of this version', async () => {
    const document = await vscode.workspace.openTextDocument(streamSpec);
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', streamSpec);
    const preview = lenses.filter((l) => l.command?.command === 'evalLens.previewFilters');
    assert.deepEqual(preview.map((l) => l.range.start.line), [1, 5, 12]);
    assert.deepEqual(preview.map((l) => l.command!.arguments?.[1]), [0, 1, 2]);
    assert.ok(preview.every((l) => (l.command!.arguments?.[0] as vscode.Uri).toString() === document.uri.toString()));
    // The stream was previewed above, so the datasets without a known count are counted in the background.
    const titles = await waitForLenses(streamSpec, (t) => t[0] !== 'Preview' && t[1] !== 'Preview');
    assert.deepEqual(titles, ['Preview · 13 kept of 13', 'Preview · 2 kept of 3', 'Preview']);
  });

  test('an edit makes the count stale until it is counted again', async () => {
    const document = await vscode.workspace.openTextDocument(csvSpec);
    await previewSummary(csvSpec);
    assert.deepEqual(await waitForLenses(csvSpec, (t) => t[0] !== 'Preview'), ['Preview · 5 kept of 13']);
    const valueOffset = document.getText().indexOf('value: 4') + 'value: '.length;
    const replace = async (length: number, text: string) => {
      const edit = new vscode.WorkspaceEdit();
      edit.replace(csvSpec, new vscode.Range(document.positionAt(valueOffset), document.positionAt(valueOffset + length)), text);
      assert.equal(await vscode.workspace.applyEdit(edit), true);
    };
    await replace(1, '10');
    try {
      // level > 10 among the 9 math/code rows: id 12 only.
      assert.deepEqual(await waitForLenses(csvSpec, (t) => t[0] !== 'Preview · 5 kept of 13' && t[0] !== 'Preview'), ['Preview · 1 kept of 13']);
    } finally {
      await replace(2, '4');
      await document.save();
    }
  });

  test('code lenses follow the setting', async () => {
    const config = vscode.workspace.getConfiguration('evalLens');
    await config.update('codeLens.enabled', false, vscode.ConfigurationTarget.Global);
    try {
      assert.deepEqual(await waitForLenses(csvSpec, (t) => t.length === 0), []);
    } finally {
      await config.update('codeLens.enabled', undefined, vscode.ConfigurationTarget.Global);
    }
    assert.equal((await waitForLenses(csvSpec, (t) => t.length === 1)).length, 1);
  });

  test('a URL source is refused without a network request when fetching is off', async () => {
    const spec = path.join(dir, 'remote.dataset.yaml');
    fs.writeFileSync(spec, 'key: remote\nsource:\n  type: url\n  url: http://127.0.0.1:9/never.csv\n');
    const config = vscode.workspace.getConfiguration('evalLens');
    await config.update('preview.urlFetch', 'never', vscode.ConfigurationTarget.Global);
    try {
      const result = await vscode.commands.executeCommand<PreviewCommandResult>('evalLens.previewFilters', vscode.Uri.file(spec));
      assert.ok(result && 'error' in result);
      assert.match(result.error, /urlFetch.*never/);
    } finally {
      await config.update('preview.urlFetch', undefined, vscode.ConfigurationTarget.Global);
    }
    const lenses = await lensTitles(vscode.Uri.file(spec));
    assert.deepEqual(lenses, ['Preview'], 'a URL source is never counted for a code lens');
  });
});

suite('Preview: the example datasets', () => {
  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('local CSV: 40 rows → 20 → 12 → 3 kept', async () => {
    const summary = await previewSummary(workspaceFile('datasets/local-csv.dataset.yaml'));
    assert.equal(summary.total, 40);
    assert.equal(summary.matched, 3);
    assert.deepEqual(summary.removedPerFilter.map((s) => s.removed), [20, 8, 9]);
    assert.equal(summary.notComparable, 0);
  });

  test('local JSONL: null scores are removed as not comparable', async () => {
    const summary = await previewSummary(workspaceFile('datasets/local-jsonl.dataset.yaml'));
    assert.equal(summary.total, 40);
    assert.equal(summary.matched, 24);
    assert.deepEqual(summary.removedPerFilter.map((s) => [s.removed, s.notComparable]), [[10, 0], [0, 0], [6, 2]]);
  });

  test('folder of notes: only .md files (any case), front matter as columns', async () => {
    const summary = await previewSummary(workspaceFile('datasets/folder-notes.dataset.yaml'));
    // algebra.md, archive/history.MD, archive/low-priority.md, broken-front-matter.md, drafts.md, plain.md
    assert.equal(summary.total, 6);
    assert.deepEqual(summary.removedPerFilter.map((s) => s.removed), [3, 1, 0]);
    assert.equal(summary.matched, 2);
    assert.ok(summary.warnings >= 1, 'the broken front matter is reported');
  });

  test('the code lens of a previewed example shows its count', async () => {
    const uri = workspaceFile('datasets/local-csv.dataset.yaml');
    await previewSummary(uri);
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri);
    const preview = lenses.filter((l) => l.command?.command === 'evalLens.previewFilters');
    assert.equal(preview.length, 1);
    assert.equal(preview[0].range.start.line, 5, 'on the source key');
    assert.equal(preview[0].command!.title, 'Preview · 3 kept of 40');
  });
});
