import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { compareColumnValues, sortedPositions } from '../../../src/core/filters/valueOrder';

const MISSING = undefined;

describe('the order the preview sorts kept rows by (docs/semantics.md §13)', () => {
  const values: unknown[] = ['b', 10, null, true, MISSING, ' 2 ', { a: 1 }, 'a', false, -3, [1], 'B', '\u{1F600}', '\uFFFD', 10];

  test('ascending: numbers (numeric text among them), text by code point, booleans, nested by JSON text, null, missing', () => {
    const order = sortedPositions(values.length, (i) => values[i], 'ascending');
    assert.deepEqual([...order].map((i) => values[i]), [-3, ' 2 ', 10, 10, 'B', 'a', 'b', '\uFFFD', '\u{1F600}', false, true, [1], { a: 1 }, null, MISSING]);
  });

  test('descending reverses the values but keeps null and missing last; equal values keep source order', () => {
    const order = sortedPositions(values.length, (i) => values[i], 'descending');
    assert.deepEqual([...order], [6, 10, 3, 8, 12, 13, 0, 7, 11, 1, 14, 5, 9, 2, 4]);
  });

  test('equal values keep their source order in both directions', () => {
    const rows = [2, 1, 2, 1];
    assert.deepEqual([...sortedPositions(4, (i) => rows[i], 'ascending')], [1, 3, 0, 2]);
    assert.deepEqual([...sortedPositions(4, (i) => rows[i], 'descending')], [0, 2, 1, 3]);
  });

  test('compareColumnValues agrees with the groups', () => {
    assert.ok(compareColumnValues(5, 'abc') < 0);
    assert.ok(compareColumnValues('9', '10') < 0, 'numeric text compares as numbers');
    assert.ok(compareColumnValues('abc', true) < 0);
    assert.ok(compareColumnValues(null, MISSING) < 0);
    assert.equal(compareColumnValues(3, '3'), 0);
  });
});
