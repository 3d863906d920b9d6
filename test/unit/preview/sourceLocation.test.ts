import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as os from 'node:os';
import * as path from 'node:path';
import { isLocalSource, watchTargetOf } from '../../../src/extension/preview/sourceLocation';

const spec = path.resolve('/w/datasets/a.dataset.yaml');

describe('source watch targets', () => {
  test('a local file resolves against the spec folder', () => {
    assert.deepEqual(watchTargetOf({ source: { type: 'local', file_path: '../data/q.csv' } }, spec), { kind: 'file', path: path.resolve('/w/data/q.csv') });
  });

  test('a folder under the home directory', () => {
    assert.deepEqual(watchTargetOf({ source: { type: 'folder', directory_path: '~/notes' } }, spec), { kind: 'folder', path: path.join(os.homedir(), 'notes') });
  });

  test('URLs and incomplete sources are not watched', () => {
    assert.equal(watchTargetOf({ source: { type: 'url', url: 'https://x/a.csv' } }, spec), undefined);
    assert.equal(watchTargetOf({ source: { type: 'local' } }, spec), undefined);
    assert.equal(watchTargetOf({ key: 'k' }, spec), undefined);
  });

  test('only local files and folders count as local', () => {
    assert.equal(isLocalSource({ source: { type: 'local', file_path: 'a.csv' } }), true);
    assert.equal(isLocalSource({ source: { type: 'folder', directory_path: 'n' } }), true);
    assert.equal(isLocalSource({ source: { type: 'url', url: 'https://x/a.csv' } }), false);
    assert.equal(isLocalSource({ source: { type: 'dataset_hub' } }), false);
  });
});
