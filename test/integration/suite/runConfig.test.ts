import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { diagnosticsWhen, removeTempDir, replaceEnvironment, useTempDirAndFreshEditors } from '../suiteSupport';
import { examplesFolder } from '../logReportHelpers';

const RUN_CONFIG = `datasets:
  - $ref: ./datasets/seed.yaml
  - key: "embedded-rows"
    display_name: "Embedded rows"
    source:
      type: local
      file_path: data/rows.csv
  - key: "qa"
    display_name: "QA"
    generator_specification:
      dataset_generator_key: "gen"
      num_samples: 4
      dataset_generator_config: {}
dataset_generators:
  - key: "gen"
    display_name: "Gen"
    config_spec: []
    definition:
      data_source:
        type: "inline_samples"
        samples:
          - city: Rome
      synthesizers:
        - type: "template"
          template: "From {{ source.city }} go {d}, << config.colour >>"
          fields:
            d: ["north", "south"]
evaluation:
  task_specifications:
    - key: t1
      task_result_log_path: logs/run.json
    - key: t2
      task_result_log_path: logs/missing.json
`;

type Lens = { line: number; title: string; args: unknown[] };

async function previewLenses(uri: vscode.Uri): Promise<Lens[]> {
  const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri);
  return lenses.filter((l) => l.command?.command === 'evalLens.previewFilters')
    .map((l) => ({ line: l.range.start.line, title: l.command!.title, args: l.command!.arguments ?? [] }));
}

suite('Run configs: preview lenses, links and hovers', () => {
  const tempDir = useTempDirAndFreshEditors('eval-lens-run-config-');

  test('run config lenses preview embedded and $ref entries; $ref, log path links and hovers', async () => {
    const dir = tempDir();
    fs.mkdirSync(path.join(dir, 'data'));
    fs.mkdirSync(path.join(dir, 'datasets'));
    fs.mkdirSync(path.join(dir, 'logs'));
    fs.writeFileSync(path.join(dir, 'data', 'rows.csv'), 'id,city\n1,Rome\n2,Oslo\n3,Lima\n');
    fs.writeFileSync(path.join(dir, 'datasets', 'seed.yaml'), 'key: seed\ndisplay_name: Seed\nsource:\n  type: local\n  file_path: ../data/rows.csv\n  filters:\n    - expression: "{{ sample.city }}"\n      op: in\n      values: [Rome, Lima]\n');
    fs.copyFileSync(path.join(examplesFolder(), 'logs/mismatch.tasklog.json'), path.join(dir, 'logs', 'run.json'));
    const file = path.join(dir, 'run.yaml');
    fs.writeFileSync(file, RUN_CONFIG);
    const uri = vscode.Uri.file(file);
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));

    // One lens per entry: the $ref previews its file, the others their entry of the run config.
    const lenses = await previewLenses(uri);
    assert.deepEqual(lenses.map((l) => [l.line, l.title]), [[1, 'Preview'], [4, 'Preview'], [9, 'Preview generator'], [14, 'Preview generator']]);
    assert.equal((lenses[0].args[0] as vscode.Uri).fsPath, path.join(dir, 'datasets', 'seed.yaml'));

    const run = (lens: Lens) => vscode.commands.executeCommand<Record<string, unknown> | undefined>('evalLens.previewFilters', ...lens.args);
    const referred = await run(lenses[0]);
    assert.deepEqual([referred?.total, referred?.matched], [3, 2], JSON.stringify(referred));
    // The embedded dataset's relative path is read next to the run config.
    const embedded = await run(lenses[1]);
    assert.deepEqual([embedded?.total, embedded?.matched], [3, 3], JSON.stringify(embedded));
    const generated = (await run(lenses[2]))?.generator as { generatorKey: string; definition?: { file: string } } | undefined;
    assert.equal(generated?.generatorKey, 'gen', JSON.stringify(generated));
    assert.equal(generated?.definition?.file, file, 'the generator written out beside the dataset is the one shown');
    const definition = (await run(lenses[3]))?.generator as { generatorKey: string } | undefined;
    assert.equal(definition?.generatorKey, 'gen');

    // The embedded generator's << config.KEY >> is checked as in a generator file.
    const [config] = await diagnosticsWhen(uri, (d) => d.some((x) => /colour/.test(x.message)), 20_000);
    assert.equal(config.range.start.line, 24);

    const links = await vscode.commands.executeCommand<vscode.DocumentLink[]>('vscode.executeLinkProvider', uri);
    assert.ok(links.some((l) => l.range.start.line === 1 && l.target?.fsPath === path.join(dir, 'datasets', 'seed.yaml')), JSON.stringify(links.map((l) => l.target?.toString())));
    assert.ok(links.some((l) => l.range.start.line === 6 && l.target?.fsPath === path.join(dir, 'data', 'rows.csv')), 'the embedded source path is a link');
    // Go to Definition on the $ref path goes to the file it names, as Ctrl+click does.
    const definitions = await vscode.commands.executeCommand<(vscode.Location | vscode.LocationLink)[]>('vscode.executeDefinitionProvider', uri, new vscode.Position(1, 16));
    const targets = definitions.map((d) => ('targetUri' in d ? d.targetUri : d.uri).fsPath);
    assert.deepEqual(targets, [path.join(dir, 'datasets', 'seed.yaml')]);
    const logLinks = links.filter((l) => l.target?.scheme === 'command' && l.target.path === 'evalLens.openLogReport');
    assert.deepEqual(logLinks.map((l) => l.range.start.line), [30, 32]);
    // Following a log link opens the report; a missing log is a message, not a failure.
    const args = (link: vscode.DocumentLink) => JSON.parse(decodeURIComponent(link.target?.query ?? '')) as unknown[];
    const opened = await vscode.commands.executeCommand<{ viewType: string } | undefined>('evalLens.openLogReport', ...args(logLinks[0]));
    assert.equal(opened?.viewType, 'evalLens.taskLog');
    assert.equal(await vscode.commands.executeCommand('evalLens.openLogReport', ...args(logLinks[1])), undefined);

    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', uri, new vscode.Position(1, 16));
    const text = hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n');
    assert.match(text, /A dataset spec, key `seed`: source `local`/);
    assert.match(text, /key: seed/);
  });
});

