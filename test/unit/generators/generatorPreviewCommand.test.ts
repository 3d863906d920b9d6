import * as assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { runPreviewCommand } from '../../../src/cli/previewCommand';
import { sharedFixture } from '../sharedFixtures';

function capture(cwd: string) {
  const io = { out: '', err: '', cwd, stdout: (t: string) => (io.out += t), stderr: (t: string) => (io.err += t) };
  return io;
}

const TEMPLATE_GUIDE = sharedFixture('aigo-integrations', 'guides', 'dataset-generator-template-synthesizer');

describe('eval-lens preview GENERATOR (the service\'s template guide)', () => {
  test('the template samples of the seed dataset, page by page', async () => {
    const io = capture(TEMPLATE_GUIDE);
    assert.equal(await runPreviewCommand(['dataset_generators/generator_from_templates.yaml', '--limit', '2', '--page', '2'], io), 0, io.err);
    assert.match(io.out, /source_dataset_key: seed-dataset \(default\)/);
    assert.match(io.out, /dataset `seed-dataset` from datasets[\\/]seed-dataset\.yaml/);
    assert.match(io.out, /36 samples \(12 per source sample\)/);
    assert.match(io.out, /samples 3–4 of 36/);
    assert.match(io.out, /Sample 3 · Source sample 1 · distance=100km, direction=east\n {4}I'm in Germany, in the city of Berlin\.\n\n {4}I want to walk 100km in the east direction\./);
    assert.doesNotMatch(io.out, /Sample 5/);
    assert.equal(io.err, '');
  });

  test('--json carries the view and the page', async () => {
    const io = capture(TEMPLATE_GUIDE);
    assert.equal(await runPreviewCommand(['dataset_generators/generator_from_templates.yaml', '--json', '--limit', '1', '--page', '36'], io), 0, io.err);
    const out = JSON.parse(io.out) as { generator: { source: { total: number } }; samples: Record<string, { text: string; fields: Record<string, string> }[]> };
    assert.equal(out.generator.source.total, 3);
    assert.deepEqual(out.samples['0'].map((s) => s.fields), [{ distance: '300km', direction: 'west' }]);
    assert.match(out.samples['0'][0].text, /^I'm in Japan, in the city of Tokyo\./);
  });

  test('a combination whose dataset key is not in the workspace names the close key', async () => {
    const io = capture(sharedFixture('aigo-integrations', 'guides', 'dataset-generator-combinations-llm'));
    assert.equal(await runPreviewCommand(['dataset_generators/city_language_qa_generator.yaml'], io), 0, io.err);
    assert.match(io.out, /no dataset with key `languages_dataset` in this workspace; did you mean `languages-dataset`\?/);
  });
});
