import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { diagnosticsWhen, removeTempDir } from '../suiteSupport';

function workspacePath(...parts: string[]): string {
  return path.join(vscode.workspace.workspaceFolders![0].uri.fsPath, ...parts);
}


/** Position of the `|` marker in `marked`, after writing the text without it to `file`. */
function writeWithCursor(file: string, marked: string): vscode.Position {
  const offset = marked.indexOf('|');
  const text = marked.slice(0, offset) + marked.slice(offset + 1);
  fs.writeFileSync(file, text);
  const before = text.slice(0, offset).split('\n');
  return new vscode.Position(before.length - 1, before[before.length - 1].length);
}

async function completionLabels(uri: vscode.Uri, position: vscode.Position): Promise<string[]> {
  const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', uri, position);
  return list.items.map((i) => (typeof i.label === 'string' ? i.label : i.label.label));
}

suite('Authoring: completion, hovers, fixes, outline, links and definitions in a real VS Code', () => {
  let dir: string;
  const questions = () => workspacePath('data', 'questions.csv');

  suiteSetup(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eval-lens-authoring-it-'));
    await vscode.extensions.getExtension('eval-lens.eval-lens')?.activate();
  });

  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    removeTempDir(dir);
  });

  test('completion offers the discriminator first inside source:, then only the keys of the chosen type', async () => {
    const file = path.join(dir, 'types.dataset.yaml');
    const position = writeWithCursor(file, 'key: a\ndisplay_name: A\nsource:\n  |\n');
    const uri = vscode.Uri.file(file);
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
    const labels = await completionLabels(uri, position);
    assert.ok(labels.includes('type: folder'), labels.join(', '));
    assert.ok(labels.includes('folder source'));
    const folderFile = path.join(dir, 'folder.dataset.yaml');
    const p2 = writeWithCursor(folderFile, 'key: a\ndisplay_name: A\nsource:\n  type: folder\n  |\n');
    const ours = (await completionLabels(vscode.Uri.file(folderFile), p2)).filter((l) => ['directory_path', 'extension', 'filters', 'file_path', 'url'].includes(l));
    assert.deepEqual(ours.sort(), ['directory_path', 'extension', 'filters']);
  });

  test('completion offers the CSV header inside {{ sample. }} and frequent values after value:', async () => {
    const file = path.join(dir, 'columns.dataset.yaml');
    const spec = `key: a\ndisplay_name: A\nsource:\n  type: local\n  file_path: ${JSON.stringify(questions())}\n  filters:\n`;
    const position = writeWithCursor(file, spec + '    - expression: "{{ sample.cat| }}"\n      op: exists\n');
    const labels = await completionLabels(vscode.Uri.file(file), position);
    assert.ok(labels.includes('category') && labels.includes('source file'), labels.join(', '));
    const valueFile = path.join(dir, 'values.dataset.yaml');
    const p2 = writeWithCursor(valueFile, spec + '    - expression: "{{ sample.category }}"\n      op: equals\n      value: |\n');
    const values = await completionLabels(vscode.Uri.file(valueFile), p2);
    assert.ok(values.includes('math') && values.includes('code'), values.join(', '));
  });

  test('diagnostics: unknown column with did-you-mean, missing file, generator options', async () => {
    const file = path.join(dir, 'checks.dataset.yaml');
    fs.writeFileSync(file, [
      'key: checks', 'display_name: Checks', 'source:', '  type: local', `  file_path: ${JSON.stringify(questions())}`, '  filters:',
      '    - expression: "{{ sample.categry }}"', '      op: exists', '---', 'key: missing', 'display_name: Missing', 'source:', '  type: local',
      '  file_path: nowhere/data.csv', '---', 'key: gen', 'display_name: Gen', 'generator_specification:', '  dataset_generator_key: qa-generator',
      '  num_samples: 2', '  dataset_generator_config:', '    topik: sql', '',
    ].join('\n'));
    const uri = vscode.Uri.file(file);
    await vscode.workspace.openTextDocument(uri);
    const found = await diagnosticsWhen(uri, (d) => d.length >= 4);
    const messages = found.map((d) => d.message).join('\n');
    assert.match(messages, /unknown column `categry`.*did you mean `category`/);
    assert.match(messages, /nowhere\/data\.csv does not exist/);
    assert.match(messages, /`topik` is not an option of generator `qa-generator`/);
    assert.match(messages, /also expects `topic`, `difficulty`/);
    assert.equal(found.find((d) => d.message.includes('categry'))?.severity, vscode.DiagnosticSeverity.Warning);
  });

  test('hover shows the description of a field and what a filter keeps', async () => {
    const uri = vscode.Uri.file(workspacePath('datasets', 'local-csv.dataset.yaml'));
    const doc = await vscode.workspace.openTextDocument(uri);
    const line = doc.getText().split('\n').findIndex((l) => l.includes('op: in'));
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', uri, new vscode.Position(line, 7));
    const text = hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n');
    assert.match(text, /keeps rows where category is math or code/);
    assert.match(text, /Membership/);
  });

  test('quick fixes replace an invalid enum value and rename a mistyped key', async () => {
    const file = path.join(dir, 'fixes.dataset.yaml');
    fs.writeFileSync(file, 'key: fixes\ndisplay_name: Fixes\nsource:\n  type: folders\n  directory_pth: docs\n');
    const uri = vscode.Uri.file(file);
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
    await diagnosticsWhen(uri, (d) => d.length > 0);
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', uri, new vscode.Range(3, 8, 3, 9));
    const change = actions.find((a) => a.title === 'Change to folder');
    assert.ok(change?.edit, actions.map((a) => a.title).join(', '));
    assert.ok(await vscode.workspace.applyEdit(change.edit));
    const after = await diagnosticsWhen(uri, (d) => d.some((x) => x.message.includes('directory_pth')));
    const rename = (await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', uri, after.find((x) => x.message.includes('directory_pth'))!.range))
      .find((a) => a.title.includes('directory_path'));
    assert.ok(rename?.edit);
    await vscode.workspace.applyEdit(rename.edit);
    assert.match(vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString())!.getText(), /type: folder\n {2}directory_path: docs/);
  });

  test('a plain-text credential moves to the secret storage and becomes { secret: NAME }', async () => {
    const file = path.join(dir, 'connection.yaml');
    fs.writeFileSync(file, 'connection_type: agent_platform_a\nurl: https://agents.example.com\napi_key: not-a-real-key\n');
    const uri = vscode.Uri.file(file);
    const doc = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(doc);
    const found = await diagnosticsWhen(uri, (d) => d.some((x) => x.code === 'plain-text-credential'));
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', uri, found.find((x) => x.code === 'plain-text-credential')!.range);
    const move = actions.find((a) => a.command?.command === 'evalLens.storeCredential');
    assert.ok(move?.command);
    await vscode.commands.executeCommand(move.command.command, ...(move.command.arguments ?? []));
    assert.match(doc.getText(), /api_key: \{ secret: AGENT_PLATFORM_A_API_KEY \}/);
  });

  test('the outline lists datasets, their source and filters', async () => {
    const uri = vscode.Uri.file(workspacePath('datasets', 'local-csv.dataset.yaml'));
    const symbols = await vscode.commands.executeCommand<vscode.DocumentSymbol[]>('vscode.executeDocumentSymbolProvider', uri);
    assert.equal(symbols[0].name, 'questions-csv-hard');
    const source = symbols[0].children[0];
    assert.equal(source.name, 'source: local');
    assert.deepEqual(source.children[0].children.map((c) => c.name), ['category in [math, code]', 'difficulty >= 3', 'is_hard is true']);
  });

  test('links on source paths, and go to definition from dataset_generator_key', async () => {
    const csvSpec = vscode.Uri.file(workspacePath('datasets', 'local-csv.dataset.yaml'));
    const links = await vscode.commands.executeCommand<vscode.DocumentLink[]>('vscode.executeLinkProvider', csvSpec);
    assert.ok(links.some((l) => l.target?.fsPath === questions()), JSON.stringify(links.map((l) => l.target?.toString())));
    const generated = vscode.Uri.file(workspacePath('datasets', 'generated.dataset.yaml'));
    const doc = await vscode.workspace.openTextDocument(generated);
    const line = doc.getText().split('\n').findIndex((l) => l.includes('dataset_generator_key'));
    const locations = await vscode.commands.executeCommand<(vscode.Location | vscode.LocationLink)[]>('vscode.executeDefinitionProvider', generated, new vscode.Position(line, 28));
    const target = locations.map((l) => ('targetUri' in l ? l.targetUri : l.uri))[0];
    assert.ok(target?.fsPath.endsWith(path.join('generators', 'qa-generator.generator.yaml')), JSON.stringify(locations));
  });

  test('as you type in a multi-document spec, diagnostics follow the edits to the right lines', async () => {
    const file = path.join(dir, 'stream.dataset.yaml');
    const doc = (i: number) => `key: d${i}\ndisplay_name: D${i}\nsource:\n  type: local\n  file_path: ${JSON.stringify(questions())}\n`;
    fs.writeFileSync(file, [doc(0), doc(1), doc(2)].join('---\n'));
    const uri = vscode.Uri.file(file);
    const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
    await diagnosticsWhen(uri, (d) => d.length === 0);
    const typeLine = (n: number) => editor.document.getText().split('\n').findIndex((l, i, all) => l === '  type: local' && all.slice(0, i).filter((x) => x === '---').length === n);
    const second = typeLine(2);
    await editor.edit((e) => e.replace(new vscode.Range(second, 8, second, 13), 'locl'));
    let found = await diagnosticsWhen(uri, (d) => d.length === 1);
    assert.equal(found[0].range.start.line, second);
    await editor.edit((e) => e.insert(new vscode.Position(1, 0), 'description: added\ntags: [x]\n'));
    found = await diagnosticsWhen(uri, (d) => d.length === 1 && d[0].range.start.line === second + 2);
    assert.match(found[0].message, /did you mean `local`\?/);
    await editor.edit((e) => e.replace(new vscode.Range(second + 2, 8, second + 2, 12), 'local'));
    await diagnosticsWhen(uri, (d) => d.length === 0);
  });

  test('a dataset recognised by content elsewhere in the workspace makes a duplicate key an error, live', async () => {
    const plain = workspacePath('datasets', 'zz-content-recognised.yaml');
    const uri = vscode.Uri.file(workspacePath('datasets', 'local-csv.dataset.yaml'));
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
    const duplicate = (d: vscode.Diagnostic[]) => d.some((x) => x.code === 'duplicate-key-workspace' && x.severity === vscode.DiagnosticSeverity.Error && x.message.includes('zz-content-recognised.yaml'));
    fs.writeFileSync(plain, 'key: questions-csv-hard\ndisplay_name: Copy\nsource:\n  type: local\n  file_path: ../data/questions.csv\n');
    try {
      await diagnosticsWhen(uri, duplicate);
    } finally {
      fs.rmSync(plain, { force: true });
    }
    await diagnosticsWhen(uri, (d) => !duplicate(d));
  });

  test('in JSON files only data-aware items are added (the JSON language service offers the schema)', async () => {
    const file = path.join(dir, 'columns.dataset.json');
    const position = writeWithCursor(file, `{ "key": "a", "display_name": "A", "source": { "type": "local", "file_path": ${JSON.stringify(questions())}, "filters": [ { "expression": "{{ sample.|", "op": "exists" } ] } }`);
    const labels = await completionLabels(vscode.Uri.file(file), position);
    assert.ok(labels.includes('category'), labels.join(', '));
  });
});