const FIXES_RUN_CONFIG = `secrets:
  ROWS_FOLDER: $EVAL_LENS_RUN_CONFIG_FOLDER
datasets:
  - key: "typo-source"
    display_name: "Typo"
    source:
      type: locall
      file_path: data/rows.csv
  - key: "older"
    display_name: "Older"
    file_path: data/rows.csv
  - key: "qa"
    display_name: "QA"
    generator_specification:
      dataset_generator_key: "gem"
      num_samples: 2
      dataset_generator_config: {}
  - key: "remote"
    display_name: "Remote"
    source:
      type: url
      url: "https://example.invalid/<< secrets.ROWS_FOLDER >>/<< secrets.UNSET_RUN_CONFIG_PART >>/rows.csv"
dataset_generators:
  - key: "gen"
    display_name: "Gen"
    definition:
      data_source:
        kind: empty
      synthesizers: []
`;

function hoverText(hovers: vscode.Hover[]): string {
  return hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n');
}

async function actionsAt(uri: vscode.Uri, range: vscode.Range): Promise<vscode.CodeAction[]> {
  return vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', uri, range);
}

suite('Run configs: quick fixes and secrets inside entries', () => {
  let project = '';
  let restore: () => void = () => undefined;

  suiteSetup(async () => {
    // Inside the workspace, so the key index reads it like any file of a project.
    project = path.join(vscode.workspace.workspaceFolders![0].uri.fsPath, 'zz-run-config-fixes');
    fs.mkdirSync(path.join(project, 'data'), { recursive: true });
    fs.writeFileSync(path.join(project, 'data', 'rows.csv'), 'id,city\n1,Rome\n');
    restore = replaceEnvironment({ EVAL_LENS_RUN_CONFIG_FOLDER: 'tenant-42' }, ['UNSET_RUN_CONFIG_PART']);
    await vscode.extensions.getExtension('eval-lens.eval-lens')?.activate();
  });

  suiteTeardown(async () => {
    restore();
    // The quick fix leaves its run config edited and unsaved: reverted first, so closing it writes nothing back
    // into the workspace after the folder is removed.
    for (const document of vscode.workspace.textDocuments.filter((d) => d.isDirty && d.uri.fsPath.startsWith(project))) {
      await vscode.window.showTextDocument(document);
      await vscode.commands.executeCommand('workbench.action.files.revert');
    }
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    removeTempDir(project);
  });

  test('the fixes of a spec file, on the entries of a run config; secrets hovered and diagnosed per reference', async () => {
    const file = path.join(project, 'run.yaml');
    fs.writeFileSync(file, FIXES_RUN_CONFIG);
    const uri = vscode.Uri.file(file);
    const document = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(document);
    const ready = (d: vscode.Diagnostic[]) => ['older-service-form', 'unset-variable', 'unknown-key'].every((code) => d.some((x) => x.code === code)) && d.some((x) => /locall/.test(document.getText(x.range)));
    const found = await diagnosticsWhen(uri, ready, 60_000);
    const at = (code: string) => found.find((d) => d.code === code)!;

    // The unset secret inside the URL is diagnosed on its own reference, the set one is not.
    const unset = found.filter((d) => d.code === 'unset-variable');
    assert.deepEqual(unset.map((d) => document.getText(d.range)), ['<< secrets.UNSET_RUN_CONFIG_PART >>']);
    const urlLine = document.lineAt(21).text;
    const setHover = hoverText(await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', uri, new vscode.Position(21, urlLine.indexOf('ROWS_FOLDER'))));
    assert.match(setHover, /secret `ROWS_FOLDER` from the environment variable `EVAL_LENS_RUN_CONFIG_FOLDER`: set \(9 characters/);
    assert.doesNotMatch(setHover, /tenant-42/);

    // Older form: the rewrite lands under the entry, indented for it.
    const rewrite = (await actionsAt(uri, at('older-service-form').range)).find((a) => a.title === "Rewrite in today's form");
    assert.ok(rewrite?.edit, 'a rewrite of the older form');
    const [[, edits]] = rewrite.edit.entries();
    assert.equal(edits[0].range.start.line, 10);
    assert.equal(edits[0].newText, 'source:\n      type: local\n      file_path: data/rows.csv');

    // Unknown key → the generator written out in the same run config.
    const keyFix = (await actionsAt(uri, at('unknown-key').range)).find((a) => a.title.includes('gen'));
    assert.ok(keyFix?.edit, 'the closest key is offered');

    // Unknown source type → the closest type, applied.
    const typo = found.find((d) => document.getText(d.range) === 'locall')!;
    const change = (await actionsAt(uri, typo.range)).find((a) => a.title === 'Change to local');
    assert.ok(change?.edit, 'Change to local is offered');
    assert.ok(await vscode.workspace.applyEdit(change.edit));
    assert.match(document.getText(), /source:\n {6}type: local\n {6}file_path: data\/rows.csv\n {2}- key: "older"/);
    await diagnosticsWhen(uri, (d) => !d.some((x) => /locall/.test(x.message) || (x.range.start.line === 6 && x.severity === vscode.DiagnosticSeverity.Error)));
  });
});
