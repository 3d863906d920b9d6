import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { completionsAt, CompletionContext } from '../../../src/core/authoring/completionEngine';
import { cursor, datasetContext, makeDataFolder } from './authoringTestSupport';
import { SOURCE_DEFINITIONS } from '../../../src/core/sources/registry';

function labels(marked: string, ctx: CompletionContext = datasetContext()): string[] {
  const { text, offset } = cursor(marked);
  return completionsAt(text, offset, ctx).map((i) => i.label);
}

function items(marked: string, ctx: CompletionContext = datasetContext()) {
  const { text, offset } = cursor(marked);
  return { text, offset, items: completionsAt(text, offset, ctx) };
}

describe('completion: keys', () => {
  test('an empty dataset offers the required keys first, then snippets', () => {
    const { items: list } = items('|');
    const sorted = [...list].sort((a, b) => a.sortText.localeCompare(b.sortText)).map((i) => i.label);
    assert.deepEqual(sorted.slice(0, 2), ['display_name', 'key']);
    assert.ok(list.some((i) => i.kind === 'snippet' && i.label === 'dataset from a local file'));
  });

  test('source and generator_specification exclude each other at column 1', () => {
    const withSource = labels('key: a\ndisplay_name: b\nsource:\n  type: local\n  file_path: q.csv\n|');
    assert.ok(!withSource.includes('generator_specification'), `with source: ${withSource.join(', ')}`);
    assert.ok(withSource.includes('tags'), 'the other keys are still offered');
    const withGenerator = labels('key: a\ndisplay_name: b\ngenerator_specification:\n  dataset_generator_key: g\n|');
    assert.ok(!withGenerator.includes('source'), `with generator_specification: ${withGenerator.join(', ')}`);
    const neither = labels('key: a\ndisplay_name: b\n|');
    assert.ok(neither.includes('source') && neither.includes('generator_specification'), 'with neither, both are offered');
  });

  test('keys already present are omitted', () => {
    const got = labels('key: a\ndisplay_name: b\n|');
    assert.ok(!got.includes('key') && !got.includes('display_name'));
    assert.ok(got.includes('source') && got.includes('tags'));
  });

  test('inside source: the discriminator and every spelling of every type first (the service\'s before the specification\'s), and a snippet per source type', () => {
    const { items: list } = items('key: a\nsource:\n  |');
    const props = list.filter((i) => i.kind === 'property').map((i) => i.label);
    assert.deepEqual(props, ['type']);
    const combos = list.filter((i) => i.kind === 'enum').map((i) => i.label);
    assert.equal(combos.length, SOURCE_DEFINITIONS.flatMap((definition) => definition.identifiers).length);
    assert.ok(combos.includes('type: folder'));
    assert.ok(combos.indexOf('type: huggingface') < combos.indexOf('type: dataset_hub'));
    assert.ok(combos.indexOf('type: langsmith') < combos.indexOf('type: trace_platform_a'));
    assert.equal(list.filter((i) => i.kind === 'snippet').length, SOURCE_DEFINITIONS.length);
  });

  test('after type: folder only folder keys are offered', () => {
    assert.deepEqual(labels('key: a\nsource:\n  type: folder\n  |').sort(), ['directory_path', 'extension', 'filters']);
  });

  test('the filter op decides between value, values and nothing', () => {
    const base = 'key: a\nsource:\n  type: local\n  file_path: x.csv\n  filters:\n    - expression: "{{ sample.category }}"\n';
    assert.deepEqual(labels(base + '      op: equals\n      |'), ['value']);
    assert.deepEqual(labels(base + '      op: in\n      |'), ['values']);
    assert.deepEqual(labels(base + '      op: exists\n      |'), []);
  });

  test('after "- " in filters: op values, expression and the three filter snippets', () => {
    const { items: list } = items('key: a\nsource:\n  type: local\n  file_path: x.csv\n  filters:\n    - |');
    assert.ok(list.some((i) => i.label === 'op: in'));
    assert.ok(list.some((i) => i.label === 'expression'));
    const snippets = list.filter((i) => i.kind === 'snippet');
    assert.equal(snippets.length, 3);
    // Continuation lines are indented past the dash.
    assert.match(snippets[0].insertText, /\n {2}op: /);
  });

  test('in a flow mapping, keys present on the line are omitted', () => {
    assert.deepEqual(labels('key: a\nsource: { type: local, | }').sort(), ['file_path', 'filters']);
  });

  test('connection configs narrow by connection_type', () => {
    const ctx: CompletionContext = { kind: 'connection', json: false };
    assert.deepEqual(labels('connection_type: agent_platform_a\n|', ctx).sort(), ['api_key', 'url']);
    assert.ok(labels('|', ctx).includes('connection_type: placeholder'));
  });

  test('a generator specification snippet inside generator_specification', () => {
    const got = items('key: a\ngenerator_specification:\n  |').items;
    assert.ok(got.some((i) => i.kind === 'snippet' && i.label === 'generator specification'));
    assert.ok(got.some((i) => i.label === 'num_samples' && i.sortText.startsWith('0')));
  });
});

