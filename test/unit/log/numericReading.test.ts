import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { numericReadingOf } from '../../../src/core/log/numericReading';
import { ScoreColumnStore } from '../../../src/core/log/scoreColumnStore';
import { recomputeMetric } from '../../../src/core/log/metricVerification';
import { distributionOf } from '../../../src/core/log/metricsView';

/** A column of every kind of value a score can hold, in a repeatable order. */
function mixedValues(count: number, seed: number): (number | boolean | string | null | undefined)[] {
  const kinds = [0.25, 1, 0, true, false, null, undefined, 'C', -3.5, 1e-300, 7];
  const values: (number | boolean | string | null | undefined)[] = [];
  let state = seed;
  for (let i = 0; i < count; i++) {
    state = (state * 1103515245 + 12345) % 2147483648;
    values.push(kinds[state % kinds.length]);
  }
  return values;
}

function storeOf(values: readonly (number | boolean | string | null | undefined)[]): ScoreColumnStore {
  const store = new ScoreColumnStore(4);
  for (const value of values) store.push(value === undefined ? { other: 1 } : { 'scorer/x': value });
  store.trim();
  return store;
}

describe('reading a score column as numbers', () => {
  test('the column store reads a column as the values it gives back are read', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const values = mixedValues(500, seed);
      const store = storeOf(values);
      assert.deepEqual(store.numericReadingOf('scorer/x'), numericReadingOf(store.valuesOf('scorer/x')), `seed ${seed}`);
    }
  });

  test('present values, the numeric ones in order, and their sum, least, greatest and ones', () => {
    const reading = numericReadingOf([0.5, null, true, undefined, false, 2, 'I', 1]);
    assert.equal(reading.present, 6);
    assert.deepEqual([...reading.numbers], [0.5, 1, 0, 2, 1]);
    assert.equal(reading.allNumeric, false, 'a text value is present but not numeric');
    assert.deepEqual([reading.sum, reading.min, reading.max, reading.ones, reading.binary], [4.5, 0, 2, 2, false]);
    const binary = numericReadingOf([1, 0, true, 1]);
    assert.deepEqual([binary.allNumeric, binary.binary, binary.ones, binary.sum], [true, true, 3, 3]);
    const empty = numericReadingOf([null, undefined]);
    assert.equal(empty.present, 0);
    assert.ok(Number.isNaN(empty.min) && Number.isNaN(empty.max));
  });

  test('a column without a value for any sample reads as empty', () => {
    const store = storeOf([undefined, undefined]);
    const reading = store.numericReadingOf('scorer/x');
    assert.deepEqual([reading.present, reading.numbers.length, reading.allNumeric], [0, 0, true]);
    assert.deepEqual(store.numericReadingOf('no/such'), reading);
  });

  test('metrics and distributions made from a reading equal those made from the values', () => {
    const values = mixedValues(300, 9).map((v) => (typeof v === 'string' ? null : v));
    const reading = numericReadingOf(values);
    for (const type of ['mean', 'accuracy', 'sum', 'min', 'max', 'count']) assert.deepEqual(recomputeMetric(type, reading), recomputeMetric(type, values), type);
    const naiveSum = values.reduce<number>((sum, v) => sum + (v === true ? 1 : typeof v === 'number' ? v : 0), 0);
    assert.equal(recomputeMetric('sum', values).value, naiveSum, 'added in sample order');
    assert.deepEqual(distributionOf(values), distributionOf([...reading.numbers]));
  });
});
