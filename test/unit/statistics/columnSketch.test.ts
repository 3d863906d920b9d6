import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { EXACT_CAP, addValue, emptySketch, mergeSketch } from '../../../src/core/engine/stats/columnSketch';
import { columnStatisticsOf, histogramOf } from '../../../src/core/engine/stats/columnStatisticsView';
import { addRow, emptyTableSketch, mergeTableSketch } from '../../../src/core/engine/stats/tableSketch';
import { tableStatistics } from '../../../src/core/engine/stats/columnStatisticsView';

function sketchOf(values: readonly unknown[]) {
  const sketch = emptySketch();
  for (const value of values) addValue(sketch, value);
  return sketch;
}

describe('column sketches (docs/semantics.md §13)', () => {
  test('exact figures of a small mixed column', () => {
    const values = [3, 'x', 1, null, 'yy', 3, true, { a: 1 }, [1, 2, 3], 3];
    const stats = columnStatisticsOf('v', sketchOf(values), values.length + 2);
    assert.equal(stats.type, 'mixed');
    assert.equal(stats.count, 9);
    assert.equal(stats.nulls, 1);
    assert.equal(stats.missing, 2);
    assert.equal(stats.distinct, 7);
    assert.equal(stats.distinctEstimated, false);
    assert.deepEqual(stats.numbers, { min: 1, max: 3, mean: 10 / 4 });
    assert.deepEqual(stats.textLengths, { min: 1, max: 2, mean: 1.5 });
    assert.deepEqual(stats.arrayLengths, { min: 3, max: 3, mean: 3 });
    assert.deepEqual(stats.top[0], { value: '3', kind: 'number', count: 3 });
    assert.deepEqual(stats.kinds.map((k) => k.kind), ['number', 'text', 'boolean', 'object', 'array']);
  });

  test('a number and the same text are two values; a column of nulls is empty', () => {
    assert.equal(columnStatisticsOf('v', sketchOf([1, '1', 1]), 3).distinct, 2);
    const empty = columnStatisticsOf('v', sketchOf([null, null]), 3);
    assert.equal(empty.type, 'empty');
    assert.equal(empty.missing, 1);
  });

  test('two halves merged give the figures of one pass while counts are exact', () => {
    const values = Array.from({ length: 3000 }, (_, i) => (i % 7 === 0 ? null : (i * 37) % 101));
    const whole = columnStatisticsOf('v', sketchOf(values), values.length);
    const first = sketchOf(values.slice(0, 1234));
    mergeSketch(first, sketchOf(values.slice(1234)));
    assert.deepEqual(columnStatisticsOf('v', first, values.length), whole);
    assert.equal(whole.distinct, 101);
    const binned = whole.histogram?.reduce((sum, bin) => sum + bin.count, 0);
    assert.equal(binned, whole.count);
  });

  test('beyond the exact cap: distinct is an estimate within 5%, min/max/mean stay exact, memory stays bounded', () => {
    const n = 60_000;
    const sketch = emptySketch();
    let sum = 0;
    for (let i = 0; i < n; i++) {
      addValue(sketch, i * 2.5);
      sum += i * 2.5;
    }
    const stats = columnStatisticsOf('v', sketch, n);
    assert.equal(stats.distinctEstimated, true);
    assert.ok(Math.abs(stats.distinct - n) / n < 0.05, `estimate ${stats.distinct}`);
    assert.deepEqual(stats.numbers, { min: 0, max: (n - 1) * 2.5, mean: sum / n });
    assert.equal(sketch.exact, undefined);
    assert.ok(sketch.sample.length <= 2048);
    assert.equal(stats.histogramSampled, true);
    // A uniform sample of uniform values: every bin holds roughly a twelfth.
    for (const bin of stats.histogram ?? []) assert.ok(bin.count > 60 && bin.count < 300, `bin ${bin.from}: ${bin.count}`);
  });

  test('beyond the cap the most frequent values are still found (space-saving counts are lower bounds)', () => {
    const sketch = emptySketch();
    for (let i = 0; i < EXACT_CAP * 3; i++) {
      addValue(sketch, `id-${i}`);
      if (i % 3 === 0) addValue(sketch, 'frequent');
    }
    const stats = columnStatisticsOf('v', sketch, EXACT_CAP * 4);
    assert.equal(stats.top[0].value, 'frequent');
    assert.ok(stats.top[0].count >= EXACT_CAP);
    assert.equal(stats.topEstimated, true);
  });

  test('merging sketches past the cap estimates the union (overlapping halves are not counted twice)', () => {
    const a = emptySketch();
    const b = emptySketch();
    for (let i = 0; i < 30_000; i++) addValue(a, `k${i}`);
    for (let i = 15_000; i < 45_000; i++) addValue(b, `k${i}`);
    mergeSketch(a, b);
    const stats = columnStatisticsOf('v', a, 60_000);
    assert.ok(Math.abs(stats.distinct - 45_000) / 45_000 < 0.05, `estimate ${stats.distinct}`);
    assert.equal(stats.count, 60_000);
  });

  test('histogram bins: equal width between min and max, the max in the last bin', () => {
    const bins = histogramOf([[0, 1], [5, 2], [10, 3]], 0, 10, 2);
    assert.deepEqual(bins, [{ from: 0, to: 5, count: 1 }, { from: 5, to: 10, count: 5 }]);
    assert.deepEqual(histogramOf([[4, 7]], 4, 4), [{ from: 4, to: 4, count: 7 }]);
  });

  test('table sketches: a column absent from some rows is missing there, merged tables keep first-seen order', () => {
    const first = emptyTableSketch();
    addRow(first, { a: 1 });
    addRow(first, { a: 2, b: 'x' });
    const second = emptyTableSketch();
    addRow(second, { c: true, a: null });
    mergeTableSketch(first, second);
    const stats = tableStatistics(first, ['a', 'b', 'c', 'd']);
    assert.deepEqual(stats.map((s) => [s.name, s.count, s.nulls, s.missing]), [['a', 2, 1, 0], ['b', 1, 0, 2], ['c', 1, 0, 2], ['d', 0, 0, 3]]);
  });
});
