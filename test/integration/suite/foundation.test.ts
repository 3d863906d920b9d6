import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { removeTempDir } from '../suiteSupport';

const EXTENSION_ID = 'eval-lens.eval-lens';

/** Resolves with the document's Eval Lens diagnostics once `ready` holds for them (or fails after a timeout). */
export async function waitForDiagnostics(uri: vscode.Uri, ready: (d: vscode.Diagnostic[]) => boolean, timeoutMs = 30_000): Promise<vscode.Diagnostic[]> {
  const current = () => vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'Eval Lens');
  if (ready(current())) return current();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => { listener.dispose(); reject(new Error(`diagnostics for ${uri.fsPath} not ready: ${JSON.stringify(current().map((d) => d.message))}`)); }, timeoutMs);
    const listener = vscode.languages.onDidChangeDiagnostics((event) => {
      if (!event.uris.some((u) => u.toString() === uri.toString())) return;
      if (ready(current())) { clearTimeout(timer); listener.dispose(); resolve(current()); }
    });
  });
}

suite('Foundation: the packaged extension in a real VS Code', () => {
  let tempDir: string;

  suiteSetup(() => {
    tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'eval-lens-it-'));
  });

  suiteTeardown(() => {
    removeTempDir(tempDir);
  });

  test('activates on a dataset spec', async () => {
    const extension = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(extension, 'the extension is installed');
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(path.join(vscode.workspace.workspaceFolders![0].uri.fsPath, 'datasets/hub-squad.dataset.yaml')));
    await vscode.window.showTextDocument(doc);
    await extension.activate();
    assert.equal(extension.isActive, true);
  });

  test('registers every contributed command', async () => {
    const manifest = vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON as { contributes: { commands: { command: string }[] } };
    const registered = new Set(await vscode.commands.getCommands(true));
    const contributed = manifest.contributes.commands.map((c) => c.command);
    assert.ok(contributed.length >= 7);
    for (const command of contributed) assert.ok(registered.has(command), `${command} is registered`);
  });

  test('a mistake in a dataset spec shows one precise diagnostic on the offending value', async () => {
    const file = path.join(tempDir, 'broken.dataset.yaml');
    fs.writeFileSync(file, 'key: "has spaces!"\ndisplay_name: Broken\nsource:\n  type: local\n  file_path: data.csv\n');
    const uri = vscode.Uri.file(file);
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
    const diagnostics = await waitForDiagnostics(uri, (d) => d.length > 0);
    const keyProblem = diagnostics.find((d) => d.range.start.line === 0);
    assert.ok(keyProblem, `a diagnostic on line 1: ${JSON.stringify(diagnostics.map((d) => d.message))}`);
    assert.match(keyProblem.message, /letters, digits, '_' and '-'/);
    assert.equal(keyProblem.severity, vscode.DiagnosticSeverity.Error);
    assert.equal(keyProblem.range.start.character, 5, 'starts at the value, not the key');
    assert.equal(keyProblem.range.end.character, 18, 'ends at the end of the value');
    assert.equal(diagnostics.filter((d) => d.range.start.line === 0).length, 1, 'one diagnostic per real problem');
  });

  test('a wrong source type is reported once, on the type value, with the allowed values', async () => {
    const file = path.join(tempDir, 'wrong-type.dataset.yaml');
    fs.writeFileSync(file, 'key: ok\ndisplay_name: Wrong type\nsource:\n  type: spreadsheet\n  file_path: data.csv\n');
    const uri = vscode.Uri.file(file);
    await vscode.workspace.openTextDocument(uri);
    const diagnostics = await waitForDiagnostics(uri, (d) => d.length > 0);
    assert.equal(diagnostics.length, 1, JSON.stringify(diagnostics.map((d) => d.message)));
    assert.equal(diagnostics[0].range.start.line, 3);
    assert.match(diagnostics[0].message, /local, folder, url/);
  });

  test('fixing the mistake clears the diagnostic as the user types', async () => {
    const file = path.join(tempDir, 'fixable.dataset.yaml');
    fs.writeFileSync(file, 'key: "bad key"\ndisplay_name: Fixable\nsource:\n  type: url\n  url: https://example.com/data.csv\n');
    const uri = vscode.Uri.file(file);
    const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
    await waitForDiagnostics(uri, (d) => d.length === 1);
    await editor.edit((edit) => edit.replace(new vscode.Range(0, 5, 0, 14), 'good-key'));
    const after = await waitForDiagnostics(uri, (d) => d.length === 0);
    assert.deepEqual(after, []);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  test('the validate command reports the counts of the active file', async () => {
    const file = path.join(tempDir, 'two-problems.dataset.yaml');
    fs.writeFileSync(file, 'key: ok\ndisplay_name: Two problems\nsource:\n  type: folder\n  directory_pat: notes\n');
    const uri = vscode.Uri.file(file);
    const result = (await vscode.commands.executeCommand('evalLens.validateFile', uri)) as { kind: string; errors: number };
    assert.equal(result.kind, 'dataset');
    assert.equal(result.errors, 1, 'one real problem: the mistyped directory_path (not also "missing directory_path")');
  });

  test('New Dataset Spec creates the spec and its example data in the chosen folder, opens it with no problem, and never overwrites', async () => {
    const folder = vscode.Uri.file(fs.mkdtempSync(path.join(tempDir, 'new-')));
    const uri = (await vscode.commands.executeCommand('evalLens.newDatasetSpec', folder, 'Capital Questions')) as vscode.Uri;
    assert.equal(path.basename(uri.fsPath), 'Capital Questions.dataset.yaml');
    assert.equal(vscode.window.activeTextEditor?.document.uri.fsPath, uri.fsPath, 'the new spec is the active editor');
    assert.ok(fs.existsSync(path.join(folder.fsPath, 'data', 'capital-questions.jsonl')), 'example rows beside it');
    const result = (await vscode.commands.executeCommand('evalLens.validateFile', uri)) as { kind: string; errors: number; warnings: number };
    assert.deepEqual([result.kind, result.errors, result.warnings], ['dataset', 0, 0]);
    fs.writeFileSync(uri.fsPath, 'key: mine\n');
    assert.equal(await vscode.commands.executeCommand('evalLens.newDatasetSpec', folder, 'Capital Questions'), undefined);
    assert.equal(fs.readFileSync(uri.fsPath, 'utf8'), 'key: mine\n', 'the existing file is kept');
  });

  test('New Generator creates a generator definition that validates with no problem', async () => {
    const folder = vscode.Uri.file(fs.mkdtempSync(path.join(tempDir, 'gen-')));
    const uri = (await vscode.commands.executeCommand('evalLens.newGenerator', folder, 'qa')) as vscode.Uri;
    const result = (await vscode.commands.executeCommand('evalLens.validateFile', uri)) as { kind: string; errors: number; warnings: number };
    assert.deepEqual([result.kind, result.errors, result.warnings], ['generator', 0, 0]);
  });

  test('the Get Started walkthrough names its steps and the media of every step ships with the extension', () => {
    const extension = vscode.extensions.getExtension(EXTENSION_ID)!;
    const manifest = extension.packageJSON as { contributes: { walkthroughs: { steps: { id: string; media: { markdown: string } }[] }[] } };
    const steps = manifest.contributes.walkthroughs[0].steps;
    assert.deepEqual(steps.map((s) => s.id), ['openReport', 'compareRuns', 'writeSpec', 'previewFilters']);
    for (const step of steps) assert.ok(fs.existsSync(path.join(extension.extensionPath, step.media.markdown)), step.media.markdown);
  });
});
