import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { WorkspaceKeyIndex } from '../../../src/core/workspaceKeys/keyIndex';
import { keyDiagnostics } from '../../../src/core/workspaceKeys/keyChecks';
import { allKeyDiagnostics, fixtureIndex, fixtureRoot } from './fixtureWorkspace';

const COMBINATIONS = 'guides/dataset-generator-combinations-llm';
const CITIES = `${COMBINATIONS}/datasets/cities.yaml`;
const GENERATOR = `${COMBINATIONS}/dataset_generators/city_language_qa_generator.yaml`;
const read = (relative: string) => fs.readFileSync(path.join(fixtureRoot, relative), 'utf8');
const lines = (found: ReturnType<typeof allKeyDiagnostics>) => found.map(({ file, diagnostic: d }) => `${file} ${d.severity} ${d.code} ${d.message}`);

describe('workspace key index on the service sample repository', () => {
  test('reports only the two real mistakes of the folder as it is', () => {
    assert.deepEqual(lines(allKeyDiagnostics(fixtureIndex())), [
      `${GENERATOR} warning unknown-key no dataset of this project has the key \`languages_dataset\`: did you mean \`languages-dataset\`?`,
      'guides/evaluation-repeatability/run.yaml error missing-file $ref names ./datasets/hp_trivia.yaml, and there is no such file next to this one: create it or correct the path',
    ]);
  });

  test('a generator referring to cities_dataset where the dataset is keyed cities-dataset gets the closest key', () => {
    const index = fixtureIndex({ [CITIES]: read(CITIES).replace('key: "cities_dataset"', 'key: "cities-dataset"') });
    const found = allKeyDiagnostics(index).filter((f) => f.file === GENERATOR && f.diagnostic.data?.key === 'cities_dataset');
    assert.equal(found.length, 1);
    const d = found[0].diagnostic;
    assert.equal(d.severity, 'warning');
    assert.equal(d.data?.suggestion, 'cities-dataset');
    assert.equal(read(GENERATOR).slice(d.range.start, d.range.end), '"cities_dataset"');
  });

  test('one key defined by two files of a project is an error on both, naming the other place', () => {
    const languages = `${COMBINATIONS}/datasets/languages.yaml`;
    const index = fixtureIndex({ [languages]: read(languages).replace('key: "languages-dataset"', 'key: "cities_dataset"') });
    const duplicates = allKeyDiagnostics(index).filter((f) => f.diagnostic.code === 'duplicate-key-workspace');
    assert.deepEqual(duplicates.map((f) => [f.file, f.diagnostic.severity, f.diagnostic.data?.files]), [
      [CITIES, 'error', [`${languages}:1`]],
      [languages, 'error', [`${CITIES}:1`]],
    ]);
  });

  test('the same key in two projects (two guides) is no duplicate', () => {
    const index = fixtureIndex();
    const seeds = ['guides/dataset-generator-python-synthesizer', 'guides/dataset-generator-template-synthesizer']
      .map((guide) => index.definitionsOf('dataset', 'seed-dataset', path.join(fixtureRoot, guide, 'run.yaml')));
    assert.deepEqual(seeds.map((found) => found.length), [1, 1]);
    assert.notEqual(seeds[0][0].file, seeds[1][0].file);
  });

  test('a run config embedding a key it also $refs from a file defines it twice', () => {
    const run = 'guides/dataset-generator-template-synthesizer/run.yaml';
    const text = read(run).replace('dataset_generators:\n', 'dataset_generators:\n  - $ref: ./dataset_generators/generator_from_templates.yaml\n');
    const duplicates = allKeyDiagnostics(fixtureIndex({ [run]: text })).filter((f) => f.diagnostic.code === 'duplicate-key-workspace');
    assert.deepEqual(duplicates.map((f) => f.file).sort(), ['guides/dataset-generator-template-synthesizer/dataset_generators/generator_from_templates.yaml', run]);
  });
});

