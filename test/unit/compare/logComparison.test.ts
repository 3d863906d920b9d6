import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { LogComparison } from '../../../src/core/compare/logComparison';
import { alignSamples } from '../../../src/core/compare/sampleAlignment';
import { clusteredDifference, pairedDifference, unpairedDifference } from '../../../src/core/compare/statistics/differenceTests';
import { fisherExactP, holmAdjust, mcnemarExactP } from '../../../src/core/compare/statistics/exactTests';
import { comparable, compareLog, legacySample, trialsSample } from './compareTestLogs';
import { seededRandom } from '../randomInput';

const ACCURACY = 'judge|accuracy|correct';

function twoLogs(base: unknown, cand: unknown, options = {}): LogComparison {
  return new LogComparison([comparable(base, 'base.json'), comparable(cand, 'cand.json')], options);
}

describe('aligning samples', () => {
  test('pairs by sample id as text; lists samples in one log and duplicated ids', () => {
    const alignment = alignSamples(
      [{ sampleId: 1 }, { sampleId: 'a' }, { sampleId: 'dup' }, { sampleId: 'dup' }, { sampleId: 'gone' }],
      [{ sampleId: 'new' }, { sampleId: 'a' }, { sampleId: '1' }, { sampleId: 'dup' }],
    );
    assert.deepEqual(alignment.ids, ['1', 'a']);
    assert.deepEqual([...alignment.baseline], [0, 1]);
    assert.deepEqual([...alignment.candidate], [2, 1]);
    assert.deepEqual(alignment.onlyBaseline, ['gone']);
    assert.deepEqual(alignment.onlyCandidate, ['new']);
    assert.deepEqual(alignment.duplicateBaseline, ['dup']);
    assert.deepEqual(alignment.duplicateCandidate, []);
  });

  test('the pair of an id at the position it is said to have is found without searching the ids', (t) => {
    const alignment = alignSamples(['a1', 'a10', 'x', 'a', 'dup', 'dup'].map((sampleId) => ({ sampleId })), ['dup', 'a', 'x', 'a10', 'a1'].map((sampleId) => ({ sampleId })));
    const indexOf = t.mock.method(String.prototype, 'indexOf');
    assert.deepEqual([alignment.pairOf('a10', 1), alignment.pairOf('a', 3), alignment.pairOf('dup', 4)], [1, 3, -1]);
    assert.equal(indexOf.mock.callCount(), 0);
    // Elsewhere, or said to be where another id is, it is searched for.
    assert.deepEqual([alignment.pairOf('a10'), alignment.pairOf('a10', 0), alignment.pairOf('a', 99)], [1, 1, 3]);
    assert.ok(indexOf.mock.callCount() >= 3, String(indexOf.mock.callCount()));
  });

  test('a duplicated id in either log pairs with nothing (three times in one log too)', () => {
    const alignment = alignSamples([{ sampleId: 'x' }, { sampleId: 'y' }], [{ sampleId: 'x' }, { sampleId: 'x' }, { sampleId: 'x' }, { sampleId: 'y' }]);
    assert.deepEqual(alignment.ids, ['y']);
    assert.deepEqual(alignment.duplicateCandidate, ['x']);
    assert.deepEqual(alignment.onlyBaseline, []);
  });
});

