import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { useTempDirAndFreshEditors, diagnosticsWhen } from '../suiteSupport';


function hoverText(hovers: vscode.Hover[]): string {
  return hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : 'value' in c ? c.value : ''))).join('\n');
}

suite('Source authoring: hovers, completion and diagnostics of the other sources', () => {
  const tempDir = useTempDirAndFreshEditors('eval-lens-sources-');

  test('a trace platform source: hover lists its columns; filters, a bad time and limit 0 are diagnostics', async () => {
    const file = path.join(tempDir(), 'traces.dataset.yaml');
    fs.writeFileSync(file, 'key: traces\ndisplay_name: Traces\nsource:\n  type: trace_platform_b\n  project: demo\n  from_time: last monday\n  limit: 0\n  filters:\n    - expression: "{{ sample.name }}"\n      op: exists\n');
    const uri = vscode.Uri.file(file);
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
    const diagnostics = await diagnosticsWhen(uri, (d) => d.length === 3);
    const byLine = diagnostics.sort((a, b) => a.range.start.line - b.range.start.line).map((d) => [d.range.start.line, d.message]);
    assert.match(String(byLine[0][1]), /`from_time`: "last monday" is not an ISO 8601 time/);
    assert.match(String(byLine[1][1]), /`limit` must be at least 1/);
    assert.match(String(byLine[2][1]), /the `trace_platform_b` source takes no `filters`/);
    assert.deepEqual(byLine.map((d) => d[0]), [5, 6, 7]);
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', uri, new vscode.Position(3, 4));
    const text = hoverText(hovers);
    assert.match(text, /`observation_count`/);
    assert.match(text, /`session_id`/);
  });

  test('path of an eval_logs source completes folders and files; a missing path is a diagnostic', async () => {
    const dir = tempDir();
    fs.mkdirSync(path.join(dir, 'eval-runs'), { recursive: true });
    const file = path.join(dir, 'evals.dataset.yaml');
    fs.writeFileSync(file, 'key: evals\ndisplay_name: Evals\nsource:\n  type: eval_logs\n  path: no-such-folder\n');
    const uri = vscode.Uri.file(file);
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
    const diagnostics = await diagnosticsWhen(uri, (d) => d.some((x) => /no-such-folder does not exist/.test(x.message)));
    assert.equal(diagnostics.find((x) => /does not exist/.test(x.message))?.range.start.line, 4);
    const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', uri, new vscode.Position(4, '  path: '.length));
    const labels = list.items.map((i) => (typeof i.label === 'string' ? i.label : i.label.label));
    assert.ok(labels.includes('eval-runs/'), labels.join(', '));
  });
});
