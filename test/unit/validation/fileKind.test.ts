import * as assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { kindFromFileName, kindFromModeline, kindFromValue, looksLikeLogJson, topLevelJsonKeys } from '../../../src/core/fileKind';

describe('file recognition (docs/semantics.md §1)', () => {
  test('by name', () => {
    assert.equal(kindFromFileName('/a/b/x.dataset.yaml'), 'dataset');
    assert.equal(kindFromFileName('x.DATASET.YML'), 'dataset');
    assert.equal(kindFromFileName('x.dataset.json'), 'dataset');
    assert.equal(kindFromFileName('gen.generator.yml'), 'generator');
    assert.equal(kindFromFileName('run.tasklog.json'), 'log');
    assert.equal(kindFromFileName('run.task-result-log.json'), 'log');
    assert.equal(kindFromFileName('run.tasklog.yaml'), undefined);
    assert.equal(kindFromFileName('data.yaml'), undefined);
  });

  test('by a first-line modeline', () => {
    assert.equal(kindFromModeline('# eval-lens: dataset\nkey: x'), 'dataset');
    assert.equal(kindFromModeline('  #eval-lens:generator\n'), 'generator');
    assert.equal(kindFromModeline('key: x\n# eval-lens: dataset'), undefined);
  });

  test('by content', () => {
    assert.equal(kindFromValue({ key: 'a', source: {} }), 'dataset');
    assert.equal(kindFromValue({ key: 'a', generator_specification: {} }), 'dataset');
    assert.equal(kindFromValue({ key: 'a' }), undefined);
    assert.equal(kindFromValue({ definition: { type: 'declarative_dataset_generator' } }), 'generator');
    assert.equal(kindFromValue({ format_version: 'v1', evidence: {} }), 'log');
    assert.equal(kindFromValue({ connection_type: 'managed_agent' }), 'connection');
    assert.equal(kindFromValue({ connection_type: 'other' }), undefined);
    assert.equal(kindFromValue([1, 2]), undefined);
  });

  test('large logs are recognised from their top-level keys only', () => {
    const text = JSON.stringify({ format_version: 'v1', app_version: '1', evidence: { format_version: 'nested', x: '}"{' } });
    assert.deepEqual(topLevelJsonKeys(text), ['format_version', 'app_version', 'evidence']);
    assert.equal(looksLikeLogJson(text), true);
    assert.equal(looksLikeLogJson(JSON.stringify({ a: { format_version: 'v1', evidence: 1 } })), false);
    assert.equal(looksLikeLogJson('[1,2]'), false);
  });
});
