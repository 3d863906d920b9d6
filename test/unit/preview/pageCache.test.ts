import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { PageCache } from '../../../webview/preview/grid/pageCache';
import type { PreviewRow } from '../../../src/core/model/previewTypes';

const rows = (from: number, count: number): PreviewRow[] =>
  Array.from({ length: count }, (_, i) => ({ values: { n: from + i }, origin: { file: '/d.csv', line: from + i + 2 } }));

function harness(pageSize = 10) {
  const requests: [number, number, number][] = [];
  const cache = new PageCache(pageSize, (generation, offset, count) => requests.push([generation, offset, count]));
  return { cache, requests };
}

describe('page cache', () => {
  test('asks only for pages that are missing, once', () => {
    const { cache, requests } = harness();
    cache.reset(1, 35, rows(0, 10));
    cache.ensure(5, 25);
    cache.ensure(5, 25);
    assert.deepEqual(requests, [[1, 10, 10], [1, 20, 10]]);
  });

  test('the last page is short', () => {
    const { cache, requests } = harness();
    cache.reset(1, 35);
    cache.ensure(31, 35);
    assert.deepEqual(requests, [[1, 30, 5]]);
  });

  test('stores pages of the current generation and drops older ones', () => {
    const { cache } = harness();
    cache.reset(2, 30);
    assert.equal(cache.store(1, 10, rows(10, 10)), false);
    assert.equal(cache.row(10), undefined);
    assert.equal(cache.store(2, 10, rows(10, 10)), true);
    assert.deepEqual(cache.row(15)?.values, { n: 15 });
  });

  test('a failed page can be asked for again', () => {
    const { cache, requests } = harness();
    cache.reset(1, 20);
    cache.ensure(10, 20);
    cache.failed(10);
    cache.ensure(10, 20);
    assert.equal(requests.length, 2);
  });

  test('growing keeps cached rows; a new generation forgets them', () => {
    const { cache, requests } = harness();
    cache.reset(1, 10, rows(0, 10));
    cache.grow(25);
    cache.ensure(0, 10);
    assert.deepEqual(requests, []);
    cache.reset(2, 25);
    assert.equal(cache.row(0), undefined);
    assert.equal(cache.currentGeneration, 2);
  });

  test('never asks beyond the row count', () => {
    const { cache, requests } = harness();
    cache.reset(1, 0);
    cache.ensure(0, 40);
    assert.deepEqual(requests, []);
  });
});
