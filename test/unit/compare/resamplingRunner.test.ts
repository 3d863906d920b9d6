import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import { comparable, compareLog, legacySample } from './compareTestLogs';
import { LogComparison } from '../../../src/core/compare/logComparison';
import { ResamplingWorkers, runResampling } from '../../../src/core/compare/resamplingRunner';
import type { ResamplingWork } from '../../../src/core/compare/resamplingMessages';
import { repoRoot } from '../sharedFixtures';
import { groupBySameDifferences } from '../../../src/core/compare/sameDifferences';
import { resamplingFigures } from '../../../src/core/compare/smallSampleFigures';
import { isCompareHostToWebview } from '../../../src/core/protocol/compareProtocol';
import type { ResamplingResult } from '../../../src/core/model/compareTypes';

// R's `sleep` data (Cushny and Peebles), as in logCompareStatistics.test.ts: the baseline is group 1, the candidate group 2.
const sleepGroup1 = [0.7, -1.6, -0.2, -1.2, -0.1, 3.4, 3.7, 0.8, 0.0, 2.0];
const sleepGroup2 = [1.9, 0.8, 1.1, 0.1, -0.1, 4.4, 5.5, 1.6, 4.6, 3.4];

function sleepComparison(): LogComparison {
  const log = (values: number[]): unknown => compareLog(values.map((v, i) => legacySample(`p${i}`, { correct: v })));
  return new LogComparison([comparable(log(sleepGroup1)), comparable(log(sleepGroup2))]);
}