describe('comparing logs', () => {
  const baseValues = [1, 0, 1, 1, 0, 0, 1, 0, 1, 0];
  const candValues = [1, 1, 1, 1, 1, 0, 1, 1, 1, 0];

  test('paired figures of a 0/1 metric: Δ, SE, t-test, McNemar counts, missing and changed samples', () => {
    const base = compareLog([...baseValues.map((v, i) => legacySample(`s${i}`, { correct: v })), legacySample('only-base', { correct: 1 })]);
    const cand = compareLog([
      ...candValues.map((v, i) => legacySample(`s${i}`, { correct: v }, i === 3 ? { q: 'reworded' } : undefined)),
      legacySample('only-cand', { correct: 0 }),
    ]);
    const comparison = twoLogs(base, cand);
    assert.equal(comparison.checkInputs(), true);
    const summary = comparison.summary();
    const c = summary.candidates[0];
    assert.equal(c.alignment.paired, 10);
    assert.deepEqual(c.alignment.onlyBaseline, ['only-base']);
    assert.deepEqual(c.alignment.onlyCandidate, ['only-cand']);
    assert.deepEqual(c.alignment.inputChanged, ['s3']);
    assert.equal(c.unpaired, false);
    const metric = c.metrics.find((m) => m.id === ACCURACY);
    assert.ok(metric);
    const expected = pairedDifference(candValues.map((v, i) => v - baseValues[i]));
    assert.equal(metric.estimate.n, 10);
    assert.ok(Math.abs(metric.estimate.delta - 0.3) < 1e-12);
    assert.equal(metric.estimate.se, expected.se);
    assert.equal(metric.estimate.p, expected.p);
    assert.equal(metric.baselineMean, 0.5);
    assert.equal(metric.candidateMean, 0.8);
    assert.deepEqual(metric.binary, { bothPass: 5, bothFail: 2, onlyBaseline: 0, onlyCandidate: 3, mcnemarP: mcnemarExactP(0, 3) });
    assert.equal(metric.pHolm, metric.estimate.p);
    assert.equal(metric.changes.improvements, 3);
    assert.equal(metric.changes.regressions, 0);
    assert.equal(c.runtime.delta, 0);
  });

  test('legacy and trial layouts mixed, different trial counts: trials are aggregated first, then paired', () => {
    const base = compareLog([legacySample('a', { correct: 1 }), trialsSample('b', [{ correct: true }]), legacySample('c', { correct: 0 })]);
    const cand = compareLog([
      trialsSample('a', [{ correct: true }, { correct: false }, { correct: false }]),
      trialsSample('b', [{ correct: true }, { correct: true }, { correct: false }, { correct: true }]),
      trialsSample('c', [{ correct: 1 }, { correct: 1 }]),
    ]);
    const metric = twoLogs(base, cand).summary().candidates[0].metrics[0];
    // Per-sample values: a 1 → 1/3, b 1 → 3/4, c 0 → 1.
    const d = [1 / 3 - 1, 3 / 4 - 1, 1];
    const expected = pairedDifference(d);
    assert.ok(Math.abs(metric.estimate.delta - expected.delta) < 1e-12);
    assert.ok(Math.abs((metric.estimate.se ?? 0) - (expected.se ?? 1)) < 1e-12);
    assert.equal(metric.binary, undefined, 'fractions are not 0/1');
  });

  test('per-sample changes sorted by size; within noise by Fisher on the trial pass counts', () => {
    const base = compareLog([
      trialsSample('small', [{ correct: true }, { correct: true }, { correct: false }]),
      trialsSample('big', Array.from({ length: 10 }, () => ({ correct: true }))),
      trialsSample('same', [{ correct: true }]),
    ]);
    const cand = compareLog([
      trialsSample('small', [{ correct: true }, { correct: false }, { correct: false }]),
      trialsSample('big', Array.from({ length: 10 }, () => ({ correct: false }))),
      trialsSample('same', [{ correct: true }]),
    ]);
    const comparison = twoLogs(base, cand);
    const page = comparison.page({ candidate: 1, offset: 0, limit: 10, metricId: ACCURACY });
    assert.deepEqual(page.rows.map((r) => r.sampleId), ['big', 'small']);
    assert.equal(page.rows[0].kind, 'regression');
    assert.equal(page.rows[0].fisherP, fisherExactP(10, 0, 0, 10));
    assert.equal(page.rows[0].withinNoise, false);
    assert.equal(page.rows[1].fisherP, fisherExactP(2, 1, 1, 2));
    assert.equal(page.rows[1].withinNoise, true);
    const significant = comparison.page({ candidate: 1, offset: 0, limit: 10, onlySignificant: true });
    assert.deepEqual(significant.rows.map((r) => r.sampleId), ['big']);
    assert.equal(comparison.page({ candidate: 1, offset: 0, limit: 10, kind: 'improvement' }).total, 0);
    const all = comparison.page({ candidate: 1, offset: 0, limit: 10, view: 'all' });
    assert.deepEqual(all.rows.map((r) => [r.sampleId, r.kind]), [['small', 'regression'], ['big', 'regression'], ['same', 'unchanged']]);
    assert.equal(comparison.summary().candidates[0].metrics[0].changes.withinNoise, 1);
  });

  test('a page row: the pair\'s ids and values, a side with no value as null', () => {
    const comparison = twoLogs(
      compareLog([legacySample('first', { correct: 1 }), legacySample('second-longer-id', { correct: 0 }), legacySample(3, { correct: 0.5 })]),
      compareLog([legacySample(3, { correct: 0.5 }), legacySample('second-longer-id', { correct: 1 }), legacySample('first', {})]),
    );
    const rows = comparison.page({ candidate: 1, offset: 0, limit: 10, view: 'all', metricId: ACCURACY }).rows;
    assert.deepEqual(rows.map((r) => [r.sampleId, r.baselineIndex, r.candidateIndex, r.baseline, r.candidate, r.delta, r.kind]), [
      ['first', 0, 2, 1, null, null, 'unchanged'],
      ['second-longer-id', 1, 1, 0, 1, 1, 'improvement'],
      ['3', 2, 0, 0.5, 0.5, 0, 'unchanged'],
    ]);
  });

  test('changes sorted by size, largest first, equal sizes in baseline and metric order: few sizes and thousands', () => {
    const metrics = [{ metric_key: 'accuracy', metric_type: 'mean', scorer_key: 'judge', values: { correct: 0.5, partial: 0.5 } }];
    const steps = [0, 0.25, 0.5, 0.75, 1];
    for (const [seed, n, continuous] of [[1, 200, false], [2, 400, false], [3, 1500, true], [4, 1500, true]] as const) {
      const random = seededRandom(seed);
      const value = (): number => (continuous ? Math.round(random() * 1e6) / 1e6 : steps[Math.floor(random() * steps.length)]);
      const samples = (): Record<string, unknown>[] => Array.from({ length: n }, (_, i) => legacySample(`s${i}`, { correct: value(), partial: value() }));
      const comparison = twoLogs(compareLog(samples(), { metrics }), compareLog(samples(), { metrics }));
      const all = comparison.page({ candidate: 1, offset: 0, limit: 2 * n, view: 'all' }).rows;
      assert.equal(all.length, 2 * n);
      // The reference: every change of the baseline-order list, sorted by |Δ| with a stable sort.
      const expected = all.filter((r) => r.kind !== 'unchanged').sort((a, b) => Math.abs(b.delta ?? 0) - Math.abs(a.delta ?? 0));
      if (continuous) assert.ok(new Set(expected.map((r) => Math.abs(r.delta ?? 0))).size > 1000, 'thousands of distinct sizes');
      const changes = comparison.page({ candidate: 1, offset: 0, limit: 2 * n });
      assert.equal(changes.total, expected.length);
      assert.deepEqual(changes.rows.map((r) => `${r.sampleId} ${r.metricId}`), expected.map((r) => `${r.sampleId} ${r.metricId}`), `seed ${seed}`);
    }
  });

  test('a flipped metric (lower is better) turns a significant increase into a regression', () => {
    const n = 12;
    const base = compareLog(Array.from({ length: n }, (_, i) => legacySample(i, { correct: 0.1 + (i % 3) * 0.01 })));
    const cand = compareLog(Array.from({ length: n }, (_, i) => legacySample(i, { correct: 0.5 + (i % 4) * 0.01 })));
    const normal = twoLogs(base, cand).summary();
    assert.equal(normal.candidates[0].metrics[0].verdict, 'better');
    assert.equal(normal.anyRegression, false);
    const flipped = twoLogs(base, cand, { lowerIsBetter: ['accuracy'] });
    const summary = flipped.summary();
    assert.equal(summary.candidates[0].metrics[0].lowerIsBetter, true);
    assert.equal(summary.candidates[0].metrics[0].verdict, 'worse');
    assert.equal(summary.anyRegression, true);
    assert.equal(summary.candidates[0].metrics[0].changes.regressions, n);
    assert.equal(flipped.page({ candidate: 1, offset: 0, limit: 1 }).rows[0].kind, 'regression');
  });

  test('clustered SE by a key of the sample data', () => {
    const groups = ['g1', 'g1', 'g2', 'g2', 'g3', 'g3', 'g3'];
    const a = [0.2, 0.4, 0.5, 0.1, 0.9, 0.3, 0.6];
    const b = [0.3, 0.6, 0.4, 0.4, 0.95, 0.2, 0.9];
    const base = compareLog(a.map((v, i) => legacySample(i, { correct: v }, { q: `q${i}`, topic: groups[i] })));
    const cand = compareLog(b.map((v, i) => legacySample(i, { correct: v }, { q: `q${i}`, topic: groups[i] })));
    const summary = twoLogs(base, cand, { clusterKey: 'topic' }).summary();
    const metric = summary.candidates[0].metrics[0];
    const expected = clusteredDifference(b.map((v, i) => v - a[i]), groups);
    assert.equal(metric.estimate.method, 'clustered');
    assert.equal(metric.estimate.clusters, 3);
    assert.equal(metric.estimate.df, 2);
    assert.ok(Math.abs((metric.estimate.se ?? 0) - (expected.se ?? 1)) < 1e-15);
    assert.notEqual(metric.estimate.se, pairedDifference(b.map((v, i) => v - a[i])).se);
    assert.deepEqual(summary.clusterKeys, ['q', 'topic']);
  });

  test('no sample in both logs: unpaired Welch figures, said plainly', () => {
    const base = compareLog([0.2, 0.4, 0.3, 0.5].map((v, i) => legacySample(`a${i}`, { correct: v })));
    const cand = compareLog([0.6, 0.7, 0.9].map((v, i) => legacySample(`b${i}`, { correct: v })));
    const c = twoLogs(base, cand).summary().candidates[0];
    assert.equal(c.unpaired, true);
    assert.equal(c.alignment.paired, 0);
    const metric = c.metrics[0];
    const expected = unpairedDifference([0.2, 0.4, 0.3, 0.5], [0.6, 0.7, 0.9]);
    assert.equal(metric.estimate.method, 'unpaired');
    assert.equal(metric.estimate.df, expected.df);
    assert.equal(metric.estimate.p, expected.p);
    assert.equal(metric.correlation, null);
  });

  test("Holm's adjustment across the metric keys; metrics in one log only or not verifiable are listed as skipped", () => {
    const metrics = [
      { metric_key: 'accuracy', metric_type: 'mean', scorer_key: 'judge', values: { correct: 0.5, quality: 0.5 } },
      { metric_key: 'spread', metric_type: 'stderr', scorer_key: 'judge', values: { quality: 0.1 } },
    ];
    const a = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6];
    const base = compareLog(a.map((v, i) => legacySample(i, { correct: v, quality: v })), { metrics });
    const cand = compareLog(a.map((v, i) => legacySample(i, { correct: v + 0.1 + (i % 2) * 0.05, quality: v + (i % 2 ? 0.02 : -0.01) })), {
      metrics: [...metrics, { metric_key: 'extra', metric_type: 'mean', scorer_key: 'judge', values: { correct: 1 } }],
    });
    const c = twoLogs(base, cand).summary().candidates[0];
    assert.deepEqual(c.metrics.map((m) => m.valueKey), ['correct', 'quality']);
    const adjusted = holmAdjust(c.metrics.map((m) => m.estimate.p));
    assert.deepEqual(c.metrics.map((m) => m.pHolm), adjusted);
    assert.ok((c.metrics[0].pHolm ?? 0) > (c.metrics[0].estimate.p ?? 1) || c.metrics[0].pHolm === 1);
    assert.deepEqual(c.skipped.map((s) => `${s.metricKey}/${s.valueKey}`).sort(), ['extra/correct', 'spread/quality']);
  });

  test('a purpose whose model changed is one row naming both models, not a loss and a gain', () => {
    const base = compareLog([legacySample('x', { correct: 1 })], { extraEvidence: { model_token_usages: [{ model_id: 1, purpose: 'test', prompt_tokens: 95_000, completion_tokens: 550 }] } });
    const cand = compareLog([legacySample('x', { correct: 1 })], { extraEvidence: { model_token_usages: [{ model_id: 2, purpose: 'test', prompt_tokens: 93_000, completion_tokens: 450 }] } });
    const usage = twoLogs(base, cand).summary().candidates[0].usage;
    assert.deepEqual(usage.map((u) => [u.purpose, u.baselineModels, u.candidateModels, u.delta]), [['test', ['#1'], ['#2'], -2100]]);
  });

  test('deltas of token usage by purpose with the models of each side, errors by stage, runtime', () => {
    const base = compareLog([legacySample('x', { correct: 1 })], {
      runtime: 30,
      extraEvidence: { model_token_usages: [{ model_id: 1, purpose: 'test', prompt_tokens: 100, completion_tokens: 10 }], errors: [{ error_type: 'E', message: 'm', stage: 'solver' }] },
    });
    const cand = compareLog([legacySample('x', { correct: 1 })], {
      runtime: 20,
      extraEvidence: { model_token_usages: [{ model_id: 1, purpose: 'test', prompt_tokens: 150, completion_tokens: 20 }, { model_id: 2, purpose: 'judge', prompt_tokens: 5, completion_tokens: 1 }] },
    });
    const c = twoLogs(base, cand).summary().candidates[0];
    assert.deepEqual(c.usage.map((u) => [u.purpose, u.baselineModels, u.candidateModels, u.delta]), [['test', ['#1'], ['#1'], 60], ['judge', [], ['#2'], 6]]);
    assert.deepEqual(c.errors, [{ stage: 'solver', baseline: 1, candidate: 0, delta: -1 }]);
    assert.equal(c.runtime.delta, -10);
    assert.equal(c.metrics[0].verdict, 'untested');
  });

  test('a pair opened from a row is found at the row\'s baseline position: ids inside other ids, duplicates, two metric keys', async () => {
    const ids = ['a1', 'a10', '1', 'a', 'dup', 'dup', 'x', '10', 'a1x', 11];
    const metrics = [{ metric_key: 'accuracy', metric_type: 'mean', scorer_key: 'judge', values: { correct: 0.5, score: 0.5 } }];
    const base = compareLog(ids.map((id, i) => legacySample(id, { correct: i % 2, score: i / 10 })), { metrics });
    const cand = compareLog(ids.map((id, i) => legacySample(id, { correct: (i + 1) % 2, score: ((i * 3) % 7) / 10 }, i === 6 ? { q: 'changed' } : undefined)), { metrics });
    const comparison = twoLogs(base, cand);
    const metricIds = comparison.summary().candidates[0].metrics.map((m) => m.id);
    assert.ok(metricIds.length >= 2, metricIds.join());
    let opened = 0;
    for (const query of [{ view: 'all' as const }, {}, { metricId: metricIds[1] }, { kind: 'regression' as const }]) {
      const page = comparison.page({ candidate: 1, offset: 0, limit: 100, ...query });
      assert.ok(page.rows.length > 0, JSON.stringify(query));
      for (const row of page.rows) {
        const detail = await comparison.pairDetail(1, row.sampleId, row.baselineIndex);
        assert.deepEqual(detail, await comparison.pairDetail(1, row.sampleId), `${JSON.stringify(query)} ${row.sampleId}`);
        assert.deepEqual([detail.baseline.index, detail.candidate.index], [row.baselineIndex, row.candidateIndex]);
        opened++;
      }
    }
    assert.ok(opened > 20, String(opened));
    // A position that holds another id, or none, is not believed: the id is searched for.
    for (const wrong of [0, 3, 9, 10, -1, 1.5, Number.NaN]) assert.equal((await comparison.pairDetail(1, 'a1x', wrong)).baseline.index, 8, String(wrong));
    // A duplicated id pairs with nothing, wherever it is said to be.
    await assert.rejects(comparison.pairDetail(1, 'dup', 4), /no sample with id "dup"/);
    await assert.rejects(comparison.pairDetail(1, 'dup', 5), /no sample with id "dup"/);
  });

  test('three logs: each candidate against the first; a pair detail holds both samples', async () => {
    const logs = [0, 1, 2].map((shift) => compareLog([0, 1, 2].map((i) => legacySample(i, { correct: (i + shift) % 2 }))));
    const comparison = new LogComparison(logs.map((l, i) => comparable(l, `log${i}.json`)));
    const summary = comparison.summary();
    assert.deepEqual(summary.candidates.map((c) => c.position), [1, 2]);
    assert.deepEqual(summary.candidates.map((c) => c.log.fileName), ['log1.json', 'log2.json']);
    const detail = await comparison.pairDetail(2, '1');
    assert.equal(detail.baseline.sampleId, 1);
    assert.equal(detail.candidate.sampleId, 1);
    assert.equal(detail.inputChanged, false);
    await assert.rejects(comparison.pairDetail(3, '1'), /no candidate log 3/);
    await assert.rejects(comparison.pairDetail(1, 'nope'), /no sample with id "nope"/);
  });
});
