import * as assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { fillPlaceholders } from '../../../src/core/generators/generatorPlaceholders';
import { combinationAt, combinationCount, expandTemplate, templateFields } from '../../../src/core/generators/templateExpansion';
import { resolveConfig, runGenerator } from '../../../src/core/generators/generatorRun';
import type { DatasetRowsLookup } from '../../../src/core/generators/generatorSources';

const datasets: Record<string, Record<string, unknown>[]> = {
  cities: [{ city: 'Berlin', country: 'Germany' }, { city: 'Paris', country: 'France' }],
  languages: [{ language: 'English' }, { language: 'German' }, { language: 'Italian' }],
};

const lookup: DatasetRowsLookup = async (key, limit) => {
  const rows = datasets[key];
  if (!rows) return { problem: `no dataset ${key}` };
  return { rows: rows.slice(0, limit), columns: Object.keys(rows[0]), total: rows.length, complete: true, file: `${key}.yaml` };
};

const options = { sourceLimit: 1000, shownSources: 10, pageSize: 50, lookup };

describe('template placeholders (docs/semantics.md §11.3)', () => {
  test('config, source columns and fields are filled in one pass; the rest stays as written', () => {
    const filled = fillPlaceholders('<< config.a >> {{ source.x }} {{source.y}} {f} {g} {{ sample.z }} {{ source.missing }}', {
      config: { a: 'A' }, source: { x: '{f}', y: 2 }, fields: { f: 'F' },
    });
    assert.equal(filled.text, 'A {f} 2 F {g} {{ sample.z }} {{ source.missing }}');
    assert.deepEqual(filled.unresolved, ['source.missing']);
  });
});

describe('template expansion', () => {
  const template = '{{ source.city }}: walk {distance} {direction}';
  const fields = { distance: ['1km', '2km'], direction: ['north', 'south', 'east'] };

  test('every combination for each source sample, the first field varying slowest (hand-computed)', () => {
    const expansion = expandTemplate(template, fields, datasets.cities, {});
    assert.equal(expansion.total, 12);
    assert.equal(expansion.perSource, 6);
    assert.deepEqual(expansion.page(0, 100).map((s) => s.text), [
      'Berlin: walk 1km north', 'Berlin: walk 1km south', 'Berlin: walk 1km east',
      'Berlin: walk 2km north', 'Berlin: walk 2km south', 'Berlin: walk 2km east',
      'Paris: walk 1km north', 'Paris: walk 1km south', 'Paris: walk 1km east',
      'Paris: walk 2km north', 'Paris: walk 2km south', 'Paris: walk 2km east',
    ]);
    assert.deepEqual(expansion.sampleAt(7), { sourceIndex: 1, fields: { distance: '1km', direction: 'south' }, text: 'Paris: walk 1km south', unresolved: [] });
  });

  test('pages are slices of the same order; past the end is empty', () => {
    const expansion = expandTemplate(template, fields, datasets.cities, {});
    const all = expansion.page(0, 12).map((s) => s.text);
    assert.deepEqual([...expansion.page(0, 5), ...expansion.page(5, 5), ...expansion.page(10, 5)].map((s) => s.text), all);
    assert.deepEqual(expansion.page(12, 5), []);
  });

  test('no fields: one sample per source sample; an empty list: none', () => {
    assert.equal(combinationCount(templateFields(undefined)), 1);
    assert.equal(combinationCount(templateFields({ a: [] })), 0);
    assert.deepEqual(combinationAt(templateFields({ a: [1, 2], b: ['x', 'y'] }), 3), { a: '2', b: 'y' });
  });
});