describe('completion: values', () => {
  test('enum values with descriptions after "type: " (incomplete line)', () => {
    const { items: list } = items('key: a\nsource:\n  type: |');
    assert.equal(list.length, SOURCE_DEFINITIONS.flatMap((definition) => definition.identifiers).length);
    const folder = list.find((i) => i.label === 'folder');
    assert.ok(folder?.documentation?.includes('folder'));
    assert.match(list.find((i) => i.label === 'dataset_hub')?.documentation ?? '', /Same as `huggingface`\. Hugging Face/);
  });

  test('enum values replace the partly typed value', () => {
    const { text, items: list } = items('key: a\nsource:\n  type: fol|');
    const folder = list.find((i) => i.label === 'folder')!;
    assert.equal(text.slice(folder.range.start, folder.range.end), 'fol');
  });

  test('op values in a JSON-like flow mapping', () => {
    assert.ok(labels('key: a\nsource:\n  type: url\n  url: https://x/a.csv\n  filters:\n    - { expression: "{{ sample.a }}", op: | }').includes('not_in'));
  });

  test('the most frequent values of the filtered column after value: and in values:', () => {
    const base = 'key: a\nsource:\n  type: local\n  file_path: x.csv\n  filters:\n    - expression: "{{ sample.category }}"\n';
    assert.deepEqual(labels(base + '      op: equals\n      value: |'), ['math', 'code']);
    assert.deepEqual(labels(base + '      op: in\n      values: [math, |]'), ['code']);
    assert.deepEqual(labels(base + '      op: in\n      values:\n        - |'), ['math', 'code']);
  });

  test('credential values offer secret and env references', () => {
    const got = items('connection_type: agent_platform_a\napi_key: |', { kind: 'connection', json: false }).items;
    assert.ok(got.some((i) => i.insertText.startsWith('{ secret: ')));
    assert.ok(got.some((i) => i.insertText.startsWith('{ env: ')));
  });
});

describe('completion: expressions', () => {
  const base = 'key: a\nsource:\n  type: local\n  file_path: x.csv\n  filters:\n';

  test('column names after {{ sample. ; bracket notation for names with spaces', () => {
    const { text, items: list } = items(base + '    - expression: "{{ sample.ca| }}"\n      op: exists');
    assert.deepEqual(list.map((i) => i.label), ['question', 'category', 'difficulty', 'my col']);
    const category = list.find((i) => i.label === 'category')!;
    assert.equal(category.insertText, '.category');
    assert.equal(text.slice(category.range.start, category.range.end), '.ca');
    assert.equal(list.find((i) => i.label === 'my col')!.insertText, "['my col']");
  });

  test('column names inside sample["…"]', () => {
    const { text, items: list } = items(base + "    - expression: '{{ sample[\"my| }}'\n      op: exists");
    const col = list.find((i) => i.label === 'my col')!;
    const edited = text.slice(0, col.range.start) + col.insertText + text.slice(col.range.end);
    assert.match(edited, /\{\{ sample\["my col"\] \}\}/);
  });

  test('whole expressions on an empty expression value', () => {
    const got = items(base + '    - expression: |').items;
    assert.ok(got.some((i) => i.insertText === '"{{ sample.category }}"'));
    assert.ok(got.some((i) => i.insertText === '"{{ sample[\\"my col\\"] }}"'));
  });

  test('in JSON files: column names yes, schema keys no', () => {
    const ctx = datasetContext({ json: true, schemaItems: false });
    const json = '{ "key": "a", "source": { "type": "local", "file_path": "x.csv", "filters": [ { "expression": "{{ sample.q|", "op": "exists" } ] } }';
    assert.ok(labels(json, ctx).includes('question'));
    assert.deepEqual(labels('{ "key": "a", "source": { | } }', ctx), []);
  });
});

describe('completion: paths', () => {
  test('file_path lists folders and CSV/JSONL files relative to the spec', () => {
    const dir = makeDataFolder();
    const ctx = datasetContext({ specPath: path.join(dir, 'spec.dataset.yaml') });
    const got = labels('key: a\nsource:\n  type: local\n  file_path: |', ctx);
    assert.deepEqual(got, ['docs/', 'questions.csv', 'rows.jsonl']);
    assert.deepEqual(labels('key: a\nsource:\n  type: folder\n  directory_path: |', ctx), ['docs/']);
    assert.deepEqual(labels('key: a\nsource:\n  type: folder\n  directory_path: "docs/|"', ctx), []);
    assert.deepEqual(labels('key: a\nsource:\n  type: eval_logs\n  path: docs/|', ctx), ['a.md']);
  });

  test('no path items for an untitled spec with a relative path', () => {
    assert.deepEqual(labels('key: a\nsource:\n  type: local\n  file_path: |'), []);
  });
});

describe('completion opened by a typed character', () => {
  const typed = (marked: string, triggerCharacter: string) => items(marked, { ...datasetContext(), triggerCharacter }).items;

  test('right after `source:` or `generator_specification:` nothing is offered, so Enter starts a new line', () => {
    for (const key of ['source', 'generator_specification']) {
      const marked = `key: a\ndisplay_name: b\n${key}:|`;
      assert.ok(items(marked).items.some((i) => i.kind === 'snippet'), `${key}: snippets when asked for`);
      assert.deepEqual(typed(marked, ':').map((i) => i.label), [], `${key}: nothing on the colon`);
    }
  });

  test('after a key and a space: no snippet, but the values of an enum', () => {
    assert.deepEqual(typed('key: a\ndisplay_name: b\nsource: |', ' ').filter((i) => i.kind === 'snippet').map((i) => i.label), []);
    const op = typed('key: a\nsource:\n  type: local\n  file_path: x.csv\n  filters:\n    - expression: "{{ sample.category }}"\n      op: |', ' ');
    assert.ok(op.some((i) => i.label === 'greater_than'), op.map((i) => i.label).join(', '));
    assert.ok(op.every((i) => i.kind !== 'snippet'));
  });
});
