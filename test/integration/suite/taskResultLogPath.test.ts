import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { useTempDirAndFreshEditors, diagnosticsWhen } from '../suiteSupport';
import { examplesFolder } from '../logReportHelpers';


suite('task_result_log_path: lens, diagnostics, links and completion in any YAML file', () => {
  const tempDir = useTempDirAndFreshEditors('eval-lens-logpath-');

  test('the code lens verifies the named log; a missing file and a non-log file are diagnostics; the log is a link', async () => {
    const dir = tempDir();
    fs.mkdirSync(path.join(dir, 'logs'));
    fs.copyFileSync(path.join(examplesFolder(), 'logs/mismatch.tasklog.json'), path.join(dir, 'logs', 'run.json'));
    fs.writeFileSync(path.join(dir, 'logs', 'notes.json'), '{"title": "not a log"}');
    const file = path.join(dir, 'upload.yaml');
    fs.writeFileSync(file, 'tasks:\n  - name: first\n    task_result_log_path: logs/run.json\n  - name: second\n    task_result_log_path: logs/missing.json\n  - name: third\n    task_result_log_path: "logs/notes.json"\n');
    const uri = vscode.Uri.file(file);
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));

    const diagnostics = await diagnosticsWhen(uri, (d) => d.length === 2, 20_000, (d) => d.code === 'task_result_log_path');
    const byLine = diagnostics.sort((a, b) => a.range.start.line - b.range.start.line);
    assert.equal(byLine[0].range.start.line, 4);
    assert.match(byLine[0].message, /logs\/missing\.json does not exist/);
    assert.equal(byLine[0].severity, vscode.DiagnosticSeverity.Error);
    assert.equal(byLine[1].range.start.line, 6);
    assert.match(byLine[1].message, /logs\/notes\.json is not a valid task result log/);

    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri, 10);
    const ours = lenses.filter((l) => l.command?.command === 'evalLens.openLogReport');
    assert.deepEqual(ours.map((l) => [l.range.start.line, l.command?.title]), [[2, 'Open report · 4 metrics verified / 1 mismatch']]);
    assert.equal((ours[0].command?.arguments?.[0] as vscode.Uri).fsPath, path.join(dir, 'logs', 'run.json'));

    const links = await vscode.commands.executeCommand<vscode.DocumentLink[]>('vscode.executeLinkProvider', uri);
    // Each path opens the report (a missing one says so when followed).
    const targets = links.filter((l) => l.target?.scheme === 'command' && l.target.path === 'evalLens.openLogReport')
      .map((l) => [l.range.start.line, (JSON.parse(decodeURIComponent(l.target?.query ?? '')) as string[])[0]]);
    assert.deepEqual(targets, [[2, path.join(dir, 'logs', 'run.json')], [4, path.join(dir, 'logs', 'missing.json')], [6, path.join(dir, 'logs', 'notes.json')]]);
  });

  test('the value completes files and folders relative to the file', async () => {
    const dir = tempDir();
    fs.mkdirSync(path.join(dir, 'more'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'more', 'a.tasklog.json'), '{}');
    const file = path.join(dir, 'complete.yaml');
    fs.writeFileSync(file, 'task_result_log_path: more/\n');
    const uri = vscode.Uri.file(file);
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
    const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', uri, new vscode.Position(0, 'task_result_log_path: more/'.length));
    const labels = list.items.map((i) => (typeof i.label === 'string' ? i.label : i.label.label));
    assert.ok(labels.includes('a.tasklog.json'), labels.join(', '));
  });
});
