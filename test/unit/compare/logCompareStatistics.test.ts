import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { runCli } from '../../../src/cli/runCli';
import { CliIo } from '../../../src/cli/cliTypes';
import type { MetricComparison } from '../../../src/core/model/compareTypes';
import { comparable, compareLog, legacySample } from './compareTestLogs';
import { LogComparison } from '../../../src/core/compare/logComparison';

function capture(cwd: string): CliIo & { out: string; err: string } {
  const io = { out: '', err: '', cwd, stdout: (t: string) => { io.out += t; }, stderr: (t: string) => { io.err += t; } };
  return io;
}

function close(actual: number | undefined, expected: number, relative = 1e-9): void {
  assert.ok(actual !== undefined && Math.abs(actual - expected) <= relative * Math.max(Math.abs(expected), 1e-12), `${actual} ≠ ${expected}`);
}

// R's `sleep` data (Cushny and Peebles): the baseline is group 1, the candidate group 2.
const sleepGroup1 = [0.7, -1.6, -0.2, -1.2, -0.1, 3.4, 3.7, 0.8, 0.0, 2.0];
const sleepGroup2 = [1.9, 0.8, 1.1, 0.1, -0.1, 4.4, 5.5, 1.6, 4.6, 3.4];

describe('eval-lens log compare: the statistics of docs/semantics.md §12', () => {
  let dir: string;
  const write = (name: string, samples: unknown[]): void => fs.writeFileSync(path.join(dir, name), JSON.stringify(compareLog(samples as Record<string, unknown>[])));
  const metrics = async (args: string[]): Promise<MetricComparison[]> => {
    const io = capture(dir);
    assert.equal(await runCli(['log', 'compare', ...args, '--json', '--resampling'], io), 0, io.err);
    return (JSON.parse(io.out) as { candidates: { metrics: MetricComparison[] }[] }).candidates[0].metrics;
  };
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eval-lens-compare-stats-'));
    write('base01.json', Array.from({ length: 30 }, (_, i) => legacySample(`s${i}`, { correct: i % 3 === 0 ? 0 : 1 })));
    write('worse01.json', Array.from({ length: 30 }, (_, i) => legacySample(`s${i}`, { correct: i % 3 === 0 || i % 2 === 0 ? 0 : 1 })));
    write('sleep1.json', sleepGroup1.map((v, i) => legacySample(`p${i}`, { correct: v })));
    write('sleep2.json', sleepGroup2.map((v, i) => legacySample(`p${i}`, { correct: v })));
    // Differences 0.1 ×5 and 5: the t-test sees no difference (p 0.3127), the sign-flip test does (p 2/64 = 0.03125).
    write('skewA.json', Array.from({ length: 6 }, (_, i) => legacySample(`k${i}`, { correct: 0 })));
    write('skewB.json', Array.from({ length: 6 }, (_, i) => legacySample(`k${i}`, { correct: i === 5 ? 5 : 0.1 })));
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  test('without --resampling or --seed the comparison draws nothing: no bootstrap, no permutation', async () => {
    const io = capture(dir);
    assert.equal(await runCli(['log', 'compare', 'sleep1.json', 'sleep2.json', '--json'], io), 0, io.err);
    const m = (JSON.parse(io.out) as { candidates: { metrics: MetricComparison[] }[] }).candidates[0].metrics[0];
    assert.equal(m.resampling, undefined);
    const seeded = capture(dir);
    assert.equal(await runCli(['log', 'compare', 'sleep1.json', 'sleep2.json', '--json', '--seed', '7'], seeded), 0, seeded.err);
    assert.equal((JSON.parse(seeded.out) as { candidates: { metrics: MetricComparison[] }[] }).candidates[0].metrics[0].resampling?.bootstrap.seed, 7);
  });

  test('0/1 metrics: each log\'s Wilson interval, no resampling', async () => {
    // mpmath Wilson (see smallSampleStatistics.test.ts): w(20, 30) = [0.4878005164454384, 0.8076950191632386],
    // w(10, 30) = [0.19230498083676137, 0.5121994835545616].
    const [m] = await metrics(['base01.json', 'worse01.json']);
    assert.ok(m.proportions && !m.resampling);
    close(m.proportions.baseline.wilsonLow, 0.4878005164454384);
    close(m.proportions.baseline.wilsonHigh, 0.8076950191632386);
    close(m.proportions.candidate.wilsonLow, 0.19230498083676137);
    close(m.proportions.candidate.wilsonHigh, 0.5121994835545616);
    assert.equal(m.proportions.baseline.normalLow, undefined);
    const io = capture(dir);
    await runCli(['log', 'compare', 'base01.json', 'worse01.json'], io);
    assert.match(io.out, /Wilson interval/);
    assert.match(io.out, /judge: accuracy\/correct\s+30\s+66\.7%\s+\[48\.8%, 80\.8%\]\s+33\.3%\s+\[19\.2%, 51\.2%\]/);
  });

  test('other scores: the bootstrap interval and the exact permutation test beside the t figures', async () => {
    // Bootstrap: the same resampling in Python/NumPy (resampling.test.ts) gives [0.95, 2.3899999999999997];
    // permutation: scipy.stats.permutation_test(..., permutation_type='samples', n_resamples=np.inf) = 0.00390625.
    const [m] = await metrics(['sleep1.json', 'sleep2.json']);
    assert.ok(m.resampling && !m.proportions);
    assert.deepEqual([m.resampling.bootstrap.seed, m.resampling.bootstrap.resamples], [20211, 10_000]);
    close(m.resampling.bootstrap.low, 0.95, 1e-12);
    close(m.resampling.bootstrap.high, 2.3899999999999997, 1e-12);
    assert.deepEqual(m.resampling.permutation, { exact: true, patterns: 1024, p: 0.00390625 });
    assert.equal(m.resampling.disagreesWithT, false);
    // s_d² of the sleep differences: statistics.variance(d) = 1.5128888888888887.
    close(m.differenceVariance, 1.5128888888888887);
    const seeded = await metrics(['sleep1.json', 'sleep2.json', '--seed', '7']);
    assert.equal(seeded[0].resampling?.bootstrap.seed, 7);
    assert.notDeepEqual(seeded[0].resampling?.bootstrap, m.resampling.bootstrap);
    const io = capture(dir);
    await runCli(['log', 'compare', 'sleep1.json', 'sleep2.json', '--resampling'], io);
    assert.match(io.out, /bootstrap and sign-flip permutation test \(seed 20211\)/);
    assert.match(io.out, /judge: accuracy\/correct\s+10\s+\+1\.58\s+\[\+0\.7\d*, \+2\.4\d*\]\s+\[\+0\.95, \+2\.39\]\s+0\.00283\s+0\.0039\d*\s+all 1,024/);
  });

  test('a note when the t-test and the permutation test disagree about p < 0.05', async () => {
    // scipy.stats.ttest_1samp([0.1]*5 + [5], 0).pvalue = 0.3126605175354292; exact permutation p = 0.03125.
    const [m] = await metrics(['skewA.json', 'skewB.json']);
    close(m.estimate.p ?? undefined, 0.3126605175354292, 1e-7);
    assert.equal(m.resampling?.permutation.p, 0.03125);
    assert.equal(m.resampling?.disagreesWithT, true);
    const io = capture(dir);
    await runCli(['log', 'compare', 'skewA.json', 'skewB.json', '--resampling'], io);
    assert.match(io.out, /the t-test \(p 0\.313\) and the permutation test \(p 0\.0313\) disagree about p < 0\.05/);
  });

  test('--delta adds the samples needed beside the MDE', async () => {
    // (z(0.975) + z(0.8))²·s_d²/D² = 47.49793176128763 for D = 0.5 → 48 (scipy.stats.norm.ppf).
    const [m] = await metrics(['sleep1.json', 'sleep2.json', '--delta', '0.5']);
    assert.equal(m.plan?.samples, 48);
    assert.equal(m.plan?.paired, true);
    assert.equal((await metrics(['sleep1.json', 'sleep2.json']))[0].plan, undefined);
    const io = capture(dir);
    await runCli(['log', 'compare', 'sleep1.json', 'sleep2.json', '--delta', '0.5'], io);
    assert.match(io.out, /Samples needed to detect a difference of 0\.5/);
    assert.match(io.out, /judge: accuracy\/correct\s+10\s+\S+\s+1\.51\d*\s+48/);
  });

  test('usage errors of --delta and --seed exit 2', async () => {
    for (const [args, message] of [[['--delta', '0'], /--delta must be a positive number/], [['--seed', '1.5'], /--seed must be a whole number/], [['--seed'], /--seed must be a whole number/]] as const) {
      const io = capture(dir);
      assert.equal(await runCli(['log', 'compare', 'sleep1.json', 'sleep2.json', ...args], io), 2);
      assert.match(io.err, message);
    }
  });

  test('the core computes the resampling only when asked (the CLI asks); Wilson and s_d² always', () => {
    const logs = [sleepGroup1, sleepGroup2].map((group, g) => comparable(compareLog(group.map((v, i) => legacySample(`p${i}`, { correct: v }))), `g${g}.json`));
    const plain = new LogComparison(logs).summary().candidates[0].metrics[0];
    assert.equal(plain.resampling, undefined);
    close(plain.differenceVariance, 1.5128888888888887);
    const asked = new LogComparison(logs, { resampling: true, resamplingSeed: 3 }).summary().candidates[0].metrics[0];
    assert.equal(asked.resampling?.bootstrap.seed, 3);
    assert.equal(asked.resampling?.permutation.p, 0.00390625);
  });
});
