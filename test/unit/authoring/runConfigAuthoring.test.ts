import * as assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { runConfigCompletionsAt } from '../../../src/core/authoring/completionEngine';
import { hoverAt } from '../../../src/core/authoring/hoverEngine';
import { embeddedEntryAt, runConfigEntries } from '../../../src/core/validation/runConfigEntries';
import { parseSpecDocuments } from '../../../src/core/yaml/specDocument';
import { cursor } from './authoringTestSupport';

function labels(marked: string): string[] {
  const { text, offset } = cursor(marked);
  return runConfigCompletionsAt(text, offset, { json: false, schemaItems: true }).map((i) => i.label);
}

describe('completion in a run config', () => {
  test('inside a dataset written out in it: the keys of a dataset spec', () => {
    const got = labels('datasets:\n  - key: a\n    display_name: b\n    |\n');
    assert.ok(got.includes('source') && got.includes('generator_specification'), got.join(', '));
    assert.ok(!got.includes('key'), 'a key already present is not offered again');
  });

  test('inside a generator written out in it: the kinds of a data source', () => {
    const got = labels('dataset_generators:\n  - key: g\n    definition:\n      data_source:\n        type: |\n');
    assert.ok(got.includes('dataset_samples') && got.includes('empty'), got.join(', '));
  });

  test('nothing outside the entries, and nothing in a $ref entry', () => {
    assert.deepEqual(labels('models:\n  - |\n'), []);
    assert.deepEqual(labels('evaluation:\n  |\n'), []);
    assert.deepEqual(labels('datasets:\n  - $ref: ./a.yaml\n    |\n'), []);
  });
});

describe('hovers in a run config', () => {
  test('a field of an embedded generator is described as in a generator definition', () => {
    const text = 'dataset_generators:\n  - key: g\n    definition:\n      data_source:\n        type: dataset_samples\n        dataset_key: seed\n';
    const offset = text.indexOf('dataset_key') + 2;
    const entry = embeddedEntryAt(runConfigEntries(parseSpecDocuments(text)), offset);
    assert.ok(entry);
    const hover = hoverAt(text, [entry.document], offset, { kind: entry.kind });
    assert.ok(hover, 'a hover');
    assert.equal(text.slice(hover.range.start, hover.range.end), 'dataset_key');
    assert.match(hover.markdown, /\*\*Type:\*\*/);
  });
});
