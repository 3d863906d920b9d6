import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { validateDataset } from '../../../src/core/schema/generated/validators';
import { assertError, assertInvalid, assertValid, errorMessageOf, type JsonObject } from './schemaTestSupport';

const localSource = { type: 'local', file_path: 'data/samples.jsonl' };
const generatorSpecification = { dataset_generator_key: 'qa-generator', num_samples: 10, dataset_generator_config: { topic: 'maths' } };

function dataset(fields: JsonObject): JsonObject {
  return { key: 'my-dataset', display_name: 'My dataset', ...fields };
}

describe('Dataset', () => {
  test('accepts a dataset with a source and every optional field', () => {
    assertValid(validateDataset, dataset({ source: localSource, description: 'Short', long_description: '# Long\n*markdown*', tags: ['a', 'b'] }));
  });

  test('accepts a dataset with a generator specification', () => {
    assertValid(validateDataset, dataset({ generator_specification: generatorSpecification }));
  });

  test('requires key and display_name', () => {
    assertError(validateDataset, { display_name: 'x', source: localSource }, { path: '', keyword: 'required' });
    const error = assertError(validateDataset, { key: 'k', source: localSource }, { path: '', keyword: 'required' });
    assert.equal(error.params.missingProperty, 'display_name');
  });

  test('rejects an unknown top-level property', () => {
    const error = assertError(validateDataset, dataset({ source: localSource, sorce: {} }), { path: '', keyword: 'additionalProperties' });
    assert.equal(error.params.additionalProperty, 'sorce');
  });

  test('rejects tags that are not strings and descriptions that are not strings', () => {
    assertError(validateDataset, dataset({ source: localSource, tags: ['ok', 3] }), { path: '/tags/1', keyword: 'type' });
    assertError(validateDataset, dataset({ source: localSource, description: 5 }), { path: '/description', keyword: 'type' });
    assertError(validateDataset, dataset({ source: localSource, long_description: null }), { path: '/long_description', keyword: 'type' });
  });

  test('rejects a document that is not an object', () => {
    assertError(validateDataset, ['not', 'a', 'dataset'], { path: '', keyword: 'type' });
  });
});

describe('Dataset key', () => {
  test('accepts letters, digits, underscore and dash', () => {
    assertValid(validateDataset, dataset({ key: 'My_data-set-01', source: localSource }));
  });

  test('accepts exactly 250 characters and rejects 251', () => {
    assertValid(validateDataset, dataset({ key: 'k'.repeat(250), source: localSource }));
    const error = assertError(validateDataset, dataset({ key: 'k'.repeat(251), source: localSource }), { path: '/key', keyword: 'maxLength' });
    assert.match(errorMessageOf(error) ?? '', /250/);
  });

  test('rejects other characters with a readable message', () => {
    for (const key of ['my dataset', 'data.set', 'dataset/1', 'é']) {
      const error = assertError(validateDataset, dataset({ key, source: localSource }), { path: '/key', keyword: 'pattern' });
      assert.equal(errorMessageOf(error), "key may only contain letters, digits, '_' and '-'");
    }
  });

  test('rejects an empty key', () => {
    assertError(validateDataset, dataset({ key: '', source: localSource }), { path: '/key', keyword: 'pattern' });
  });

  test('rejects a key that is not a string', () => {
    assertError(validateDataset, dataset({ key: 12, source: localSource }), { path: '/key', keyword: 'type' });
  });
});

describe('Dataset source XOR generator_specification', () => {
  const message = 'a dataset needs either `source` or `generator_specification`, not both';

  test('rejects a dataset with both', () => {
    const errors = assertInvalid(validateDataset, dataset({ source: localSource, generator_specification: generatorSpecification }));
    assert.equal(errors.length, 1);
    assert.equal(errors[0].keyword, 'not');
    assert.equal(errors[0].instancePath, '');
    assert.equal(errorMessageOf(errors[0]), message);
  });

  test('rejects a dataset with neither', () => {
    const errors = assertInvalid(validateDataset, dataset({}));
    assert.ok(errors.length > 0);
    for (const error of errors) {
      assert.equal(error.instancePath, '');
      assert.equal(errorMessageOf(error), message);
    }
    assert.ok(errors.some((e) => e.keyword === 'anyOf'));
  });
});

describe('SDKDatasetGeneratorSpecification', () => {
  test('accepts num_samples of 1 and rejects 0 with a readable message', () => {
    assertValid(validateDataset, dataset({ generator_specification: { ...generatorSpecification, num_samples: 1 } }));
    const error = assertError(validateDataset, dataset({ generator_specification: { ...generatorSpecification, num_samples: 0 } }), {
      path: '/generator_specification/num_samples',
      keyword: 'minimum',
    });
    assert.equal(errorMessageOf(error), 'num_samples must be an integer of at least 1');
  });

  test('rejects a fractional or textual num_samples', () => {
    assertError(validateDataset, dataset({ generator_specification: { ...generatorSpecification, num_samples: 2.5 } }), { path: '/generator_specification/num_samples', keyword: 'type' });
    assertError(validateDataset, dataset({ generator_specification: { ...generatorSpecification, num_samples: '10' } }), { path: '/generator_specification/num_samples', keyword: 'type' });
  });

  test('requires dataset_generator_key and num_samples', () => {
    for (const missing of ['dataset_generator_key', 'num_samples']) {
      const spec: JsonObject = { ...generatorSpecification };
      delete spec[missing];
      const error = assertError(validateDataset, dataset({ generator_specification: spec }), { path: '/generator_specification', keyword: 'required' });
      assert.equal(error.params.missingProperty, missing);
    }
  });

  test('dataset_generator_config may be left out, as the service writes it (docs/semantics.md §11.4)', () => {
    const spec: JsonObject = { ...generatorSpecification };
    delete spec.dataset_generator_config;
    assert.equal(validateDataset(dataset({ generator_specification: spec })), true);
  });

  test('rejects a dataset_generator_config that is not an object', () => {
    assertError(validateDataset, dataset({ generator_specification: { ...generatorSpecification, dataset_generator_config: 'topic=maths' } }), {
      path: '/generator_specification/dataset_generator_config',
      keyword: 'type',
    });
  });

  test('rejects an unknown property', () => {
    const error = assertError(validateDataset, dataset({ generator_specification: { ...generatorSpecification, num_sample: 3 } }), { path: '/generator_specification', keyword: 'additionalProperties' });
    assert.equal(error.params.additionalProperty, 'num_sample');
  });
});

describe('DatasetGenerationDebugOptions', () => {
  test('accepts both flags', () => {
    assertValid(validateDataset, dataset({ generator_specification: { ...generatorSpecification, debug: { enabled: true, include_io: false } } }));
  });

  test('requires enabled and include_io as booleans', () => {
    const missing = assertError(validateDataset, dataset({ generator_specification: { ...generatorSpecification, debug: { enabled: true } } }), { path: '/generator_specification/debug', keyword: 'required' });
    assert.equal(missing.params.missingProperty, 'include_io');
    assertError(validateDataset, dataset({ generator_specification: { ...generatorSpecification, debug: { enabled: 'yes', include_io: true } } }), { path: '/generator_specification/debug/enabled', keyword: 'type' });
  });

  test('rejects an unknown property', () => {
    assertError(validateDataset, dataset({ generator_specification: { ...generatorSpecification, debug: { enabled: true, include_io: true, verbose: true } } }), {
      path: '/generator_specification/debug',
      keyword: 'additionalProperties',
    });
  });
});
