import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { logStrings } from '../../../src/core/l10n/logStrings';
import { recomputeMetric, relativeDifference, verifyMetricValue } from '../../../src/core/log/metricVerification';
import { index, log, scores, trial, withTrialsConfig } from './logTestHelpers';

function legacySample(id: number, values: Record<string, unknown>): Record<string, unknown> {
  return { sample_id: id, sample: { data: {} }, solver: { output: 'x' }, scores: [scores('exact', values)], errors: [] };
}

const samples = [legacySample(1, { correct: true, len: 3 }), legacySample(2, { correct: false, len: 5 }), legacySample(3, { correct: true, len: 10 }), legacySample(4, { other: 1 })];

async function verdicts(metrics: unknown[]): Promise<{ key: string; verdict: string; recomputed?: number; reason?: string; sampleCount?: number }[]> {
  const summary = await index(log({ metrics, samples })).summary();
  return (summary.metrics ?? []).flatMap((g) => g.metrics.flatMap((m) => m.values.map((v) => ({ key: `${m.metricKey}.${v.key}`, ...v.verification }))));
}

describe('metric verification', () => {
  test('mean, accuracy, sum, min, max and count recompute from the per-sample scores that carry the key', async () => {
    const result = await verdicts([
      { metric_key: 'acc', metric_type: 'accuracy', scorer_key: 'exact', values: { correct: 2 / 3 } },
      { metric_key: 'mean', metric_type: 'mean', scorer_key: 'exact', values: { len: 6 } },
      { metric_key: 'sum', metric_type: 'sum', scorer_key: 'exact', values: { len: 18 } },
      { metric_key: 'min', metric_type: 'min', scorer_key: 'exact', values: { len: 3 } },
      { metric_key: 'max', metric_type: 'max', scorer_key: 'exact', values: { len: 10 } },
      { metric_key: 'count', metric_type: 'count', scorer_key: 'exact', values: { correct: 3 } },
    ]);
    assert.deepEqual(result.map((r) => [r.key, r.verdict, r.sampleCount]), [
      ['acc.correct', 'match', 3], ['mean.len', 'match', 3], ['sum.len', 'match', 3], ['min.len', 'match', 3], ['max.len', 'match', 3], ['count.correct', 'match', 3],
    ]);
  });

  test('a wrong value is a mismatch with the recomputed value', async () => {
    const [result] = await verdicts([{ metric_key: 'mean', metric_type: 'mean', scorer_key: 'exact', values: { len: 7 } }]);
    assert.equal(result.verdict, 'mismatch');
    assert.equal(result.recomputed, 6);
    assert.equal(result.reason, logStrings.mismatchReason(7, 6, 3));
  });

  test('other types, missing metric_type, non-numeric values and absent keys are not verifiable', async () => {
    const result = await verdicts([
      { metric_key: 'se', metric_type: 'stderr', scorer_key: 'exact', values: { len: 1 } },
      { metric_key: 'legacy', scorer_key: 'exact', values: { correct: 0.5 } },
      { metric_key: 'obj', metric_type: 'mean', scorer_key: 'exact', values: { len: { value: 6 } } },
      { metric_key: 'absent', metric_type: 'mean', scorer_key: 'exact', values: { nowhere: 1 } },
    ]);
    assert.deepEqual(result.map((r) => [r.verdict, r.reason]), [
      ['not_verifiable', logStrings.metricTypeNotRecomputable('stderr')],
      ['not_verifiable', 'metric_type missing'],
      ['not_verifiable', logStrings.reportedNotNumeric],
      ['not_verifiable', logStrings.noPerSampleValues],
    ]);
  });

  test('a metric without scorer_key uses the only scorer that carries the key', async () => {
    const [result] = await verdicts([{ metric_key: 'm', metric_type: 'max', values: { len: 10 } }]);
    assert.equal(result.verdict, 'match');
  });

  test('relative tolerance 1e-9: just inside matches, just outside mismatches', () => {
    const inside = verifyMetricValue('mean', 1 + 0.9e-9, [{ values: [1] }]);
    const outside = verifyMetricValue('mean', 1 + 1.1e-9, [{ values: [1] }]);
    assert.equal(inside.verdict, 'match');
    assert.equal(outside.verdict, 'mismatch');
    const large = verifyMetricValue('sum', 1e12 + 100, [{ values: [1e12] }]);
    assert.equal(large.verdict, 'match', 'relative, not absolute: 100 in 1e12 is 1e-10');
    assert.equal(relativeDifference(0, 0), 0);
    assert.equal(verifyMetricValue('mean', 0, [{ values: [0, 0] }]).verdict, 'match');
    assert.equal(verifyMetricValue('mean', 1e-12, [{ values: [0] }]).verdict, 'mismatch');
  });

  test('recomputeMetric treats booleans as 1/0 and skips null', () => {
    assert.deepEqual(recomputeMetric('mean', [true, false, null, undefined, 1]), { value: 2 / 3, count: 3 });
    assert.equal(recomputeMetric('mean', ['a']).reason, logStrings.perSampleNotNumeric);
  });
});

