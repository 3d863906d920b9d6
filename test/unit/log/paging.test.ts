import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { index, log, scores } from './logTestHelpers';
import { SampleRecordColumns } from '../../../src/core/log/sampleRecordColumns';
import { compareKeys, SamplePager, sortByKeys, SortKey } from '../../../src/core/log/samplePaging';
import { pick, seededRandom } from '../randomInput';
import { SearchIndex } from '../../../src/core/log/searchIndex';
import type { SampleRecord } from '../../../src/core/log/sampleRecords';
import type { SampleStore } from '../../../src/core/log/sampleReading';

function sample(i: number): Record<string, unknown> {
  return {
    sample_id: i % 7 === 0 ? `id-${i}` : i,
    errors: i % 5 === 0 ? [{ error_type: 'ScoreError', message: `Judge failed on item ${i}`, stage: 'score' }] : [],
    trials: [0, 1].map((t) => ({
      index: t,
      sample_id: i,
      sample: { data: { question: `Question number ${i}`, category: i % 2 ? 'odd' : 'even', nested: { deep: true } } },
      solver: { output: { items: [{ type: 'message', role: 'user', content: `ask ${i}` }, { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: i === 42 ? 'The Zebra answer' : `answer ${i}` }] }] } },
      scores: [scores('judge', { correct: (i + t) % 3 !== 0, quality: (i % 10) / 10, label: i % 2 ? 'B' : 'A' })],
      errors: [],
    })),
  };
}

const idx = index(log({ metrics: [], samples: Array.from({ length: 100 }, (_, i) => sample(i)) }));