describe('the resampling the compare view computes after its table (docs/semantics.md §12)', () => {
  test('a comparison made without it lists the paired differences to resample, and takes the figures back', () => {
    const comparison = sleepComparison();
    const jobs = comparison.resamplingJobs();
    assert.equal(jobs.length, 1);
    assert.equal(jobs[0].candidate, 1);
    // group 2 − group 1, in the sample order.
    assert.deepEqual(Array.from(jobs[0].differences, (d) => Math.round(d * 10) / 10), [1.2, 2.4, 1.3, 1.3, 0, 1, 1.8, 0.8, 4.6, 1.4]);
    assert.equal(comparison.summary().resampling, undefined);
    const figures = resamplingFigures(jobs[0].differences, jobs[0].tP);
    assert.ok(figures);
    comparison.resamplingProgress = 'pending';
    assert.equal(comparison.summary().resampling, 'pending');
    comparison.applyResampling({ candidate: 1, metricId: jobs[0].metricId, figures });
    comparison.applyResampling({ candidate: 3, metricId: 'nothing', figures });
    comparison.resamplingProgress = 'complete';
    const metric = comparison.summary().candidates[0].metrics[0];
    // The sleep data: the exact sign-flip p of SciPy permutation_test (resampling.test.ts) and the bootstrap of NumPy.
    assert.equal(metric.resampling?.permutation.p, 0.00390625);
    assert.ok(Math.abs((metric.resampling?.bootstrap.low ?? 0) - 0.95) < 1e-12);
    assert.equal(comparison.summary().resampling, 'complete');
    assert.deepEqual(comparison.resamplingJobs(), [], 'nothing left to resample');
  });

  test('0/1 metrics are not resampled: they have Wilson intervals', () => {
    const log = (pass: (i: number) => boolean): unknown => compareLog(Array.from({ length: 30 }, (_, i) => legacySample(`s${i}`, { correct: pass(i) ? 1 : 0 })));
    const comparison = new LogComparison([comparable(log((i) => i % 3 !== 0)), comparable(log((i) => i % 2 !== 0))]);
    assert.deepEqual(comparison.resamplingJobs(), []);
    assert.ok(comparison.summary().candidates[0].metrics[0].proportions);
  });

  test('the runner without a worker file gives the figures of the comparison itself, and can be cancelled', async () => {
    const comparison = sleepComparison();
    const jobs = comparison.resamplingJobs();
    const results: ResamplingResult[] = [];
    const run = runResampling(jobs, 7, path.join(__dirname, 'no-such-worker.js'), (r) => results.push(r));
    assert.equal(await run.done, true);
    assert.equal(results.length, 1);
    assert.deepEqual(results[0].figures, resamplingFigures(jobs[0].differences, jobs[0].tP, 7));
    const cancelled = runResampling(jobs, 7, undefined, () => assert.fail('no result after cancelling'));
    cancelled.cancel();
    assert.equal(await cancelled.done, false);
  });

  test('metrics that pair the same differences are resampled once, each given the figures beside its own t p', async () => {
    const comparison = sleepComparison();
    const [job] = comparison.resamplingJobs();
    const other = Float64Array.from(job.differences, (d) => d / 2);
    const jobs = [
      job,
      { ...job, metricId: 'same values, another metric', differences: job.differences.slice(), tP: 0.5 },
      { ...job, metricId: 'other values', differences: other },
    ];
    assert.deepEqual(groupBySameDifferences(jobs).map((group) => group.map((j) => j.metricId)), [[job.metricId, 'same values, another metric'], ['other values']]);
    const results: ResamplingResult[] = [];
    assert.equal(await runResampling(jobs, 7, undefined, (r) => results.push(r)).done, true);
    const byMetric = new Map(results.map((r) => [r.metricId, r.figures]));
    assert.equal(results.length, 3, 'every metric gets its figures');
    assert.deepEqual(byMetric.get(job.metricId), resamplingFigures(job.differences, job.tP, 7));
    // The sleep data's t-test says p < 0.05 as the permutation test does; a t p of 0.5 disagrees with it.
    assert.deepEqual(byMetric.get('same values, another metric'), resamplingFigures(job.differences, 0.5, 7));
    assert.equal(byMetric.get('same values, another metric')?.disagreesWithT, true);
    assert.deepEqual(byMetric.get('other values'), resamplingFigures(other, job.tP, 7));
  });

  test('the resampling message is checked before the view uses it', () => {
    const figures = { bootstrap: { seed: 1, resamples: 10, low: 0, high: 1 }, permutation: { exact: true, patterns: 4, p: 0.5 }, disagreesWithT: false };
    assert.ok(isCompareHostToWebview({ type: 'resampling', generation: 2, complete: false, results: [{ candidate: 1, metricId: 'm', figures }] }));
    assert.ok(!isCompareHostToWebview({ type: 'resampling', generation: 2, complete: false, results: [{ candidate: 1, metricId: 3, figures }] }));
    assert.ok(!isCompareHostToWebview({ type: 'resampling', generation: 2, results: [] }));
    assert.ok(!isCompareHostToWebview({ type: 'resampling', generation: -1, complete: true, results: [] }));
  });

  describe('in worker threads', () => {
    const script = path.join(repoRoot, 'dist', 'worker', 'resampling.js');
    // A key large enough to be split into its bootstrap and permutation parts, one resampled by value, and a small one.
    const many = Float64Array.from({ length: 2500 }, (_, i) => Math.sin(i * 0.7) + 0.05);
    const few = Float64Array.from({ length: 2500 }, (_, i) => ((i * 7) % 5) / 4 - 0.45);
    const jobs = (): ResamplingWork[] => [
      { candidate: 1, metricId: 'many', differences: many.slice(), tP: 0.01 },
      { candidate: 1, metricId: 'few', differences: few.slice(), tP: 0.9 },
      { candidate: 2, metricId: 'small', differences: Float64Array.from(sleepGroup2, (v, i) => v - sleepGroup1[i]), tP: 0.002 },
    ];
    const expected = new Map(jobs().map((j) => [`${j.candidate}/${j.metricId}`, resamplingFigures(j.differences, j.tP, 11)]));

    async function figuresFrom(workers: string | ResamplingWorkers): Promise<Map<string, unknown>> {
      const results: ResamplingResult[] = [];
      assert.equal(await runResampling(jobs(), 11, workers, (r) => results.push(r)).done, true);
      return new Map(results.map((r) => [`${r.candidate}/${r.metricId}`, r.figures]));
    }

    test('workers started for the run give the figures of this thread', async () => {
      assert.ok(fs.existsSync(script), 'the worker is built (node esbuild.js)');
      assert.deepEqual(await figuresFrom(script), expected);
    });

    test('workers started ahead of the jobs give the same figures, and are used once', async () => {
      const ahead = ResamplingWorkers.start(script);
      assert.ok(ahead);
      assert.deepEqual(await figuresFrom(ahead), expected);
      assert.deepEqual(ahead.take(), [], 'the run took them');
      assert.equal(ResamplingWorkers.start(path.join(__dirname, 'no-such-worker.js')), undefined);
    });

    test('workers started ahead that end before the jobs come are not waited for', async () => {
      // A worker script that ends at once: the pool drops each worker as it exits, and the run, starting new ones
      // that end too, says it did not finish instead of waiting forever.
      const endsAtOnce = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'eval-lens-resampling-')), 'ends-at-once.js');
      fs.writeFileSync(endsAtOnce, '// nothing to wait for\n');
      const ahead = ResamplingWorkers.start(endsAtOnce);
      assert.ok(ahead);
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.deepEqual(ahead.take(), [], 'both exited and were dropped');
      const results: ResamplingResult[] = [];
      assert.equal(await runResampling(jobs(), 11, ahead, (r) => results.push(r)).done, false);
      assert.deepEqual(results, []);
    });

    test('a pool no run takes ends its workers when disposed', async () => {
      const ahead = ResamplingWorkers.start(script);
      assert.ok(ahead);
      const terminate = Worker.prototype.terminate;
      const ended: Promise<number>[] = [];
      Worker.prototype.terminate = function (this: Worker) {
        const exit = terminate.call(this);
        ended.push(exit);
        return exit;
      };
      try {
        ahead.dispose();
      } finally {
        Worker.prototype.terminate = terminate;
      }
      assert.equal(ended.length, 2, 'both workers are ended');
      await Promise.all(ended);
      assert.deepEqual(ahead.take(), []);
    });
  });
});
