import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { validateGeneratorDefinition } from '../../../src/core/schema/generated/validators';
import { assertError, assertInvalid, assertValid, copy, schemaTitleOf, type JsonObject } from './schemaTestSupport';

const definition: JsonObject = {
  key: 'qa-generator',
  display_name: 'Q&A generator',
  description: 'Generates questions about a topic',
  config_spec: [{ key: 'topic', type: 'string', display_name: 'Topic' }],
  definition: {
    type: 'declarative_dataset_generator',
    data_source: { type: 'empty' },
    synthesizers: [
      {
        type: 'llm',
        model_key: 'writer',
        use_structured_outputs: true,
        system_prompt: 'You write questions about << config.topic >>.',
        user_prompt_template: 'Write one question about << config.topic >>.',
      },
    ],
    sample_properties: { question: { type: 'string' }, answer: { type: 'string' } },
  },
};

function body(doc: JsonObject): JsonObject {
  return doc.definition as JsonObject;
}

function synthesizer(doc: JsonObject): JsonObject {
  return (body(doc).synthesizers as JsonObject[])[0];
}

describe('Dataset generator definition', () => {
  test('accepts a complete definition', () => {
    assertValid(validateGeneratorDefinition, definition);
  });

  test('accepts the minimal form', () => {
    assertValid(validateGeneratorDefinition, {
      key: 'g',
      display_name: 'G',
      definition: { type: 'declarative_dataset_generator', synthesizers: [{ type: 'llm', model_key: 'm', user_prompt_template: 'Write.' }] },
    });
  });

  test('requires key, display_name and definition', () => {
    for (const field of ['key', 'display_name', 'definition']) {
      const doc = copy(definition);
      delete doc[field];
      const error = assertError(validateGeneratorDefinition, doc, { path: '', keyword: 'required' });
      assert.equal(error.params.missingProperty, field);
    }
  });

  test('rejects unknown properties at every level', () => {
    const top = copy(definition);
    top.configspec = [];
    assertError(validateGeneratorDefinition, top, { path: '', keyword: 'additionalProperties' });
    const inner = copy(definition);
    body(inner).synthesiser = [];
    assertError(validateGeneratorDefinition, inner, { path: '/definition', keyword: 'additionalProperties' });
    const synth = copy(definition);
    synthesizer(synth).temperature = 0.2;
    assertError(validateGeneratorDefinition, synth, { path: '/definition/synthesizers/0', keyword: 'additionalProperties' });
  });

  test('config_spec entries need key and type', () => {
    const doc = copy(definition);
    doc.config_spec = [{ key: 'topic', display_name: 'Topic' }];
    const error = assertError(validateGeneratorDefinition, doc, { path: '/config_spec/0', keyword: 'required' });
    assert.equal(error.params.missingProperty, 'type');
    doc.config_spec = [{ key: 'topic', type: 'string', default: 'x' }];
    assertError(validateGeneratorDefinition, doc, { path: '/config_spec/0', keyword: 'additionalProperties' });
  });

  test('definition.type must be declarative_dataset_generator', () => {
    const doc = copy(definition);
    body(doc).type = 'scripted';
    assertError(validateGeneratorDefinition, doc, { path: '/definition/type', keyword: 'enum' });
  });

  test('data_source.type must be empty', () => {
    const doc = copy(definition);
    body(doc).data_source = { type: 'dataset' };
    assertError(validateGeneratorDefinition, doc, { path: '/definition/data_source/type', keyword: 'enum' });
  });

  test('an llm synthesizer needs model_key and user_prompt_template, and reports only its own errors', () => {
    const doc = copy(definition);
    delete synthesizer(doc).user_prompt_template;
    const errors = assertInvalid(validateGeneratorDefinition, doc);
    assert.equal(errors.length, 1);
    assert.equal(errors[0].params.missingProperty, 'user_prompt_template');
    assert.equal(schemaTitleOf(errors[0]), 'Model synthesizer');
  });

  test('synthesizer fields have their types', () => {
    const doc = copy(definition);
    synthesizer(doc).use_structured_outputs = 'yes';
    synthesizer(doc).system_prompt = 3;
    const errors = assertInvalid(validateGeneratorDefinition, doc);
    assert.ok(errors.some((e) => e.instancePath === '/definition/synthesizers/0/use_structured_outputs' && e.keyword === 'type'));
    assert.ok(errors.some((e) => e.instancePath === '/definition/synthesizers/0/system_prompt' && e.keyword === 'type'));
  });

  test('rejects an unknown synthesizer type', () => {
    const doc = copy(definition);
    synthesizer(doc).type = 'script';
    assertError(validateGeneratorDefinition, doc, { path: '/definition/synthesizers/0/type', keyword: 'enum' });
  });

  test('sample_properties map names to an object with a string type', () => {
    const doc = copy(definition);
    body(doc).sample_properties = { question: 'string' };
    assertError(validateGeneratorDefinition, doc, { path: '/definition/sample_properties/question', keyword: 'type' });
    body(doc).sample_properties = { question: {} };
    assertError(validateGeneratorDefinition, doc, { path: '/definition/sample_properties/question', keyword: 'required' });
  });
});
