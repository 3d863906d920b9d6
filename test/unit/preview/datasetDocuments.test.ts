import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { datasetEntries, isDatasetSpec } from '../../../src/extension/preview/datasetDocuments';

const stream = [
  'key: math_only',
  'display_name: Math only',
  'source:',
  '  type: local',
  '  file_path: data/questions.csv',
  '---',
  'key: notes',
  'source: {type: folder, directory_path: notes}',
  '---',
  'key: generated',
  'generator_specification: {dataset_generator_key: g, dataset_generator_config: {}}',
  '',
].join('\n');

describe('datasets of a spec file', () => {
  test('one entry per mapping document, labelled by display name, then key', () => {
    const entries = datasetEntries(stream);
    assert.deepEqual(entries.map((e) => [e.index, e.label, e.key, e.sourceType]), [
      [0, 'Math only', 'math_only', 'local'],
      [1, 'notes', 'notes', 'folder'],
      [2, 'generated', 'generated', undefined],
    ]);
  });

  test('the source key range and its 1-based line are found for code lenses', () => {
    const [first, second, third] = datasetEntries(stream);
    assert.equal(stream.slice(first.sourceKeyRange!.start, first.sourceKeyRange!.end), 'source');
    assert.equal(first.line, 3);
    assert.equal(second.line, 8);
    assert.equal(third.sourceKeyRange, undefined);
  });

  test('a JSON spec is one dataset', () => {
    const json = '{\n  "key": "k",\n  "source": {"type": "local", "file_path": "a.jsonl"}\n}';
    const entries = datasetEntries(json);
    assert.equal(entries.length, 1);
    assert.equal(entries[0].line, 3);
  });

  test('documents that are not mappings are skipped', () => {
    assert.deepEqual(datasetEntries('- 1\n- 2\n'), []);
  });

  test('recognised by name, modeline or content', () => {
    assert.equal(isDatasetSpec('/w/a.dataset.yaml', 'anything: 1'), true);
    assert.equal(isDatasetSpec('/w/a.generator.yaml', stream), false);
    assert.equal(isDatasetSpec('/w/plain.yaml', '# eval-lens: dataset\nfoo: 1'), true);
    assert.equal(isDatasetSpec('/w/plain.yaml', stream), true);
    assert.equal(isDatasetSpec('/w/plain.yaml', 'name: x\n'), false);
  });
});
