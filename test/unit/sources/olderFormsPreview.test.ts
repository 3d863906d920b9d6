/**
 * The service's older forms are previewed like today's (docs/semantics.md §11.4): a top-level `file_path` reads its
 * file, a `dataset_generation_request` shows its generator, and a generator written with `kind:` or a namespaced
 * `key:` produces its samples. The files are never changed.
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runPreviewCommand } from '../../../src/cli/previewCommand';
import { CliIo } from '../../../src/cli/cliTypes';
import { preview } from '../../../src/core/sources/preview';
import { generatorSpecificationOf } from '../../../src/core/sources/generatorPreview';
import { sharedFixture } from '../sharedFixtures';

let dir: string;
const GENERATOR = [
  'key: city-questions',
  'display_name: City questions',
  'config_spec: []',
  'definition:',
  '  data_source:',
  '    kind: inline_samples',
  '    samples:',
  '      - { city: Zurich }',
  '      - { city: Lima }',
  '  synthesizers:',
  '    - key: latticeflow$template',
  '      template: "Walk {direction} from {{ source.city }}"',
  '      fields: { direction: [north, south] }',
  '',
].join('\n');
const REQUEST = 'key: qa\ndisplay_name: QA\ndataset_generation_request:\n  dataset_generator_id: city-questions\n  num_samples: 4\n';

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'eval-lens-older-'));
  writeFileSync(join(dir, 'generator.yaml'), GENERATOR);
  writeFileSync(join(dir, 'qa.yaml'), REQUEST);
});
after(() => rmSync(dir, { recursive: true, force: true }));

function capture(): CliIo & { out: string; err: string } {
  const io = { out: '', err: '', cwd: '', stdout: (t: string) => (io.out += t), stderr: (t: string) => (io.err += t) };
  io.cwd = dir;
  return io;
}

describe('previewing the older forms', () => {
  test('a fixture\'s top-level file_path reads its local file', async () => {
    const file = sharedFixture('aigo-integrations', 'datasets', 'qa_single_answers.yaml');
    const io = capture();
    assert.equal(await runPreviewCommand([file, '--json'], io), 0, io.err);
    const answer = JSON.parse(io.out) as { rows: unknown[]; columns: string[] };
    assert.equal(answer.rows.length, 4);
    assert.deepEqual(answer.columns, ['question', 'target']);
  });

  test('the core preview reads a top-level file_path against the spec\'s folder', async () => {
    writeFileSync(join(dir, 'rows.csv'), 'a\n1\n2\n3\n');
    const result = await preview({ key: 'r', display_name: 'R', file_path: './rows.csv' }, { limit: 10, specPath: join(dir, 'r.yaml'), workers: 0 });
    assert.equal(result.matched, 3);
  });

  test('a dataset_generation_request is a generator specification', async () => {
    assert.deepEqual(generatorSpecificationOf({ key: 'qa', display_name: 'QA', dataset_generation_request: { dataset_generator_id: 'g', num_samples: 2 } }),
      { dataset_generator_key: 'g', num_samples: 2 });
    const io = capture();
    assert.equal(await runPreviewCommand(['qa.yaml', '--json'], io), 0, io.err);
    const answer = JSON.parse(io.out) as { generator: { generatorKey: string; numSamples: number } };
    assert.equal(answer.generator.generatorKey, 'city-questions');
    assert.equal(answer.generator.numSamples, 4);
  });

  test('a generator with kind: and a namespaced key: produces the samples of the kinds they name', async () => {
    const io = capture();
    assert.equal(await runPreviewCommand(['generator.yaml'], io), 0, io.err);
    for (const sample of ['Walk north from Zurich', 'Walk south from Zurich', 'Walk north from Lima', 'Walk south from Lima']) assert.match(io.out, new RegExp(sample));
    assert.equal(readFileSync(join(dir, 'generator.yaml'), 'utf8'), GENERATOR, 'the file is not changed');
  });
});
