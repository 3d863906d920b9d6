/**
 * The service's older dataset and generator forms (docs/semantics.md §11.4): recognised, checked as the form they
 * stand for with each finding on the key the file writes, and an information note on the older key.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { kindFromValue } from '../../../src/core/fileKind';
import { currentDatasetForm, currentGeneratorForm, olderForms } from '../../../src/core/json/olderServiceForms';
import { validateText } from '../../../src/core/validation/validateText';
import { sharedFixture } from '../sharedFixtures';

const OLDER_FORM_FIXTURES = [
  ['aigo-integrations', 'datasets', 'qa_single_answers.yaml'],
  ['aigo-integrations', 'guides', 'dataset-generator-python-synthesizer', 'datasets', 'seed-dataset.yaml'],
];

describe('a top-level file_path, as the service\'s repositories write it', () => {
  for (const parts of OLDER_FORM_FIXTURES) {
    test(`${parts[parts.length - 1]}: a dataset, no error, one note on file_path`, () => {
      const text = readFileSync(sharedFixture(...parts), 'utf8');
      const result = validateText(text, parts[parts.length - 1]);
      assert.equal(result.kind, 'dataset');
      assert.deepEqual(result.diagnostics.map((d) => [d.severity, d.code, d.path.join('/'), text.slice(d.range.start, d.range.end)]),
        [['info', 'older-service-form', 'file_path', 'file_path']]);
      assert.match(result.diagnostics[0].message, /a top-level `file_path` is a `local` source/);
    });
  }

  test('stands for a local source; today\'s form is left as it is', () => {
    const value = { key: 'k', display_name: 'K', file_path: './a.csv', description: 'd' };
    assert.deepEqual(currentDatasetForm(value), { key: 'k', display_name: 'K', source: { type: 'local', file_path: './a.csv' }, description: 'd' });
    const today = { key: 'k', display_name: 'K', source: { type: 'local', file_path: './a.csv' } };
    assert.equal(currentDatasetForm(today), today);
    assert.deepEqual(olderForms('dataset', today), []);
    assert.equal(kindFromValue(value), 'dataset');
    assert.equal(kindFromValue({ file_path: './a.csv' }), undefined, 'a file_path without a key is not a dataset');
    const bareSource = { type: 'eval_logs', file_path: './run.eval' };
    assert.equal(currentDatasetForm(bareSource), bareSource, 'a bare source keeps its type');
  });
});

describe('dataset_generation_request', () => {
  const text = [
    'key: qa', 'display_name: QA',
    '# generated on the platform',
    'dataset_generation_request:',
    '  dataset_generator_id: question-generator',
    '  num_samples: 5',
    '  dataset_generator_config:',
    '    topic: rivers', '',
  ].join('\n');

  test('is a generator specification: recognised, checked, one note on its key', () => {
    const result = validateText(text, 'qa.yaml');
    assert.equal(result.kind, 'dataset');
    assert.deepEqual(result.diagnostics.map((d) => [d.severity, d.path.join('/'), text.slice(d.range.start, d.range.end)]),
      [['info', 'dataset_generation_request', 'dataset_generation_request']]);
    assert.deepEqual(currentDatasetForm(result.values[0]), {
      key: 'qa', display_name: 'QA',
      generator_specification: { dataset_generator_key: 'question-generator', num_samples: 5, dataset_generator_config: { topic: 'rivers' } },
    });
  });

  test('a problem inside it is placed on the key the file writes', () => {
    const bad = text.replace('num_samples: 5', 'num_samples: 0').replace('dataset_generator_id: question-generator', 'dataset_generator_id: ""');
    const errors = validateText(bad, 'qa.yaml').diagnostics.filter((d) => d.severity === 'error');
    assert.deepEqual(errors.map((d) => [d.path.join('/'), bad.slice(d.range.start, d.range.end)]).sort(),
      [['dataset_generation_request/dataset_generator_id', '""'], ['dataset_generation_request/num_samples', '0']]);
  });

  test('dataset_generator_config may be left out, in either form', () => {
    const withoutConfig = 'key: qa\ndisplay_name: QA\ngenerator_specification:\n  dataset_generator_key: g\n  num_samples: 3\n';
    assert.deepEqual(validateText(withoutConfig, 'qa.yaml').diagnostics, []);
  });
});

describe('generator entries with kind: or a namespaced key: for their type', () => {
  const text = [
    'key: gen', 'display_name: Gen',
    'definition:',
    '  data_source:',
    '    key: latticeflow$dataset_samples',
    '    dataset_key: seed-dataset',
    '  synthesizers:',
    '    - kind: template',
    '      template: "Q about {{ source.city }}"',
    '    - key: "latticeflow$llm"',
    '      model_key: openai$gpt-4-1-nano',
    '', // no user_prompt_template: an llm synthesizer's error
  ].join('\n');

  test('read as type:, a note on each older key, and the checks of the kind it names', () => {
    const result = validateText(text, 'gen.yaml');
    assert.equal(result.kind, 'generator');
    const shown = result.diagnostics.map((d) => [d.severity, d.path.join('/'), text.slice(d.range.start, d.range.end)]);
    assert.deepEqual(shown.filter(([severity]) => severity === 'info'), [
      ['info', 'definition/data_source/key', 'key'],
      ['info', 'definition/synthesizers/0/kind', 'kind'],
      ['info', 'definition/synthesizers/1/key', 'key'],
    ]);
    const errors = result.diagnostics.filter((d) => d.severity === 'error');
    assert.equal(errors.length, 1, JSON.stringify(shown));
    assert.match(errors[0].message, /user_prompt_template/);
    assert.equal(errors[0].path.join('/'), 'definition/synthesizers/1');
  });

  test('today\'s form of the definition', () => {
    const current = currentGeneratorForm(validateText(text, 'gen.yaml').values[0]) as { definition: Record<string, unknown> };
    assert.deepEqual(current.definition.data_source, { type: 'dataset_samples', dataset_key: 'seed-dataset' });
    assert.deepEqual(current.definition.synthesizers, [
      { type: 'template', template: 'Q about {{ source.city }}' },
      { type: 'llm', model_key: 'openai$gpt-4-1-nano' },
    ]);
  });
});

describe('older forms written wrongly', () => {
  test('wrong types are checked as written, never a crash', () => {
    const texts = [
      'key: a\ndisplay_name: A\ndataset_generation_request: just text\n',
      'key: a\ndisplay_name: A\ndataset_generation_request: { dataset_generator_id: [1], num_samples: "x" }\n',
      'key: g\ndefinition:\n  data_source: { kind: 42 }\n  synthesizers: { kind: llm }\n',
      'key: g\ndefinition:\n  data_source: { key: "owner$" }\n  synthesizers: [null, 3, { key: "a$b$c" }]\n',
      'key: a\ndisplay_name: A\nsecrets: [1, 2]\nsource: { type: langsmith, project: "<< secrets.P >>" }\n',
    ];
    for (const text of texts) {
      const result = validateText(text, 'x.yaml', { env: {} });
      for (const d of result.diagnostics) assert.ok(d.range.start >= 0 && d.range.end <= text.length, text);
    }
    const typed = validateText(texts[1], 'x.yaml').diagnostics.filter((d) => d.severity === 'error');
    assert.deepEqual(typed.map((d) => d.path.join('/')).sort(), ['dataset_generation_request/dataset_generator_id', 'dataset_generation_request/num_samples']);
    const secrets = validateText(texts[4], 'x.yaml', { env: {} }).diagnostics;
    assert.ok(secrets.some((d) => d.path.join('/') === 'secrets' && d.severity === 'error'), 'a secrets: list is a schema error');
    assert.ok(secrets.some((d) => d.code === 'unset-variable'), 'the secret is then read from the variable P, which is not set');
  });
});
