import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { isHostToWebview, isWebviewToHost, restoredTarget } from '../../../src/core/protocol/previewProtocol';

describe('preview protocol guards', () => {
  test('accepts every well-formed webview message', () => {
    for (const message of [
      { type: 'ready' },
      { type: 'cancel' },
      { type: 'rerun' },
      { type: 'getPage', id: 1, generation: 3, offset: 500, count: 500 },
      { type: 'getRemovedRows', id: 2, generation: 3, filterIndex: 1, offset: 100, count: 100 },
      { type: 'getRemovedRows', id: 2, generation: 3, filterIndex: 0, field: 'from_time', offset: 0, count: 100 },
      { type: 'getPage', id: 2, generation: 3, offset: 0, count: 50, sort: { column: 'answer_text', direction: 'descending' } },
      { type: 'getColumnStatistics', id: 3, generation: 3 },
      { type: 'openLocation', location: { file: '/data/a.csv', line: 12 } },
      { type: 'openLocation', location: { file: '/data/notes/a.md' } },
    ]) assert.equal(isWebviewToHost(message), true, JSON.stringify(message));
  });

  test('refuses unknown types and malformed fields', () => {
    for (const message of [
      null,
      'ready',
      { type: 'launch' },
      { type: 'getPage', id: 1, generation: 1, offset: -1, count: 10 },
      { type: 'getPage', id: 1, generation: 1, offset: 0.5, count: 10 },
      { type: 'getPage', id: '1', generation: 1, offset: 0, count: 10 },
      { type: 'getRemovedRows', id: 2, generation: 3, offset: 0, count: 100 },
      { type: 'getRemovedRows', id: 2, generation: 3, filterIndex: -1, offset: 0, count: 100 },
      { type: 'getRemovedRows', id: 2, generation: 3, filterIndex: 0, field: 7, offset: 0, count: 100 },
      { type: 'getRemovedRows', id: 2, generation: 3, filterIndex: 0, field: '', offset: 0, count: 100 },
      { type: 'getRemovedRows', id: 2, generation: 3, filterIndex: 0, field: 'x'.repeat(101), offset: 0, count: 100 },
      { type: 'getPage', id: 1, generation: 1, offset: 0, count: 10, sort: { column: 'a', direction: 'up' } },
      { type: 'getPage', id: 1, generation: 1, offset: 0, count: 10, sort: { direction: 'ascending' } },
      { type: 'getColumnStatistics', id: 1 },
      { type: 'openLocation' },
      { type: 'openLocation', location: { file: '' } },
      { type: 'openLocation', location: { file: '/a', line: 'x' } },
    ]) assert.equal(isWebviewToHost(message), false, JSON.stringify(message));
  });

  test('host messages are recognised by type', () => {
    assert.equal(isHostToWebview({ type: 'runStarted', generation: 1 }), true);
    assert.equal(isHostToWebview({ type: 'page', id: 1, generation: 1, offset: 0, rows: [] }), true);
    assert.equal(isHostToWebview({ type: 'removedRows', id: 2, generation: 1, page: { filterIndex: 0, label: 'x', offset: 0, rows: [], more: false } }), true);
    assert.equal(isHostToWebview({ type: 'getPage' }), false);
    assert.equal(isHostToWebview({ data: 1 }), false);
  });

  test('a restored view names its spec and dataset only through a well-formed target', () => {
    const spec = 'file:///work/data/a.dataset.yaml';
    assert.deepEqual(restoredTarget({ scrollTop: 40, target: { spec, index: 2 } }), { spec, index: 2 });
    for (const state of [
      undefined,
      null,
      { scrollTop: 40 },
      { target: { spec } },
      { target: { spec: '', index: 0 } },
      { target: { spec, index: -1 } },
      { target: { spec, index: 1.5 } },
      { target: { spec: 3, index: 0 } },
    ]) assert.equal(restoredTarget(state), undefined, JSON.stringify(state));
  });
});
