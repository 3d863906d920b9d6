import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { generatorPreview, generatorSpecificationOf, substituteConfig } from '../../../src/core/sources/generatorPreview';
import { failureBeforeRun } from '../../../src/extension/preview/previewFailure';
import { parseSpecDocuments } from '../../../src/core/yaml/specDocument';

const examples = path.join(__dirname, '../../../../examples');

function exampleValue(relative: string): Record<string, unknown> {
  const value = parseSpecDocuments(fs.readFileSync(path.join(examples, relative), 'utf8'))[0].value;
  assert.ok(value && typeof value === 'object');
  return value as Record<string, unknown>;
}

describe('generator preview', () => {
  test('config values are put in for << config.x >>; references without a value stay and are listed', () => {
    const { text, unresolved } = substituteConfig('Write a <<config.difficulty>> question about << config.topic >> in << config.lang >>.', { topic: 'SQL joins', difficulty: 'hard' });
    assert.equal(text, 'Write a hard question about SQL joins in << config.lang >>.');
    assert.deepEqual(unresolved, ['lang']);
    assert.equal(substituteConfig('n = << config.n >>', { n: 3 }).text, 'n = 3', 'numbers as written');
  });

  test('the example generated dataset previews its workspace generator: prompts filled in, columns, sample count', () => {
    const dataset = exampleValue('datasets/generated.dataset.yaml');
    const specification = generatorSpecificationOf(dataset);
    assert.ok(specification, 'a dataset with generator_specification and no source');
    const definition = exampleValue('generators/qa-generator.generator.yaml');
    const view = generatorPreview(specification, { file: '/w/generators/qa-generator.generator.yaml', line: 3, value: definition });
    assert.equal(view.generatorKey, 'qa-generator');
    assert.equal(view.numSamples, 50);
    assert.deepEqual(view.config, [{ key: 'topic', value: 'SQL joins' }, { key: 'difficulty', value: 'medium' }]);
    assert.deepEqual(view.columns, [{ name: 'question', type: 'string' }, { name: 'answer', type: 'string' }]);
    const user = view.prompts.find((p) => p.field === 'user_prompt_template');
    assert.equal(user?.text, 'Write one medium question about SQL joins, with its answer.');
    assert.deepEqual(user?.unresolved, []);
    assert.equal(view.prompts.find((p) => p.field === 'system_prompt')?.text, 'You write evaluation samples. Each sample has a question and its answer.');
    assert.deepEqual(view.definition && { name: view.definition.displayName, type: view.definition.type, models: view.definition.models, line: view.definition.line },
      { name: 'Question generator', type: 'declarative_dataset_generator', models: ['default-model'], line: 3 });
    assert.deepEqual(view.missingConfig, []);
  });

  test('a definition not in the workspace: the key, samples and config, no definition, no prompts', () => {
    const view = generatorPreview({ dataset_generator_key: 'elsewhere', num_samples: 10, dataset_generator_config: { topic: 'x' } });
    assert.equal(view.definition, undefined);
    assert.equal(view.generatorKey, 'elsewhere');
    assert.equal(view.numSamples, 10);
    assert.deepEqual(view.prompts, []);
  });

  test('config keys the definition declares but the dataset does not set are named', () => {
    const view = generatorPreview({ dataset_generator_key: 'g', dataset_generator_config: { topic: 'x' } },
      { file: '/g.yaml', value: { key: 'g', config_spec: [{ key: 'topic' }, { key: 'difficulty' }], definition: { synthesizers: [{ user_prompt_template: '<< config.difficulty >> on << config.topic >>' }] } } });
    assert.deepEqual(view.missingConfig, ['difficulty']);
    assert.deepEqual(view.prompts[0].unresolved, ['difficulty']);
    assert.equal(view.prompts[0].text, '<< config.difficulty >> on x');
  });

  test('a dataset with a source is not a generator preview; hostile definitions do not throw', () => {
    assert.equal(generatorSpecificationOf({ source: { type: 'local' }, generator_specification: {} }), undefined);
    const view = generatorPreview({ dataset_generator_key: 'g' }, { file: '/g.yaml', value: { definition: { synthesizers: [null, 3, { system_prompt: 7 }], sample_properties: [] } } });
    assert.deepEqual(view.prompts, []);
    assert.deepEqual(view.columns, []);
  });

  test('a generated dataset is no longer a failure before the run (the view shows its generator)', () => {
    const text = 'key: gen\ndisplay_name: Gen\ngenerator_specification:\n  dataset_generator_key: g\n';
    assert.equal(failureBeforeRun({ specPath: '/w/gen.yaml', text, document: parseSpecDocuments(text)[0] }), undefined);
  });
});
