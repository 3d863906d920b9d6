import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { valueToFloat } from '../../../src/core/inspect/metrics/inspectValue';

const MAPPED: [unknown, number][] = [
  ['C', 1],
  ['I', 0],
  ['P', 0.5],
  ['N', 0],
  [true, 1],
  [false, 0],
  [0.25, 0.25],
  [-3, -3],
  ['yes', 1],
  ['YES', 1],
  ['No', 0],
  ['True', 1],
  ['false', 0],
  [' 2.5 ', 2.5],
  ['1e3', 1000],
  ['-5', -5],
  ['+7', 7],
  ['1_000', 1000],
  ['.5', 0.5],
  ['5.', 5],
  ['1E-2', 0.01],
];

const UNMAPPED: unknown[] = ['c', 'i', 'p', 'yes please', 'nan', 'NaN', 'inf', '-Infinity', '1e999', '0x10', '1__0', '_1', '', ' ', null, undefined, [1], [], { value: 1 }, {}];

for (const [value, expected] of MAPPED) {
  test(`valueToFloat(${JSON.stringify(value)}) is ${expected}`, () => {
    assert.deepEqual(valueToFloat(value), { value: expected });
  });
}

for (const value of UNMAPPED) {
  test(`valueToFloat(${JSON.stringify(value) ?? 'undefined'}) is a problem, not a number`, () => {
    const reading = valueToFloat(value);
    assert.ok('problem' in reading, JSON.stringify(reading));
    assert.match(reading.problem, /cannot read/);
  });
}

test('a NaN value stays NaN (the unscored sentinel)', () => {
  const reading = valueToFloat(NaN);
  assert.ok('value' in reading && Number.isNaN(reading.value));
});

test('the quoted value in a problem is shortened', () => {
  const reading = valueToFloat('x'.repeat(500));
  assert.ok('problem' in reading && reading.problem.length < 200);
});
