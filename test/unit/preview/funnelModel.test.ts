import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { funnelStages, funnelText, stageFraction } from '../../../webview/preview/funnelModel';

const step = (index: number, label: string, removed: number, notComparable = 0) => ({ index, label, removed, notComparable });

describe('funnel text', () => {
  test('shows rows after each filter, then the kept count, with separators', () => {
    const text = funnelText({ total: 10000, matched: 2047, steps: [step(0, 'a', 3880), step(1, 'b', 4073)] });
    assert.equal(text, '10,000 → 6,120 → 2,047 kept');
  });

  test('without filters every row is kept', () => {
    assert.equal(funnelText({ total: 1234, matched: 1234, steps: [] }), '1,234 → 1,234 kept');
  });

  test('one filter: rows loaded, then kept', () => {
    assert.equal(funnelText({ total: 12, matched: 5, steps: [step(0, 'a', 7)] }), '12 → 5 kept');
  });

  test('the last stage uses the kept count even when removed counts are lower bounds', () => {
    const stages = funnelStages({ total: 100, matched: 40, steps: [step(0, 'x', 50)] });
    assert.equal(stages.at(-1)?.after, 40);
  });
});

describe('funnel stages', () => {
  test('follow spec order and carry removed and not-comparable counts', () => {
    const stages = funnelStages({ total: 50, matched: 10, steps: [step(1, 'second', 15), step(0, 'first', 25, 3)] });
    assert.deepEqual(stages.map((s) => [s.kind, s.label, s.before, s.after, s.removed, s.notComparable]), [
      ['total', '', 50, 50, 0, 0],
      ['filter', 'first', 50, 25, 25, 3],
      ['filter', 'second', 25, 10, 15, 0],
    ]);
  });

  test('never goes below zero', () => {
    const stages = funnelStages({ total: 5, matched: 0, steps: [step(0, 'a', 9), step(1, 'b', 1)] });
    assert.equal(stages[1].after, 0);
  });

  test('bar fractions are relative to the rows loaded', () => {
    const [total, filter] = funnelStages({ total: 200, matched: 50, steps: [step(0, 'a', 150)] });
    assert.equal(stageFraction(total, 200), 1);
    assert.equal(stageFraction(filter, 200), 0.25);
    assert.equal(stageFraction(filter, 0), 0);
  });
});