describe('workspace key index, file by file', () => {
  const DATASET = '/ws/datasets/cities.yaml';
  const GEN = '/ws/generators/qa.yaml';
  const generatorText = (key: string) => `key: qa\ndisplay_name: QA\ndefinition:\n  data_source:\n    type: dataset_samples\n    dataset_key: ${key}\n  synthesizers: []\n`;
  const placeOf = () => 'elsewhere';
  const unknown = (index: WorkspaceKeyIndex) => keyDiagnostics(index, GEN, { placeOf }).map((d) => d.data?.key);

  test('an update re-reads one file and names the files whose diagnostics may change', () => {
    const index = new WorkspaceKeyIndex();
    index.update(GEN, generatorText('cities'));
    assert.deepEqual(unknown(index), ['cities']);
    const affected = index.update(DATASET, 'key: cities\nsource: {type: local, file_path: cities.csv}\n');
    assert.ok(affected !== 'all' && affected.has(GEN) && affected.has(DATASET));
    assert.deepEqual(unknown(index), []);
    index.update(DATASET, 'key: towns\nsource: {type: local, file_path: cities.csv}\n');
    assert.deepEqual(unknown(index), ['cities']);
    assert.equal(keyDiagnostics(index, GEN, { placeOf })[0].data?.suggestion, undefined);
    index.update(DATASET, 'key: citie\nsource: {type: local, file_path: cities.csv}\n');
    assert.equal(keyDiagnostics(index, GEN, { placeOf })[0].data?.suggestion, 'citie');
    index.remove(DATASET);
    assert.deepEqual(index.keysVisibleFrom('dataset', GEN), []);
  });

  test('a key defined after a file that misspells it: that file is affected, and its warning now suggests the key', () => {
    const index = new WorkspaceKeyIndex();
    index.update(GEN, generatorText('cities_dataset'));
    assert.equal(keyDiagnostics(index, GEN, { placeOf })[0].data?.suggestion, undefined);
    const affected = index.update(DATASET, 'key: cities-dataset\nsource: {type: local, file_path: cities.csv}\n');
    assert.ok(affected !== 'all' && affected.has(GEN), 'the misspelling file is re-checked');
    assert.equal(keyDiagnostics(index, GEN, { placeOf })[0].data?.suggestion, 'cities-dataset');
    // Re-reading the defining file with the same keys changes no suggestion: only the file itself is affected.
    const again = index.update(DATASET, 'key: cities-dataset\nsource: {type: local, file_path: towns.csv}\n');
    assert.ok(again !== 'all' && !again.has(GEN), [...(again === 'all' ? [] : again)].join(', '));
    const gone = index.remove(DATASET);
    assert.ok(gone !== 'all' && gone.has(GEN));
    assert.equal(keyDiagnostics(index, GEN, { placeOf })[0].data?.suggestion, undefined);
  });

  test('a run.yaml appearing or going away moves project boundaries: every file is affected', () => {
    const index = new WorkspaceKeyIndex();
    index.update(GEN, generatorText('cities'));
    index.update(DATASET, 'key: cities\nsource: {type: local, file_path: cities.csv}\n');
    assert.equal(index.update('/ws/generators/run.yaml', 'dataset_generators:\n  - $ref: ./qa.yaml\n'), 'all');
    assert.deepEqual(unknown(index), ['cities'], 'the generator is now in its own project');
    assert.equal(index.remove('/ws/generators/run.yaml'), 'all');
    assert.deepEqual(unknown(index), []);
  });

  test('each workspace folder is a project of its own', () => {
    const index = new WorkspaceKeyIndex();
    index.addRoot('/one');
    index.addRoot('/two');
    index.update('/one/a.dataset.yaml', 'key: same\nsource: {type: local, file_path: a.csv}\n');
    index.update('/two/b.dataset.yaml', 'key: same\nsource: {type: local, file_path: a.csv}\n');
    index.update('/two/c.dataset.yaml', 'key: other\nsource: {type: local, file_path: a.csv}\n');
    assert.deepEqual(keyDiagnostics(index, '/one/a.dataset.yaml', { placeOf }), []);
    assert.deepEqual(index.keysVisibleFrom('dataset', '/two/x.yaml'), ['other', 'same']);
  });

  test('namespaced keys, templates and environment values are not checked', () => {
    const index = new WorkspaceKeyIndex();
    for (const key of ['latticeflow$cities', '"<< config.source >>"', '$DATASET']) {
      index.update(GEN, generatorText(key));
      assert.deepEqual(unknown(index), [], key);
    }
  });

  test('files that are not ours give nothing; broken, deep and huge texts neither crash nor hang', () => {
    const index = new WorkspaceKeyIndex();
    index.update('/ws/app.yaml', 'key: my-app\ndisplay_name: App\nlong_description: !include README.md\n');
    index.update('/ws/tasks/t.yaml', 'key: t\ndefinition:\n  dataset:\n    key: nowhere\n');
    index.update('/ws/broken.yaml', 'key: [unclosed\n  dataset_key: x');
    index.update('/ws/deep.yaml', 'key: d\nsource: ' + '['.repeat(5000));
    index.update('/ws/huge.dataset.yaml', 'key: h\n' + '#'.repeat(3_000_000));
    assert.deepEqual(index.filesOfOurs(), []);
    assert.equal(index.factsOf('/ws/huge.dataset.yaml')?.skipped, true);
  });
});