describe('generator run', () => {
  test('config values: the dataset\'s, else default_value, else unset', () => {
    const definition = { config_spec: [{ key: 'a', type: 'string', default_value: 'A' }, { key: 'b', type: 'string' }, { key: 'c', type: 'model', default_value: 'm' }] };
    assert.deepEqual(resolveConfig(definition, { c: 'given' }).view, [
      { key: 'a', value: 'A', from: 'default' }, { key: 'b', from: 'unset' }, { key: 'c', value: 'given', from: 'dataset' },
    ]);
  });

  test('dataset_sample_combinations: every combination of one row of each dataset, first dataset slowest, into an llm prompt', async () => {
    const run = await runGenerator({
      key: 'g', config_spec: [{ key: 'model', type: 'model', default_value: 'openai$x' }],
      definition: {
        data_source: { type: 'dataset_sample_combinations', dataset_keys: ['cities', 'languages'] },
        synthesizers: [{ type: 'llm', model_key: '<< config.model >>', system_prompt_template: 'S', user_prompt_template: 'Q on {{ source.city }} in {{ source.language }}', sample_properties: { question: { type: 'string' } } }],
      },
    }, options);
    assert.equal(run.view.source.total, 6);
    const stage = run.view.stages[0];
    assert.equal(stage.kind, 'llm');
    if (stage.kind !== 'llm') return;
    assert.equal(stage.model, 'openai$x');
    assert.deepEqual(stage.columns, [{ name: 'question', type: 'string' }]);
    assert.deepEqual(stage.prompts.map((p) => p.user?.text), [
      'Q on Berlin in English', 'Q on Berlin in German', 'Q on Berlin in Italian', 'Q on Paris in English', 'Q on Paris in German', 'Q on Paris in Italian',
    ]);
  });

  test('dataset_samples through << config >>, template stage paged; a missing dataset is a problem, not a crash', async () => {
    const definition = {
      key: 'g', config_spec: [{ key: 'src', type: 'dataset', default_value: 'cities' }],
      definition: { data_source: { type: 'dataset_samples', dataset_key: '<< config.src >>' }, synthesizers: [{ type: 'template', template: '{{ source.country }} {n}', fields: { n: [1, 2] } }] },
    };
    const run = await runGenerator(definition, { ...options, pageSize: 3 });
    const stage = run.view.stages[0];
    assert.ok(stage.kind === 'template');
    assert.deepEqual(stage.firstPage.map((s) => s.text), ['Germany 1', 'Germany 2', 'France 1']);
    assert.deepEqual(run.templatePage(0, 3, 3).map((s) => s.text), ['France 2']);
    const missing = await runGenerator(definition, { ...options, datasetConfig: { src: 'nowhere' } });
    assert.deepEqual(missing.view.source.problems, ['no dataset nowhere']);
  });

  test('inline samples feed claim synthesizers; python is shown, unknown kinds named', async () => {
    const run = await runGenerator({
      key: 'g', definition: {
        data_source: { type: 'inline_samples', samples: [{ q: 'Q1', a: 'A1' }] },
        synthesizers: [{ type: 'claim_extraction', model_key: 'm', columns: { question: 'q', answer: 'a' } }, { type: 'python', synthesize_snippet: 'print(1)\n' }, { type: 'translate' }],
      },
    }, options);
    assert.deepEqual(run.view.stages, [
      { kind: 'claims', index: 0, type: 'claim_extraction', model: 'm', roles: [{ role: 'question', column: 'q' }, { role: 'answer', column: 'a' }], inputs: [{ sourceIndex: 0, values: { question: 'Q1', answer: 'A1' } }] },
      { kind: 'python', index: 1, snippet: 'print(1)\n' },
      { kind: 'unknown', index: 2, type: 'translate' },
    ]);
  });

  test('a singular synthesizer mapping and an empty source: the prompt shown once', async () => {
    const run = await runGenerator({ key: 'g', definition: { type: 'declarative_dataset_generator', data_source: { type: 'empty' }, synthesizer: { type: 'llm', user_prompt_template: 'hi' } } }, options);
    assert.equal(run.view.source.total, 1);
    assert.ok(run.view.stages[0].kind === 'llm' && run.view.stages[0].prompts.length === 1);
  });
});
