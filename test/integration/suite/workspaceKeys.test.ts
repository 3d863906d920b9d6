import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { diagnosticsWhen, removeTempDir } from '../suiteSupport';

const GENERATOR = 'key: "city-qa"\ndisplay_name: "City QA"\ndefinition:\n  data_source:\n    type: "dataset_sample_combinations"\n    dataset_keys:\n      - "cities_dataset"\n  synthesizers: []\n';
const DATASET = 'key: "cities-dataset"\ndisplay_name: "Cities"\nsource:\n  type: local\n  file_path: ./cities.csv\n';

suite('Keys across the workspace in a real VS Code', () => {
  let project: string;
  const unknownKey = (d: vscode.Diagnostic[]) => d.some((x) => x.code === 'unknown-key' && x.message.includes('`cities-dataset`'));

  suiteSetup(async () => {
    project = path.join(vscode.workspace.workspaceFolders![0].uri.fsPath, 'zz-keys-project');
    fs.mkdirSync(path.join(project, 'datasets'), { recursive: true });
    fs.mkdirSync(path.join(project, 'dataset_generators'), { recursive: true });
    fs.writeFileSync(path.join(project, 'run.yaml'), 'datasets:\n  - $ref: ./datasets/cities.yaml\n');
    fs.writeFileSync(path.join(project, 'app.yaml'), 'key: app\ndisplay_name: App\nlong_description: !include README.md\n');
    fs.writeFileSync(path.join(project, 'datasets', 'cities.csv'), 'city\nParis\n');
    fs.writeFileSync(path.join(project, 'datasets', 'cities.yaml'), DATASET);
    fs.writeFileSync(path.join(project, 'dataset_generators', 'qa.yaml'), GENERATOR);
    await vscode.extensions.getExtension('eval-lens.eval-lens')?.activate();
  });

  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    removeTempDir(project);
  });

  test('an unknown key is reported on a file that is not open, fixed by the quick fix, then navigable', async () => {
    const generator = vscode.Uri.file(path.join(project, 'dataset_generators', 'qa.yaml'));
    const all = () => JSON.stringify(vscode.languages.getDiagnostics().filter(([, d]) => d.some((x) => x.source === 'Eval Lens')).map(([u, d]) => [u.toString(), d.map((x) => x.message)]));
    const [found] = (await diagnosticsWhen(generator, unknownKey, 60_000).catch((e: Error) => { throw new Error(`${e.message} ${generator.toString()} ${all()}`); })).filter((d) => d.code === 'unknown-key');
    assert.equal(found.severity, vscode.DiagnosticSeverity.Warning);
    const document = await vscode.workspace.openTextDocument(generator);
    await vscode.window.showTextDocument(document);
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', generator, found.range);
    const fix = actions.find((a) => a.title.includes('cities-dataset'));
    assert.ok(fix?.edit, JSON.stringify(actions.map((a) => a.title)));
    await vscode.workspace.applyEdit(fix.edit);
    await diagnosticsWhen(generator, (d) => !unknownKey(d));
    const line = document.getText().split('\n').findIndex((l) => l.includes('cities-dataset'));
    const definitions = await vscode.commands.executeCommand<vscode.Location[]>('vscode.executeDefinitionProvider', generator, new vscode.Position(line, 12));
    assert.ok(definitions.some((l) => l.uri.fsPath.endsWith(path.join('datasets', 'cities.yaml'))), JSON.stringify(definitions));
    const dataset = vscode.Uri.file(path.join(project, 'datasets', 'cities.yaml'));
    const references = await vscode.commands.executeCommand<vscode.Location[]>('vscode.executeReferenceProvider', dataset, new vscode.Position(0, 8));
    assert.ok(references.some((l) => l.uri.fsPath === generator.fsPath), JSON.stringify(references));
    const app = vscode.Uri.file(path.join(project, 'app.yaml'));
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(app));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    assert.deepEqual(vscode.languages.getDiagnostics(app).filter((d) => d.source === 'Eval Lens'), [], 'a file that is not ours gets nothing');
  });
});
