import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import type { SampleDetail, SampleRow } from '../../../src/core/model/logViewTypes';
import { EmbeddedQuery } from '../../../webview/shared/embeddedQuery';

function row(index: number, sampleId: string, scores: SampleRow['scores'], errorStages: string[] = [], question = ''): SampleRow {
  return { index, sampleId, data: { question }, scores, trials: [], errorStages, errorCount: errorStages.length };
}

const rows: SampleRow[] = [
  row(0, 'a', { 'exact/correct': true, 'judge/quality': 0.9 }, [], 'capital of France'),
  row(1, 'b', { 'exact/correct': false, 'judge/quality': 0.2 }, ['solver'], 'capital of Peru'),
  row(2, 'c', { 'exact/correct': 1, 'judge/quality': null }, ['unknown'], 'sum of 2 and 3'),
  row(3, 'd', { 'judge/quality': 0.5 }, [], 'product'),
];
const details = rows.map((r) => ({ index: r.index, sampleId: r.sampleId, notes: [r.sampleId === 'd' ? 'needle in the output' : ''] }) as unknown as SampleDetail);
const query = new EmbeddedQuery(rows, details, 7);
const ids = (q: Parameters<EmbeddedQuery['page']>[0]): (string | number)[] => query.page(q).rows.map((r) => r.sampleId);

describe('in-page sample queries (standalone report)', () => {
  test('pages carry the generation, total and offset', () => {
    const page = query.page({ offset: 1, limit: 2 });
    assert.equal(page.generation, 7);
    assert.equal(page.total, 4);
    assert.equal(page.offset, 1);
    assert.deepEqual(page.rows.map((r) => r.index), [1, 2]);
  });
  test('filters by score outcome: pass is true or 1, fail is false or 0', () => {
    assert.deepEqual(ids({ offset: 0, limit: 10, scoreFilter: { column: 'exact/correct', value: 'pass' } }), ['a', 'c']);
    assert.deepEqual(ids({ offset: 0, limit: 10, scoreFilter: { column: 'exact/correct', value: 'fail' } }), ['b']);
  });
  test('filters by error stage, any error, or unknown stage', () => {
    assert.deepEqual(ids({ offset: 0, limit: 10, errorStage: 'any' }), ['b', 'c']);
    assert.deepEqual(ids({ offset: 0, limit: 10, errorStage: 'solver' }), ['b']);
    assert.deepEqual(ids({ offset: 0, limit: 10, errorStage: 'unknown' }), ['c']);
  });
  test('a metric keeps the samples that carry its value', () => {
    assert.deepEqual(ids({ offset: 0, limit: 10, metric: { valueKey: 'correct' } }), ['a', 'b', 'c']);
    assert.deepEqual(ids({ offset: 0, limit: 10, metric: { scorerKey: 'judge', valueKey: 'quality' } }), ['a', 'b', 'd']);
    assert.deepEqual(ids({ offset: 0, limit: 10, metric: { scorerKey: 'other', valueKey: 'quality' } }), []);
  });
  test('search looks at ids, data and details, case-insensitively', () => {
    assert.deepEqual(ids({ offset: 0, limit: 10, search: 'CAPITAL' }), ['a', 'b']);
    assert.deepEqual(ids({ offset: 0, limit: 10, search: 'needle' }), ['d']);
  });
  test('sorts by score with missing values last in both directions', () => {
    assert.deepEqual(ids({ offset: 0, limit: 10, sort: { column: 'judge/quality', direction: 'asc' } }), ['b', 'd', 'a', 'c']);
    assert.deepEqual(ids({ offset: 0, limit: 10, sort: { column: 'judge/quality', direction: 'desc' } }), ['a', 'd', 'b', 'c']);
    assert.deepEqual(ids({ offset: 0, limit: 10, sort: { column: 'errors', direction: 'desc' } }), ['b', 'c', 'a', 'd']);
    assert.deepEqual(ids({ offset: 0, limit: 10, sort: { column: 'data:question', direction: 'asc' } }), ['a', 'b', 'd', 'c']);
  });
  test('a data column named like an object member sorts the rows that lack it last', () => {
    const members = [0, 1, 2].map((i) => ({ ...row(i, `m${i}`, {}), data: i === 1 ? { question: '', toString: 'b' } : ({ question: '' } as Record<string, string>) }));
    const memberQuery = new EmbeddedQuery(members, [], 1);
    for (const direction of ['asc', 'desc'] as const) {
      assert.deepEqual(memberQuery.page({ offset: 0, limit: 10, sort: { column: 'data:toString', direction } }).rows.map((r) => r.sampleId), ['m1', 'm0', 'm2']);
    }
  });
});
