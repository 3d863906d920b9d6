import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { diagnosticsWhen, useTempDirAndFreshEditors } from '../suiteSupport';
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
