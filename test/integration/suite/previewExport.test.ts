import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { useTempDirAndFreshEditors } from '../suiteSupport';

/** What the preview's "Export kept rows…" path resolves to (src/extension/preview/exportKeptRowsCommand.ts). */
type ExportResult = { file: string; rows: number } | { cancelled: true } | { error: string } | undefined;

function exportRows(spec: vscode.Uri, index: number, out: vscode.Uri): Thenable<ExportResult> {
  return vscode.commands.executeCommand<ExportResult>('evalLens.internal.exportKeptRows', spec, index, out);
}

suite('Preview: export kept rows', function () {
  this.timeout(90_000);
  const tempDir = useTempDirAndFreshEditors('eval-lens-export-');

  function writeSpec(name: string, lines: string[]): vscode.Uri {
    const file = path.join(tempDir(), name);
    fs.writeFileSync(file, lines.join('\n') + '\n');
    return vscode.Uri.file(file);
  }

  suiteSetup(() => {
    const rows = Array.from({ length: 3000 }, (_, i) => JSON.stringify({ id: i, topic: ['math', 'code', 'prose'][i % 3], text: `row ${i}, "quoted"` }));
    fs.writeFileSync(path.join(tempDir(), 'rows.jsonl'), rows.join('\n') + '\n');
  });

  test('writes every kept row of the chosen dataset, beyond the rows the view holds, as JSONL and CSV', async () => {
    const spec = writeSpec('two.dataset.yaml', [
      'key: everything', 'display_name: Everything', 'source: {type: local, file_path: rows.jsonl}', '---',
      'key: math_only', 'display_name: Math', 'source:', '  type: local', '  file_path: rows.jsonl', '  filters:',
      '    - expression: "{{ sample.topic }}"', '      op: equals', '      value: math',
    ]);
    const jsonl = vscode.Uri.file(path.join(tempDir(), 'math.jsonl'));
    const result = await exportRows(spec, 1, jsonl);
    assert.deepEqual(result, { file: jsonl.fsPath, rows: 1000 });
    const ids = fs.readFileSync(jsonl.fsPath, 'utf8').trimEnd().split('\n').map((l) => (JSON.parse(l) as { id: number }).id);
    assert.deepEqual(ids, Array.from({ length: 1000 }, (_, i) => 3 * i));
    const csv = vscode.Uri.file(path.join(tempDir(), 'all.csv'));
    assert.deepEqual(await exportRows(spec, 0, csv), { file: csv.fsPath, rows: 3000 });
    const lines = fs.readFileSync(csv.fsPath, 'utf8').split('\r\n');
    assert.equal(lines[0], 'id,topic,text');
    assert.equal(lines[2], '1,code,"row 1, ""quoted"""');
  });

  test('an invalid dataset writes nothing and says where the problem is', async () => {
    const spec = writeSpec('broken.dataset.yaml', ['key: broken', 'display_name: Broken', 'source: {type: local}']);
    const out = vscode.Uri.file(path.join(tempDir(), 'never.jsonl'));
    fs.writeFileSync(out.fsPath, 'kept as it was\n');
    const result = await exportRows(spec, 0, out);
    assert.ok(result && 'error' in result, JSON.stringify(result));
    assert.match(result.error, /^broken\.dataset\.yaml:3: .*file_path/);
    assert.equal(fs.readFileSync(out.fsPath, 'utf8'), 'kept as it was\n');
  });

  test('a source that cannot be read leaves the old output in place', async () => {
    const spec = writeSpec('missing.dataset.yaml', ['key: missing', 'display_name: Missing', 'source: {type: local, file_path: nowhere.jsonl}']);
    const out = vscode.Uri.file(path.join(tempDir(), 'old.jsonl'));
    fs.writeFileSync(out.fsPath, 'old\n');
    const result = await exportRows(spec, 0, out);
    assert.ok(result && 'error' in result);
    assert.match(result.error, /nowhere\.jsonl/);
    assert.equal(fs.readFileSync(out.fsPath, 'utf8'), 'old\n');
    assert.deepEqual(fs.readdirSync(tempDir()).filter((n) => n.endsWith('.part')), []);
  });

  test('a spec nested too deep opens a preview that says so, with the line; export refuses it', async () => {
    const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
    const spec = writeSpec('deep.dataset.yaml', ['key: deep', 'display_name: Deep', 'source: {type: local, file_path: rows.jsonl}', `extra: ${deep}`]);
    const preview = await vscode.commands.executeCommand<{ error?: string } | undefined>('evalLens.previewFilters', spec);
    assert.ok(preview && typeof preview.error === 'string', JSON.stringify(preview));
    assert.match(preview.error, /nested more than 512 levels deep.*deep\.dataset\.yaml:4\)$/);
    const diagnostics = vscode.languages.getDiagnostics(spec);
    const out = vscode.Uri.file(path.join(tempDir(), 'deep.jsonl'));
    const result = await exportRows(spec, 0, out);
    assert.ok(result && 'error' in result);
    assert.match(result.error, /^deep\.dataset\.yaml:4: nested more than 512 levels deep/);
    assert.equal(fs.existsSync(out.fsPath), false);
    assert.ok(diagnostics.every((d) => !/Maximum call stack/.test(d.message)));
  });
});
