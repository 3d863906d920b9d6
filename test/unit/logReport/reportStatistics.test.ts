import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { LogIndex } from '../../../src/core/log/logIndex';
import type { MetricValueView } from '../../../src/core/model/logViewTypes';
import { compareLog, legacySample, trialsSample } from '../compare/compareTestLogs';

function close(actual: number | null | undefined, expected: number): void {
  assert.ok(typeof actual === 'number' && Math.abs(actual - expected) <= 1e-9 * Math.max(Math.abs(expected), 1e-12), `${String(actual)} ≠ ${expected}`);
}

const outcomes = (pattern: string): { correct: boolean; quality: number }[] => [...pattern].map((c, i) => ({ correct: c === '1', quality: 0.25 * (i % 3) }));

function valueOf(log: unknown, key = 'correct'): MetricValueView {
  const summary = LogIndex.fromValue(log, { fileName: 'log.json', fileSize: 1, generation: 1 }).getSummary();
  const value = summary.metrics?.flatMap((g) => g.metrics).flatMap((m) => m.values).find((v) => v.key === key);
  assert.ok(value, `no metric value ${key}`);
  return value;
}

describe('the report summary: the statistics of docs/semantics.md §12 beside each metric value', () => {
  // Trials (n, c) = (5,2), (4,0), (6,6), (4,3) of the 0/1 score `correct` (the literals of smallSampleStatistics.test.ts:
  // Fractions, then statistics.variance (n − 1), /√N).
  const trials = compareLog([trialsSample('a', outcomes('10010')), trialsSample('b', outcomes('0000')), trialsSample('c', outcomes('111111')), trialsSample('d', outcomes('1011'))]);

  test('a 0/1 score over trials gets its unbiased curves, counted while the samples were indexed', () => {
    const value = valueOf(trials);
    assert.equal(value.curve?.samples, 4);
    const expected = [
      [0.5375, 0.21734668926241626, 0.5375, 0.21734668926241626],
      [0.675, 0.2358495283014151, 0.4, 0.2273030282830976],
      [0.725, 0.24281337140555775, 0.3125, 0.2366211810750114],
      [0.75, 0.25, 0.25, 0.25],
    ];
    assert.equal(value.curve?.points.length, 4);
    value.curve?.points.forEach((p, i) => {
      assert.equal(p.k, i + 1);
      close(p.passAtK, expected[i][0]);
      close(p.passAtKSe, expected[i][1]);
      close(p.passPowK, expected[i][2]);
      close(p.passPowKSe, expected[i][3]);
    });
    // The sample-level values are means over trials (0.4, 0, 1, 0.75): not 0/1, so no Wilson interval; a spread to plan from.
    assert.equal(value.interval, undefined);
    assert.equal(value.spread?.n, 4);
    // python3 -c "import statistics; print(repr(statistics.variance([0.4, 0, 1, 0.75])))" → 0.18895833333333334
    close(value.spread?.variance, 0.18895833333333334);
  });

  test('a mean of 0/1 values gets its Wilson interval, and the normal one only from 300 values on', () => {
    const legacy = (count: number): unknown => compareLog(Array.from({ length: count }, (_, i) => legacySample(`s${i}`, { correct: i % 3 === 0 ? 0 : 1 })));
    // 20 of 30 pass, mpmath at 40 digits as in smallSampleStatistics.test.ts: W(20, 30) → 0.4878005164454384, 0.8076950191632386.
    const small = valueOf(legacy(30));
    assert.deepEqual([small.interval?.n, small.interval?.passes], [30, 20]);
    close(small.interval?.wilsonLow, 0.4878005164454384);
    close(small.interval?.wilsonHigh, 0.8076950191632386);
    assert.equal(small.interval?.normalLow, undefined);
    assert.equal(small.curve, undefined, 'no trials, no curve');
    const large = valueOf(legacy(300));
    assert.equal(large.interval?.n, 300);
    assert.ok(large.interval?.normalLow !== undefined && large.interval.normalHigh !== undefined);
  });

  test('a sample detail carries its own curves over its trials', () => {
    const index = LogIndex.fromValue(trials, { fileName: 'log.json', fileSize: 1, generation: 1 });
    const detail = index.getDetail(0);
    const curve = detail.curves?.find((c) => c.score === 'correct');
    assert.ok(curve);
    assert.deepEqual([curve.trials, curve.passes], [5, 2]);
    // 1 − C(3, k)/C(5, k) and C(2, k)/C(5, k) for k = 1 … 5.
    const expectedAt = [0.4, 0.7, 0.9, 1, 1];
    const expectedPow = [0.4, 0.1, 0, 0, 0];
    curve.passAtK.forEach((v, i) => close(v, expectedAt[i]));
    curve.passPowK.forEach((v, i) => close(v, expectedPow[i]));
    assert.equal(detail.curves?.some((c) => c.score === 'quality'), false, 'quality is not 0/1');
  });

  test('bad values do not break the summary: a score with a text value has no curve, a text metric value no spread', () => {
    const odd = compareLog([trialsSample('a', [{ correct: true }, { correct: 'yes' }]), trialsSample('b', [{ correct: 1 }, { correct: 0 }])]);
    const value = valueOf(odd);
    assert.equal(value.curve, undefined);
    assert.equal(value.spread, undefined);
  });

  test('a min metric over the same values gets no plan: a plan is for a mean', () => {
    const log = compareLog([legacySample('a', { correct: 1 }), legacySample('b', { correct: 0 }), legacySample('c', { correct: 1 })], {
      metrics: [{ metric_key: 'floor', metric_type: 'min', scorer_key: 'judge', values: { correct: 0 } }, { metric_key: 'accuracy', metric_type: 'mean', scorer_key: 'judge', values: { correct: 2 / 3 } }],
    });
    const summary = LogIndex.fromValue(log, { fileName: 'log.json', fileSize: 1, generation: 1 }).getSummary();
    const metrics = summary.metrics?.flatMap((g) => g.metrics) ?? [];
    assert.equal(metrics.find((m) => m.metricKey === 'floor')?.values[0].spread, undefined);
    assert.equal(metrics.find((m) => m.metricKey === 'accuracy')?.values[0].spread?.n, 3);
  });
});
