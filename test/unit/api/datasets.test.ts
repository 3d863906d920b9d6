import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { exportDataset, ExportError, PreviewError, previewDataset, SpecError, validateSpec } from '../../../src/api/index';
import type { PreviewRow } from '../../../src/api/index';
import { repoRoot, sharedFixture } from '../sharedFixtures';
import { temporaryFolder } from '../temporaryFolder';
import { asJson, cli } from './cliOutput';

const SPEC = path.join(repoRoot, 'examples', 'datasets', 'local-csv.dataset.yaml');
const folder = temporaryFolder('eval-lens-api-datasets-');

async function collect(rows: AsyncIterable<PreviewRow>): Promise<PreviewRow[]> {
  const all: PreviewRow[] = [];
  for await (const row of rows) all.push(row);
  return all;
}

describe('previewDataset', () => {
  test('gives the rows, funnel and warnings eval-lens preview --json prints', async () => {
    const printed = JSON.parse((await cli(['preview', SPEC, '--json', '--limit', '5'])).out) as { rows: unknown; total: number; matched: number; removedPerFilter: unknown; columns: unknown; warnings: unknown; complete: boolean };
    const preview = await previewDataset(SPEC, { limit: 5 });
    assert.deepEqual(asJson(await collect(preview.rows)), printed.rows);
    assert.deepEqual(preview.columns, printed.columns);
    assert.deepEqual(asJson(preview.warnings), printed.warnings);
    assert.equal(preview.funnel.total, printed.total);
    assert.equal(preview.funnel.matched, printed.matched);
    assert.deepEqual(asJson(preview.funnel.steps), printed.removedPerFilter);
    assert.equal(preview.funnel.complete, printed.complete);
  });

  test('a spec given as text resolves its paths against baseDir', async () => {
    const text = fs.readFileSync(SPEC, 'utf8');
    const fromText = await previewDataset({ text, name: 'inline.dataset.yaml' }, { baseDir: path.dirname(SPEC), limit: 3 });
    const fromFile = await previewDataset(SPEC, { limit: 3 });
    assert.deepEqual(await collect(fromText.rows), await collect(fromFile.rows));
    assert.deepEqual(fromText.funnel, fromFile.funnel);
  });

  test('bad YAML, a spec the schema refuses and a source that cannot be read throw typed errors with the command line\'s words', async () => {
    await assert.rejects(previewDataset({ text: 'source: [1,\n' }), (error: unknown) => error instanceof SpecError && /spec\.yaml is not valid YAML/.test(error.message));
    const invalid = folder.put('invalid.dataset.yaml', 'key: "bad key"\ndisplay_name: Bad\nsource: {type: local, file_path: a.csv}\n');
    const printed = await cli(['preview', invalid]);
    await assert.rejects(previewDataset(invalid), (error: unknown) => error instanceof SpecError && printed.err.trimEnd() === error.message && error.problems.length > 0);
    const missing = folder.put('missing.dataset.yaml', 'key: missing\ndisplay_name: Missing\nsource: {type: local, file_path: nowhere.csv}\n');
    const failed = await cli(['preview', missing]);
    await assert.rejects(previewDataset(missing), (error: unknown) => error instanceof PreviewError && failed.err.trimEnd() === error.message);
    await assert.rejects(previewDataset(path.join(folder.path, 'absent.yaml')), (error: unknown) => error instanceof SpecError && error.message.includes('absent.yaml'));
  });
});

describe('exportDataset', () => {
  test('writes the same file as eval-lens dataset export', async () => {
    const byCli = path.join(folder.path, 'cli.jsonl');
    assert.equal((await cli(['dataset', 'export', SPEC, '-o', byCli])).code, 0);
    const out = path.join(folder.path, 'api.jsonl');
    const result = await exportDataset(SPEC, out);
    assert.equal(fs.readFileSync(out, 'utf8'), fs.readFileSync(byCli, 'utf8'));
    assert.equal(result.rows, fs.readFileSync(out, 'utf8').trim().split('\n').length);
    const csv = await exportDataset(SPEC, path.join(folder.path, 'rows.txt'), 'csv');
    assert.equal(csv.rows, result.rows);
    assert.match(fs.readFileSync(csv.outPath, 'utf8'), /^id,/);
  });

  test('refuses an unknown format and an invalid spec, writing nothing', async () => {
    await assert.rejects(exportDataset(SPEC, path.join(folder.path, 'rows.xlsx')), (error: unknown) => error instanceof ExportError && error.kind === 'format');
    const invalid = folder.put('bad.dataset.yaml', 'key: "bad key"\ndisplay_name: Bad\nsource: {type: local, file_path: a.csv}\n');
    const target = path.join(folder.path, 'never.jsonl');
    await assert.rejects(exportDataset(invalid, target), SpecError);
    assert.ok(!fs.existsSync(target));
  });
});

describe('validateSpec', () => {
  const files = [
    SPEC,
    path.join(repoRoot, 'examples', 'logs', 'mismatch.tasklog.json'),
    sharedFixture('aigo-integrations', 'datasets', 'qa_single_answers.yaml'),
    sharedFixture('aigo-integrations', 'dataset_generators', 'question_generator.yaml'),
  ];
  for (const file of files) {
    test(`gives what eval-lens validate --json prints (${path.basename(file)})`, async () => {
      const printed = JSON.parse((await cli(['validate', file, '--json'], path.dirname(file))).out) as { file: string }[];
      const report = validateSpec(file);
      if (printed.length === 0) {
        // A file the command skips as none of ours.
        assert.deepEqual(report, { file, kind: null, valid: true, diagnostics: [] });
      } else {
        assert.equal(printed[0].file, path.basename(file));
        assert.deepEqual(asJson(report), { ...printed[0], file });
      }
    });
  }

  test('text is recognised by the name given; an unreadable file is a SpecError naming it', () => {
    const report = validateSpec({ text: 'key: "bad key"\ndisplay_name: Bad\nsource: {type: local, file_path: a.csv}\n', name: 'x.dataset.yaml' });
    assert.equal(report.kind, 'dataset');
    assert.equal(report.valid, false);
    assert.deepEqual([report.diagnostics[0].line, report.diagnostics[0].column], [1, 6]);
    assert.deepEqual(validateSpec({ text: 'just: config\n', name: 'other.yaml' }), { file: 'other.yaml', kind: null, valid: true, diagnostics: [] });
    assert.throws(() => validateSpec(path.join(folder.path, 'absent.dataset.yaml')), (error: unknown) => error instanceof SpecError && /absent\.dataset\.yaml: no such file/.test(error.message));
  });
});
