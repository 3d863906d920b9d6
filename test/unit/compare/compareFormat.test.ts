import * as assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { MetricComparison } from '../../../src/core/model/compareTypes';
import { comparedMetricLabel, interval, intervalOf, isRateMetric, metricDelta, metricSize, metricValue, reportedValues } from '../../../src/core/format/compareFormat';
import { ValueFormats } from '../../../src/core/format/metricValueFormat';

const accuracy = { metricType: 'mean', metricKey: 'accuracy', valueKey: 'correct' };
const quality = { metricType: 'mean', metricKey: 'quality', valueKey: 'quality' };

function withInterval(rule: typeof accuracy, ciLow: number | null, ciHigh: number | null): MetricComparison {
  return { ...rule, estimate: { ciLow, ciHigh } } as unknown as MetricComparison;
}

describe('compare figures follow the report rule per metric key', () => {
  test('a rate key reads as the log report reads it: the same decision as ValueFormats', () => {
    const formats = new ValueFormats({
      metrics: [{ scorerKey: 'judge', metrics: [
        { scorerKey: 'judge', metricKey: 'accuracy', metricType: 'mean', values: [{ key: 'correct' }] },
        { scorerKey: 'judge', metricKey: 'quality', metricType: 'mean', values: [{ key: 'quality' }] },
        { scorerKey: 'judge', metricKey: 'well_formed_rate', metricType: 'stderr', values: [{ key: 'well_formed' }] },
      ] }],
      samples: { scoreColumns: [] },
    } as never);
    assert.equal(isRateMetric(accuracy), true);
    assert.equal(formats.isRate('judge', 'correct'), true);
    assert.equal(isRateMetric(quality), false);
    assert.equal(formats.isRate('judge', 'quality'), false);
    // A stderr of a rate key is not itself averaged: neither view calls it a rate.
    assert.equal(isRateMetric({ metricType: 'stderr', metricKey: 'well_formed_rate', valueKey: 'well_formed' }), false);
    assert.equal(formats.isRate('judge', 'well_formed'), false);
    assert.equal(isRateMetric({ metricType: 'pass@k', metricKey: 'x', valueKey: 'y' }), true);
  });

  test('baseline and candidate: a percentage for a rate, three significant digits otherwise', () => {
    assert.equal(metricValue(accuracy, 0.5417), '54.2%');
    assert.equal(metricValue(accuracy, 1), '100%');
    assert.equal(metricValue(quality, 0.5453), '0.545');
    assert.equal(metricValue(quality, 12.3456), '12.346');
    assert.equal(metricValue(accuracy, null), '—');
    assert.equal(metricValue(accuracy, Number.NaN), '—');
    // A "rate" outside [0, 1] is not written as a percentage.
    assert.equal(metricValue(accuracy, 3.5), '3.5');
  });

  test('Δ in percentage points for a rate, with its sign; rounding noise is 0', () => {
    assert.equal(metricDelta(accuracy, 0.18333), '+18.3 pp');
    assert.equal(metricDelta(accuracy, -0.05), '−5 pp');
    assert.equal(metricDelta(accuracy, 5.6e-18), '0 pp');
    assert.equal(metricDelta(accuracy, -0.0004), '0 pp');
    assert.equal(metricDelta(quality, 0.10833), '+0.108');
    assert.equal(metricDelta(quality, -0.05), '−0.05');
    assert.equal(metricDelta(accuracy, null), '—');
  });

  test('the interval and the MDE use the same rule as Δ', () => {
    assert.equal(interval(withInterval(accuracy, 0.0728, 0.294)), '[+7.3, +29.4] pp');
    assert.equal(interval(withInterval(accuracy, -0.0836, 0.0836)), '[−8.4, +8.4] pp');
    assert.equal(interval(withInterval(quality, 0.0343, 0.181)), '[+0.0343, +0.181]');
    assert.equal(interval(withInterval(accuracy, null, 0.2)), '—');
    assert.equal(metricSize(accuracy, 0.0731), '7.3 pp');
    assert.equal(metricSize(quality, 0.0731), '0.0731');
    assert.equal(metricSize(quality, null), '—');
  });

  test('a row never mixes units: past ±100 pp the interval and the MDE of a rate still read in points', () => {
    // Five pairs, Δ −10 pp: the t interval (df 4) and the MDE reach past what a difference of rates can be.
    const few = { ...accuracy, estimate: { delta: -0.1, ciLow: -1.021, ciHigh: 0.821, mde: 1.2 } } as unknown as MetricComparison;
    assert.equal(metricDelta(few, few.estimate.delta), '−10 pp');
    assert.equal(interval(few), '[−102.1, +82.1] pp');
    assert.equal(metricSize(few, few.estimate.mde), '120 pp');
    // A "rate" key whose Δ is no difference of rates (values outside [0, 1]) reads as numbers throughout.
    const outside = { ...accuracy, estimate: { delta: 3.5, ciLow: 0.5, ciHigh: 6.5, mde: 0.4 } } as unknown as MetricComparison;
    assert.equal(metricDelta(outside, outside.estimate.delta), '+3.5');
    assert.equal(interval(outside), '[+0.5, +6.5]');
    assert.equal(metricSize(outside, outside.estimate.mde), '0.4');
  });
});

describe('the bootstrap interval reads as the t interval', () => {
  test('percentage points for a rate, signed numbers otherwise, a dash without bounds', () => {
    // The bootstrap interval of the sleep data (resampling.test.ts): 0.95 and 2.3899999999999997.
    assert.equal(intervalOf(quality, 0.95, 2.3899999999999997), '[+0.95, +2.39]');
    assert.equal(intervalOf(accuracy, 0.075, 0.292), '[+7.5, +29.2] pp');
    assert.equal(intervalOf(accuracy, -0.009, 0.234), '[−0.9, +23.4] pp');
    assert.equal(intervalOf(quality, null, 1), '—');
    assert.equal(intervalOf(quality, NaN, 1), '—');
  });
});

describe('a min or max metric says what its figures compare', () => {
  const floor = { scorerKey: 'llm_judge', metricType: 'min', metricKey: 'quality_floor', valueKey: 'quality_min', baseline: 0, candidate: 0.01 };
  test('its label names the per-sample mean and its reported values are kept beside it', () => {
    assert.equal(comparedMetricLabel(floor), 'llm_judge: quality_floor/quality_min (mean per sample, not the reported min)');
    assert.equal(reportedValues(floor), 'reported min: 0 → 0.01');
  });
  test('a mean metric keeps its plain label and has no second line', () => {
    const mean = { ...floor, metricType: 'mean', metricKey: 'quality', valueKey: 'quality' };
    assert.equal(comparedMetricLabel(mean), 'llm_judge: quality');
    assert.equal(reportedValues(mean), undefined);
  });
});
