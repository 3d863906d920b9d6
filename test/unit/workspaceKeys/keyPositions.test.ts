import * as assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { expectedKeyKind, keyCompletions } from '../../../src/core/workspaceKeys/keyPositions';

const choices = (kind: string) => (kind === 'dataset' ? [{ key: 'cities-dataset', detail: 'd' }, { key: 'languages-dataset', detail: 'd' }] : [{ key: 'qa-generator', detail: 'g' }]);

describe('where a key is expected', () => {
  test('the reference fields of datasets, generators and run configs', () => {
    assert.equal(expectedKeyKind('dataset', ['generator_specification', 'dataset_generator_key'], {}), 'generator');
    assert.equal(expectedKeyKind('generator', ['definition', 'data_source', 'dataset_keys', 1], {}), 'dataset');
    assert.equal(expectedKeyKind('generator', ['config_spec', 0, 'default_value'], { config_spec: [{ type: 'dataset' }] }), 'dataset');
    assert.equal(expectedKeyKind('generator', ['config_spec', 0, 'default_value'], { config_spec: [{ type: 'model' }] }), undefined);
    assert.equal(expectedKeyKind('run-config', ['dataset_generators', 0, 'definition', 'data_source', 'dataset_key'], {}), 'dataset');
    assert.equal(expectedKeyKind('run-config', ['tasks', 2, 'definition', 'dataset', 'key'], {}), 'dataset');
    assert.equal(expectedKeyKind('run-config', ['evaluation', 'task_specifications', 0, 'dataset_key'], {}), 'dataset');
    assert.equal(expectedKeyKind('dataset', ['key'], {}), undefined);
    assert.equal(expectedKeyKind(undefined, ['generator_specification', 'dataset_generator_key'], {}), undefined);
  });

  test('completion offers the keys after a reference field, quoted, replacing what was typed', () => {
    const text = 'key: q\ndefinition:\n  data_source:\n    type: dataset_sample_combinations\n    dataset_keys:\n      - cit\n';
    const offset = text.indexOf('cit') + 3;
    const items = keyCompletions(text, offset, false, 'generator', choices);
    assert.deepEqual(items.map((i) => i.label), ['cities-dataset', 'languages-dataset']);
    assert.equal(items[0].insertText, '"cities-dataset"');
    assert.deepEqual(items[0].range, { start: text.indexOf('cit'), end: offset });
    const onKey = keyCompletions(text, text.indexOf('data_source') + 4, false, 'generator', choices);
    assert.deepEqual(onKey, []);
  });

  test('an empty generator key value gets the generator keys', () => {
    const text = 'key: d\ndisplay_name: D\ngenerator_specification:\n  dataset_generator_key: \n';
    const items = keyCompletions(text, text.indexOf('key: \n') + 5, false, 'dataset', choices);
    assert.deepEqual(items.map((i) => i.label), ['qa-generator']);
  });
});
