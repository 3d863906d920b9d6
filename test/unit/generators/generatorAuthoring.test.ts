import * as assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { completionsAt } from '../../../src/core/authoring/completionEngine';
import { hoverAt } from '../../../src/core/authoring/hoverEngine';
import { parseSpecDocuments } from '../../../src/core/yaml/specDocument';
import { cursor } from '../authoring/authoringTestSupport';

function complete(marked: string) {
  const { text, offset } = cursor(marked);
  return completionsAt(text, offset, { kind: 'generator', json: false });
}

function hover(marked: string) {
  const { text, offset } = cursor(marked);
  return hoverAt(text, parseSpecDocuments(text), offset, { kind: 'generator' });
}

const head = 'key: g\ndisplay_name: G\ndefinition:\n';

describe('completion and hovers in generator definitions (docs/semantics.md §11.3)', () => {
  test('every synthesizer kind is offered after `type: `, each with its description', () => {
    const list = complete(`${head}  synthesizers:\n    - type: |`);
    assert.deepEqual(list.map((i) => i.label).sort(), ['claim_extraction', 'claim_labeling', 'link_claim_quotes', 'llm', 'python', 'template']);
    assert.match(list.find((i) => i.label === 'template')?.documentation ?? '', /combination of `fields` values/);
  });

  test('every data source kind is offered, and a snippet for each', () => {
    const values = complete(`${head}  data_source:\n    type: |`).map((i) => i.label).sort();
    assert.deepEqual(values, ['dataset_sample_combinations', 'dataset_samples', 'empty', 'inline_samples']);
    const snippets = complete(`${head}  data_source:\n    |`).filter((i) => i.kind === 'snippet').map((i) => i.label);
    assert.ok(snippets.includes('dataset_sample_combinations data source'), snippets.join(', '));
  });

  test('the keys of the chosen kind are offered: template fields, not llm prompts', () => {
    const keys = complete(`${head}  synthesizers:\n    - type: template\n      |`).map((i) => i.label);
    assert.ok(keys.includes('template') && keys.includes('fields'), keys.join(', '));
    assert.ok(!keys.includes('user_prompt_template'), keys.join(', '));
  });

  test('hovers come from the kinds\' descriptions', () => {
    const onFields = hover(`${head}  synthesizers:\n    - type: template\n      template: x\n      fi|elds: {a: [1]}\n`);
    assert.match(onFields?.markdown ?? '', /first field varies slowest/);
    const onDefault = hover('key: g\ndisplay_name: G\nconfig_spec:\n  - key: a\n    type: string\n    default_va|lue: x\ndefinition: {synthesizer: {type: python, synthesize_snippet: x}}\n');
    assert.match(onDefault?.markdown ?? '', /does not set the option/);
  });
});
