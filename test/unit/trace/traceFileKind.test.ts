import * as assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { kindFromFileName, kindFromValue } from '../../../src/core/fileKind';

describe('Trace files are recognised (docs/semantics.md §1)', () => {
  test('by name, and by a top level that is a Trace', () => {
    assert.equal(kindFromFileName('run.trace.json'), 'trace');
    assert.equal(kindFromValue({ FORMAT: 'open_responses', items: [] }), 'trace');
    assert.equal(kindFromValue({ items: [{ type: 'message', role: 'user', content: 'hi' }, { role: 'assistant', content: 'yo' }] }), 'trace');
  });

  test('a bare items list of something else is not a Trace', () => {
    assert.equal(kindFromValue({ items: [] }), undefined);
    assert.equal(kindFromValue({ items: [1, 2, 3] }), undefined);
    assert.equal(kindFromValue({ items: [{ sku: 'a', qty: 2 }] }), undefined);
    assert.equal(kindFromValue({ items: [{ type: 'book' }] }), undefined);
  });
});