describe('sample pages', () => {
  test('offset and limit, total and generation', async () => {
    const page = await idx.page({ offset: 95, limit: 10 });
    assert.equal(page.total, 100);
    assert.equal(page.offset, 95);
    assert.equal(page.generation, 1);
    assert.deepEqual(page.rows.map((r) => r.index), [95, 96, 97, 98, 99]);
    assert.equal((await idx.page({ offset: 500, limit: 10 })).rows.length, 0);
  });

  test('summary lists score columns with kinds and a few data columns', async () => {
    const summary = await idx.summary();
    const kinds = Object.fromEntries(summary.samples.scoreColumns.map((c) => [c.id, c.kind]));
    assert.deepEqual(kinds, { 'judge/correct': 'number', 'judge/quality': 'number' });
    assert.deepEqual(summary.samples.dataColumns.slice(0, 2), ['question', 'category']);
    const row = (await idx.page({ offset: 3, limit: 1 })).rows[0];
    assert.equal(row.data.question, 'Question number 3');
  });

  test("a data column named like an object's own members is read only from the samples that have it", async () => {
    const withMembers = index(log({
      metrics: [],
      samples: Array.from({ length: 6 }, (_, i) => ({
        sample_id: i,
        trials: [{ index: 0, sample: { data: i % 2 ? { question: `q${i}` } : { question: `q${i}`, constructor: `c${i}`, toString: `t${i}` } }, scores: [scores('judge', { correct: 1 })], errors: [] }],
      })),
    }));
    const summary = await withMembers.summary();
    assert.ok(summary.samples.dataColumns.includes('constructor') && summary.samples.dataColumns.includes('toString'), summary.samples.dataColumns.join());
    const rows = (await withMembers.page({ offset: 0, limit: 6 })).rows;
    const own = (data: Record<string, string>, name: string): string | undefined => (Object.hasOwn(data, name) ? data[name] : undefined);
    assert.deepEqual(rows.map((r) => [own(r.data, 'constructor'), own(r.data, 'toString')]), [['c0', 't0'], [undefined, undefined], ['c2', 't2'], [undefined, undefined], ['c4', 't4'], [undefined, undefined]]);
  });

  test('sort by score column, data column, id and errors; missing values last', async () => {
    const byQuality = await idx.page({ offset: 0, limit: 100, sort: { column: 'judge/quality', direction: 'desc' } });
    const values = byQuality.rows.map((r) => r.scores['judge/quality'] as number);
    assert.deepEqual(values, [...values].sort((a, b) => b - a));
    assert.equal(byQuality.rows[0].scores['judge/quality'], 0.9);
    const byCategory = await idx.page({ offset: 0, limit: 100, sort: { column: 'data:category', direction: 'asc' } });
    assert.equal(byCategory.rows[0].data.category, 'even');
    assert.equal(byCategory.rows[99].data.category, 'odd');
    const byId = await idx.page({ offset: 0, limit: 100, sort: { column: 'sampleId', direction: 'asc' } });
    assert.equal(byId.rows[0].sampleId, 1, 'numbers before text');
    assert.equal(byId.rows[99].sampleId, 'id-98');
    const byErrors = await idx.page({ offset: 0, limit: 3, sort: { column: 'errors', direction: 'desc' } });
    assert.ok(byErrors.rows.every((r) => r.errorCount === 1));
    const byMissing = await idx.page({ offset: 0, limit: 100, sort: { column: 'judge/nothing', direction: 'desc' } });
    assert.deepEqual(byMissing.rows.map((r) => r.index), Array.from({ length: 100 }, (_, i) => i), 'stable when all keys are missing');
  });

  test('case-insensitive search across id, data, outputs and error messages', async () => {
    assert.deepEqual((await idx.page({ offset: 0, limit: 10, search: 'zEBRA' })).rows.map((r) => r.index), [42]);
    assert.deepEqual((await idx.page({ offset: 0, limit: 10, search: 'question number 17' })).rows.map((r) => r.index), [17]);
    assert.deepEqual((await idx.page({ offset: 0, limit: 10, search: 'judge failed on item 25' })).rows.map((r) => r.index), [25]);
    assert.deepEqual((await idx.page({ offset: 0, limit: 10, search: 'ID-14' })).rows.map((r) => r.index), [14]);
    assert.equal((await idx.page({ offset: 0, limit: 10, search: 'no such text anywhere' })).total, 0);
  });

  test('score, error-stage and metric filters combine with search and sort', async () => {
    const pass = await idx.page({ offset: 0, limit: 100, scoreFilter: { column: 'judge/quality', value: 0.5 } });
    assert.deepEqual(pass.rows.map((r) => r.index), [5, 15, 25, 35, 45, 55, 65, 75, 85, 95]);
    const combined = await idx.page({ offset: 0, limit: 100, scoreFilter: { column: 'judge/quality', value: 0.5 }, errorStage: 'score', sort: { column: 'index', direction: 'desc' } });
    assert.deepEqual(combined.rows.map((r) => r.index), [95, 85, 75, 65, 55, 45, 35, 25, 15, 5]);
    const perfect = await idx.page({ offset: 0, limit: 100, scoreFilter: { column: 'judge/correct', value: 'pass' } });
    assert.ok(perfect.rows.length > 0 && perfect.rows.every((r) => r.scores['judge/correct'] === 1));
    const failing = await idx.page({ offset: 0, limit: 100, scoreFilter: { column: 'judge/correct', value: 'fail' } });
    assert.equal(failing.total + perfect.total + (await idx.page({ offset: 0, limit: 100, scoreFilter: { column: 'judge/correct', value: 0.5 } })).total, 100);
    assert.equal((await idx.page({ offset: 0, limit: 1, metric: { valueKey: 'quality' } })).total, 100);
    assert.equal((await idx.page({ offset: 0, limit: 1, metric: { scorerKey: 'other', valueKey: 'quality' } })).total, 0);
  });

  test('trial outcomes per row', async () => {
    const row = (await idx.page({ offset: 2, limit: 1 })).rows[0];
    assert.deepEqual(row.trials, [{ index: 0, outcome: 'pass' }, { index: 1, outcome: 'fail' }]);
    assert.equal(row.passAtK, 1 - Math.pow(0.5, 2));
  });

  test('detail of a sample out of range is an error', async () => {
    await assert.rejects(idx.detail(100), /no sample at index 100/);
    await assert.rejects(idx.detail(-1), /no sample/);
  });

  test('while search texts are being built, a search answers at once for the samples covered so far, then completes', () => {
    const count = 400;
    // Each sample takes about 1 ms to read, so one request's budget (SEARCH_BUDGET_MS) covers only part of them.
    const slow: SampleStore = {
      count,
      lite: (i) => ({ sample_id: i }),
      full: (i) => {
        const until = performance.now() + 1;
        while (performance.now() < until) { /* a slow read */ }
        return { sample_id: i, trials: [{ index: 0, sample: { data: { text: i % 50 === 0 ? 'needle here' : 'hay' } } }] };
      },
    };
    const records = Array.from({ length: count }, (_, i) => ({ index: i, sampleId: i, layout: 'trials', scores: {}, trials: [], errorStages: [], errorCount: 0, data: {} }) as SampleRecord);
    const pager = new SamplePager({ records: SampleRecordColumns.of(records), search: new SearchIndex(slow) }, [], []);
    const first = pager.page({ offset: 0, limit: 100, search: 'NEEDLE' }, 1);
    assert.ok(first.searching && first.searching.searched > 0 && first.searching.searched < count, JSON.stringify(first.searching));
    assert.deepEqual(first.rows.map((r) => r.index), Array.from({ length: first.total }, (_, k) => k * 50));
    let page = first;
    for (let guard = 0; page.searching && guard < 100; guard++) page = pager.page({ offset: 0, limit: 100, search: 'NEEDLE' }, 1);
    assert.equal(page.searching, undefined);
    assert.deepEqual(page.rows.map((r) => r.index), [0, 50, 100, 150, 200, 250, 300, 350]);
  });

  test('sorting by keys gives the order of the key comparison: missing last, numbers before text, ties by position', () => {
    const next = seededRandom(9);
    for (let round = 0; round < 200; round++) {
      const withText = round % 4 === 0;
      // Every third round integers only (sorted packed with their positions), some just past 32 bits (sorted by rank).
      const integers = round % 3 === 1;
      const pastInt32 = round % 9 === 1 ? [2 ** 31, -(2 ** 31) - 1] : [];
      // Every tenth round more distinct number keys than the first pass groups (sorted apart).
      const manyDistinct = round % 10 === 4;
      const keys: SortKey[] = Array.from({ length: manyDistinct ? 1500 + Math.floor(next() * 1500) : 1 + Math.floor(next() * 300) }, (_, i) => {
        const r = next();
        // Up to 2,003 distinct values, some repeated, in no order (the generator alone repeats too soon).
        const spread = ((i * 7919) % 2003) - 1001;
        if (manyDistinct && r >= 0.15 && !(withText && r < 0.3)) return integers ? spread : spread / 7;
        if (r < 0.15) return null;
        if (withText && r < 0.3) return pick(next, ['a', 'b', 'pass', '10']);
        if (integers) return pick(next, [0, -0, 1, -2, 3, 2 ** 31 - 1, -(2 ** 31), Math.floor(next() * 1000) - 500, ...pastInt32]);
        return pick(next, [0, -0, 1, 0.5, -2, 3, 1e9, Math.floor(next() * 1000) / 7]);
      });
      const positions = keys.map((_, i) => i).filter(() => next() < 0.8);
      for (const sign of [1, -1]) {
        const expected = [...positions].sort((a, b) => compareKeys(keys[a], keys[b], sign) || a - b);
        assert.deepEqual(sortByKeys([...positions], keys, sign), expected, `round ${round}, sign ${sign}`);
      }
    }
  });
});

