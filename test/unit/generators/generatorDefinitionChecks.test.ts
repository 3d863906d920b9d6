import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { kindFromFileName, kindFromModeline, kindFromValue } from '../../../src/core/fileKind';
import { parseSpecDocuments } from '../../../src/core/yaml/specDocument';
import { validateText } from '../../../src/core/validation/validateText';
import { lines, show } from '../validation/testText';
import { sharedFixture } from '../sharedFixtures';

const SERVICE_REPOSITORY = sharedFixture('aigo-integrations');

function yamlFiles(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return yamlFiles(full);
    return /\.ya?ml$/.test(entry.name) ? [full] : [];
  });
}

/** The generator definitions of the service's repository, found as the editor finds them: by file kind. */
function generatorDefinitionFiles(): string[] {
  return yamlFiles(SERVICE_REPOSITORY).filter((file) => {
    const text = fs.readFileSync(file, 'utf8');
    const first = parseSpecDocuments(text)[0]?.value;
    return (kindFromFileName(file) ?? kindFromModeline(text) ?? kindFromValue(first)) === 'generator';
  });
}

function check(fileName: string, text: string) {
  const result = validateText(text, fileName, { env: {} });
  return { kind: result.kind, shown: result.diagnostics.map((d) => ({ ...show(text, d), code: d.code })) };
}

describe('the service\'s own generator definitions (docs/semantics.md §11.3)', () => {
  const files = generatorDefinitionFiles();

  test('every generator definition of the repository is recognised, with or without definition.type', () => {
    const names = files.map((file) => path.relative(SERVICE_REPOSITORY, file)).sort();
    assert.deepEqual(names, [
      'dataset_generators/question_generator.yaml',
      'guides/dataset-generator-claim-extraction-synthesizer/dataset_generators/dataset_generator.yaml',
      'guides/dataset-generator-combinations-llm/dataset_generators/city_language_qa_generator.yaml',
      'guides/dataset-generator-empty-source/dataset_generators/dataset_generator.yaml',
      'guides/dataset-generator-python-synthesizer/dataset_generators/dataset_generator.yaml',
      'guides/dataset-generator-template-synthesizer/dataset_generators/generator_from_templates.yaml',
    ]);
  });

  test('each validates with no error and no warning', () => {
    for (const file of files) {
      const { kind, shown } = check(file, fs.readFileSync(file, 'utf8'));
      assert.equal(kind, 'generator', file);
      // The copy of the python guide keeps its definition but not the synthesize.py it includes (SOURCES.md lists
      // what was copied): that missing file is the only problem, and it is the include check's, not the schema's.
      const problems = shown.filter((d) => d.severity !== 'info' && d.code !== 'missing-include');
      assert.deepEqual(problems, [], file);
      const missing = shown.filter((d) => d.code === 'missing-include');
      assert.ok(missing.every((d) => d.underlined.includes('synthesize.py')), file);
    }
  });
});

const header = ['key: g', 'display_name: G', 'config_spec:', '  - {key: model, type: model, display_name: Model, description: the model, default_value: "openai$gpt"}'];

describe('generator kinds: each kind is checked with its own fields', () => {
  test('a wrong field in a known kind is still an error', () => {
    const r = check('g.generator.yaml', lines(...header, 'definition:', '  data_source: {type: dataset_samples, dataset_keys: [a]}',
      '  synthesizers:', '    - {type: template, template: "x", filds: {a: [1]}}', '    - {type: python}', '    - {type: claim_labeling, model_key: "<< config.model >>", columns: {a: 3}}'));
    const errors = r.shown.filter((d) => d.severity === 'error');
    assert.ok(errors.some((d) => d.underlined === 'dataset_keys'), JSON.stringify(errors));
    assert.ok(errors.some((d) => d.underlined === 'filds' && /did you mean `fields`/.test(d.message)), JSON.stringify(errors));
    assert.ok(errors.some((d) => /synthesize_snippet/.test(d.message)), JSON.stringify(errors));
    assert.ok(errors.some((d) => d.underlined === '3'), JSON.stringify(errors));
  });

  test('a key of another kind is named as such, without a nearest-name guess', () => {
    const r = check('g.generator.yaml', lines(...header, 'definition:', '  data_source: {type: empty}',
      '  synthesizers:', '    - {type: llm, model_key: "<< config.model >>", user_prompt_template: p, fields: {a: [1]}}'));
    const error = r.shown.find((d) => d.underlined === 'fields');
    assert.equal(error?.severity, 'error');
    assert.match(error!.message, /`fields` belongs to `template`, not to `llm`/);
    assert.doesNotMatch(error!.message, /did you mean/);
  });

  test('an unknown data source or synthesizer type is a note, and nothing inside it is checked', () => {
    const r = check('g.generator.yaml', lines(...header, 'definition:', '  data_source: {type: web_crawl, url: x}',
      '  synthesizers:', '    - {type: translate, model_key: "<< config.model >>", anything: 1}'));
    assert.deepEqual(r.shown.filter((d) => d.severity !== 'info'), []);
    const notes = r.shown.filter((d) => d.severity === 'info').map((d) => [d.underlined, d.message]);
    assert.deepEqual(notes, [
      ['web_crawl', 'type `web_crawl` is not known to Eval Lens; not checked'],
      ['translate', 'type `translate` is not known to Eval Lens; not checked'],
    ]);
  });

  test('a definition needs synthesizers or one synthesizer', () => {
    const r = check('g.generator.yaml', lines(...header, 'definition:', '  data_source: {type: empty}'));
    assert.ok(r.shown.some((d) => d.severity === 'error' && /`synthesizers`.*`synthesizer`/.test(d.message)), JSON.stringify(r.shown));
  });
});

describe('<< config.KEY >> anywhere in the definition (docs/semantics.md §6)', () => {
  test('a key used only in model_key or dataset_key is used', () => {
    const r = check('g.generator.yaml', lines('key: g', 'display_name: G', 'config_spec:',
      '  - {key: synthesizer_model_key, type: model}', '  - {key: source_dataset_key, type: dataset}', '  - {key: unused, type: string}',
      'definition:', '  data_source: {type: dataset_samples, dataset_key: "<< config.source_dataset_key >>"}',
      '  synthesizers:', '    - {type: claim_extraction, model_key: "<< config.synthesizer_model_key >>", columns: {question: q}}'));
    const warnings = r.shown.filter((d) => d.severity === 'warning');
    assert.deepEqual(warnings.map((d) => d.underlined), ['unused']);
  });

  test('a reference to an undeclared key is a warning on it, with the close key suggested', () => {
    const r = check('g.generator.yaml', lines('key: g', 'display_name: G', 'config_spec:', '  - {key: topic, type: string}',
      'definition:', '  synthesizer: {type: llm, user_prompt_template: "About << config.topc >> and << config.topic >>"}'));
    assert.deepEqual(r.shown.map((d) => [d.severity, d.underlined, d.message]), [
      ['warning', '<< config.topc >>', '`<< config.topc >>` names no `config_spec` key; did you mean `topic`?'],
    ]);
  });
});
