import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { describe as describeValues, repeatabilityStats } from '../../../src/core/log/repeatabilityStats';
import { loadLogIndex } from '../../../src/core/log/logLoader';
import { examplesDir, index, log, scores } from './logTestHelpers';

describe('repeatability', () => {
  test('mean, sample standard deviation (n − 1), min and max across runs', () => {
    const stats = describeValues([0.5, 0.7, 0.9]);
    assert.ok(Math.abs((stats.mean ?? 0) - 0.7) < 1e-12);
    assert.ok(Math.abs((stats.std ?? 0) - 0.2) < 1e-12, 'sqrt(((0.2)^2 + 0 + (0.2)^2) / 2) = 0.2');
    assert.equal(stats.min, 0.5);
    assert.equal(stats.max, 0.9);
    assert.deepEqual(describeValues([0.4, null]), { mean: 0.4, std: null, min: 0.4, max: 0.4 });
    assert.deepEqual(describeValues([null]), { mean: null, std: null, min: null, max: null });
  });

  test('stats per metric value key, with null for runs that lack it', () => {
    const group = (value: number | undefined) => [{ scorerKey: 'exact', purpose: 'score' as const, metrics: [{ metricKey: 'acc', scorerPurpose: 'score' as const, values: value === undefined ? [] : [{ key: 'correct', value, verification: { verdict: 'match' as const } }] }] }];
    const stats = repeatabilityStats([group(0.5), null, group(1)]);
    assert.equal(stats.length, 1);
    assert.deepEqual(stats[0].perRun, [0.5, null, 1]);
    assert.equal(stats[0].mean, 0.75);
    assert.equal(stats[0].scorerKey, 'exact');
  });

  test('runs are summarised, verified against their own samples, and paged by run index', async () => {
    const run = (i: number, correct: boolean[]) => ({
      index: i,
      metrics: [{ metric_key: 'acc', metric_type: 'mean', scorer_key: 'exact', values: { correct: correct.filter(Boolean).length / correct.length } }],
      samples: correct.map((c, s) => ({ sample_id: `s${s}`, sample: { data: { q: s } }, solver: { output: 'x' }, scores: [scores('exact', { correct: c })], errors: [] })),
      errors: i === 1 ? [{ error_type: 'E', message: 'flaky', stage: 'solver' }] : [],
    });
    const idx = index(log({ metrics: [], samples: [], runs: [run(0, [true, false]), run(1, [true, true]), run(2, [false, false])] }, { repeatability_config: { num_runs: 3 } }));
    const summary = await idx.summary();
    assert.equal(summary.runs?.runs.length, 3);
    assert.deepEqual(summary.runs?.runs.map((r) => [r.index, r.sampleCount, r.errorCount]), [[0, 2, 0], [1, 2, 1], [2, 2, 0]]);
    assert.ok(summary.runs?.runs.every((r) => r.metrics?.[0].metrics[0].values[0].verification.verdict === 'match'));
    const stat = summary.runs?.stats[0];
    assert.deepEqual(stat?.perRun, [0.5, 1, 0]);
    assert.equal(stat?.std, 0.5);
    const page = await idx.page({ offset: 0, limit: 10, runIndex: 1 });
    assert.deepEqual(page.rows.map((r) => r.scores['exact/correct']), [true, true]);
    const detail = await idx.detail(1, 2);
    assert.equal(detail.runIndex, 2);
    assert.equal(detail.sampleId, 's1');
    await assert.rejects(idx.page({ offset: 0, limit: 1, runIndex: 9 }), /no run with index 9/);
  });

  test('the repeatability example verifies and varies across runs', async () => {
    const idx = await loadLogIndex(path.join(examplesDir, 'repeatability.tasklog.json'));
    const summary = await idx.summary();
    assert.equal(summary.repeatability?.numRuns, 3);
    assert.equal(summary.runs?.runs.length, 3);
    const stat = summary.runs?.stats.find((s) => s.valueKey === 'correct');
    assert.ok(stat && stat.std !== null && stat.std > 0);
    assert.ok(summary.runs?.runs.every((r) => r.metrics?.every((g) => g.metrics.every((m) => m.values.every((v) => v.verification.verdict === 'match')))));
  });
});