describe('score columns that pass/fail can filter, and where a sample stands in a filtered list', () => {
  const single = (i: number): Record<string, unknown> => ({
    sample_id: i,
    errors: [],
    trials: [{ index: 0, sample_id: i, sample: { data: { q: `q${i}` } }, scores: [scores('judge', { correct: i % 3 !== 0, hit: i % 2, quality: (i % 10) / 10 })], errors: [] }],
  });
  const one = index(log({ metrics: [], samples: Array.from({ length: 12 }, (_, i) => single(i)) }));

  test('only scores that are always 0/1 or true/false are binary; an average over trials is not', async () => {
    const binary = Object.fromEntries((await one.summary()).samples.scoreColumns.map((c) => [c.id, c.binary === true]));
    assert.deepEqual(binary, { 'judge/correct': true, 'judge/hit': true, 'judge/quality': false });
    const averaged = (await idx.summary()).samples.scoreColumns.find((c) => c.id === 'judge/correct');
    assert.equal(averaged?.binary, undefined, 'two trials averaged to 0.5 are neither pass nor fail');
  });

  test('a page locates a sample in the filtered, sorted list, or says it is left out', async () => {
    const failed = await one.page({ offset: 0, limit: 1, scoreFilter: { column: 'judge/correct', value: 'fail' }, sort: { column: 'index', direction: 'desc' }, locate: 3 });
    assert.equal(failed.total, 4);
    assert.equal(failed.located, 2, 'samples 9, 6, 3, 0: sample 3 is third');
    assert.equal((await one.page({ offset: 0, limit: 1, scoreFilter: { column: 'judge/correct', value: 'fail' }, locate: 4 })).located, -1);
    assert.equal((await one.page({ offset: 0, limit: 1 })).located, undefined);
  });
});
