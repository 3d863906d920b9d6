import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { reduceEpochs } from '../../../src/core/inspect/metrics/epochReduction';

const scores = (...values: unknown[]) => values.map((value) => ({ value }));

test('mean is the default reducer and reads values as Inspect does', () => {
  assert.deepEqual(reduceEpochs(scores('C', 'I', 'P', 1), undefined).value, 0.625);
  assert.deepEqual(reduceEpochs(scores('C', 'I'), 'mean').value, 0.5);
});

test('median: the middle value, or the mean of the two middle ones', () => {
  assert.equal(reduceEpochs(scores(1, 0, 0.5, 1), 'median').value, 0.75);
  assert.equal(reduceEpochs(scores(3, 1, 2), 'median').value, 2);
});

test('mode: the most common value as written, the first seen among ties; 1, 1.0 and true are one value', () => {
  assert.equal(reduceEpochs(scores('C', 'I', 'C'), 'mode').value, 'C');
  assert.equal(reduceEpochs(scores('I', 'C', 'C', 'I'), 'mode').value, 'I');
  assert.equal(reduceEpochs(scores(1, true, 'C', 'C'), 'mode').value, 1);
});

test('max: the value with the largest reading, kept as written', () => {
  assert.equal(reduceEpochs(scores('I', 'P', 'C', 'C'), 'max').value, 'C');
  assert.equal(reduceEpochs(scores(0.2, 0.9, 0.4), 'max').value, 0.9);
});

test('at_least_k: 1 when k epochs reach 1.0', () => {
  assert.equal(reduceEpochs(scores('C', 'C', 'I'), 'at_least_2').value, 1);
  assert.equal(reduceEpochs(scores('C', 'I', 'I'), 'at_least_2').value, 0);
  assert.equal(reduceEpochs(scores('C', 'P', 'P'), 'at_least_2').value, 0);
  assert.equal(reduceEpochs(scores(1, 1, 1), 'at_least_3').value, 1);
});

test('pass_at_k: 1 − C(n − c, k) / C(n, k); 1 when fewer than k fail; NaN with fewer than k epochs', () => {
  assert.ok(Math.abs((reduceEpochs(scores(1, 0, 0), 'pass_at_2').value as number) - 2 / 3) < 1e-15);
  assert.ok(Math.abs((reduceEpochs(scores(1, 0, 0, 0, 0), 'pass_at_2').value as number) - (1 - 6 / 10)) < 1e-15);
  assert.equal(reduceEpochs(scores(1, 1, 0), 'pass_at_2').value, 1);
  assert.ok(Number.isNaN(reduceEpochs(scores(1), 'pass_at_2').value));
});

test('pass_k_k: C(c, k) / C(n, k)', () => {
  assert.ok(Math.abs((reduceEpochs(scores(1, 1, 0), 'pass_k_2').value as number) - 1 / 3) < 1e-15);
  assert.equal(reduceEpochs(scores(1, 0, 0), 'pass_k_2').value, 0);
});

test('unscored (NaN) epochs are left out; all unscored gives NaN', () => {
  assert.equal(reduceEpochs(scores(1, NaN, 0), 'mean').value, 0.5);
  assert.equal(reduceEpochs(scores(NaN, 'C'), 'mode').value, 'C');
  assert.ok(Number.isNaN(reduceEpochs(scores(NaN, NaN), 'mean').value));
  assert.ok(Number.isNaN(reduceEpochs([], undefined).value));
});

test('dictionary values are reduced key by key, list values position by position', () => {
  assert.deepEqual(reduceEpochs(scores({ a: 1, b: 'C' }, { a: 0, b: 'I' }), 'mean').value, { a: 0.5, b: 0.5 });
  assert.deepEqual(reduceEpochs(scores({ a: 'I', b: 2 }, { a: 'C', b: 1 }), 'max').value, { a: 'C', b: 2 });
  assert.deepEqual(reduceEpochs(scores({ a: 'C' }, NaN, { a: 'C' }, { a: 'I' }), 'mode').value, { a: 'C' });
  assert.deepEqual(reduceEpochs(scores({ a: NaN }, { a: 1 }), 'mean').value, { a: 1 });
  assert.deepEqual(reduceEpochs(scores([1, 'C'], [0, 'C']), 'mean').value, [0.5, 1]);
});

test('what Inspect refuses to reduce is a problem, never a value', () => {
  for (const [values, reducer] of [
    [scores({ a: 1 }, { b: 1 }), 'mean'],
    [scores({ a: 1 }, 1), 'mean'],
    [scores(1, { a: 1 }), 'mode'],
    [scores([1], [1, 2]), 'median'],
    [scores('C', 'maybe'), 'mean'],
    [scores('C', 'maybe'), 'at_least_1'],
    [scores({ a: null }, { a: 1 }), 'mean'],
    [scores({ a: [1] }, { a: [1] }), 'mode'],
    [scores({ a: { b: 1 } }, { a: 1 }), 'at_least_1'],
  ] as const) {
    const reduced = reduceEpochs([...values], reducer);
    assert.ok(reduced.problem, `${JSON.stringify(values)} by ${reducer}`);
    assert.ok(Number.isNaN(reduced.value));
  }
});

test('an unknown reducer is named in the problem', () => {
  for (const name of ['trimmed_mean', 'pass_at_x', 'at_least', 'MEAN', '']) {
    const reduced = reduceEpochs(scores(1, 0), name);
    assert.match(reduced.problem ?? '', new RegExp(`"${name}"`));
  }
});

test('one epoch reduces as it does beside an unscored one, first and again (every reducer, every scalar, with metadata)', () => {
  // An unscored (NaN) epoch is left out by every reducer, so [score, NaN] takes the general reduction of the score
  // alone; a single score is reduced through the readings kept per value, whose second use must give the same.
  const reducers = [undefined, 'mean', 'median', 'mode', 'max', 'at_least_1', 'at_least_2', 'pass_at_1', 'pass_at_2', 'pass_k_1', 'nonsense'];
  const values = ['C', 'I', 'P', 'N', 'yes', ' No ', 'x', '', '0.25', 0, 1, 0.5, -3, 1e300, Number.POSITIVE_INFINITY, true, false, null];
  for (const reducer of reducers) {
    for (const value of values) {
      for (const metadata of [undefined, { topic: 't' }]) {
        const score = metadata === undefined ? { value } : { value, metadata };
        const general = reduceEpochs([score, { value: Number.NaN }], reducer);
        for (const round of ['first', 'again']) assert.deepStrictEqual(reduceEpochs([score], reducer), general, `${String(reducer)} of ${JSON.stringify(value)} (${round})`);
      }
    }
  }
});