describe('sample-level aggregated scores against their trials', () => {
  const config = withTrialsConfig({ num_trials: 2, score_aggregators: [{ score_name: 'ok', aggregator: { function: 'pass@k', k: 2, score_name: 'ok_at_2' } }] });
  const make = (reported: Record<string, unknown>): unknown =>
    log({ metrics: [{ metric_key: 'ok', metric_type: 'mean', scorer_key: 'judge', values: { ok_at_2: 0.75 } }], samples: [{ sample_id: 1, errors: [], scores: [scores('judge', reported)], trials: [trial(0, { ok: true }), trial(1, { ok: false })] }] }, config);

  test('match, mismatch and not verifiable per value key', async () => {
    const idx = index(make({ ok_at_2: 0.75, extra: 3, mean_ok: 0.4 }));
    const detail = await idx.detail(0);
    const verification = detail.scores[0].verification ?? {};
    assert.equal(verification.ok_at_2.verdict, 'match');
    assert.equal(verification.extra.verdict, 'not_verifiable');
    assert.equal(verification.extra.reason, logStrings.noTrialAggregation('extra'));
    assert.equal(detail.scores[0].derived, undefined);
    const bad = await index(make({ ok_at_2: 0.5 })).detail(0);
    assert.equal(bad.scores[0].verification?.ok_at_2.verdict, 'mismatch');
    assert.equal(bad.scores[0].verification?.ok_at_2.recomputed, 0.75);
    const checks = idx.sampleChecks();
    assert.deepEqual(checks.map((c) => [c.sampleId, c.key, c.verification.verdict]), [[1, 'ok_at_2', 'match'], [1, 'extra', 'not_verifiable'], [1, 'mean_ok', 'not_verifiable']]);
  });

  test('metrics are recomputed from sample-level scores where present', async () => {
    const summary = await index(make({ ok_at_2: 0.75 })).summary();
    assert.equal(summary.metrics?.[0].metrics[0].values[0].verification.verdict, 'match');
  });

  test('metrics are recomputed from the trial aggregation when samples have no sample-level scores', async () => {
    const value = log({ metrics: [{ metric_key: 'ok', metric_type: 'mean', scorer_key: 'judge', values: { ok: 0.75 } }], samples: [
      { sample_id: 1, errors: [], trials: [trial(0, { ok: true }), trial(1, { ok: false })] },
      { sample_id: 2, errors: [], trials: [trial(0, { ok: true }), trial(1, { ok: true })] },
    ] });
    const summary = await index(value).summary();
    const view = summary.metrics?.[0].metrics[0].values[0];
    assert.equal(view?.verification.verdict, 'match');
    assert.equal(view?.verification.sampleCount, 2);
    assert.deepEqual(view?.distribution, { min: 0.5, max: 1, counts: [1, 0, 0, 0, 0, 0, 0, 0, 0, 1] });
  });
});
