import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { runCli } from '../../../src/cli/runCli';
import { CliIo } from '../../../src/cli/cliTypes';
import { compareLog, legacySample, trialsSample } from './compareTestLogs';

function capture(cwd: string): CliIo & { out: string; err: string } {
  const io = { out: '', err: '', cwd, stdout: (t: string) => { io.out += t; }, stderr: (t: string) => { io.err += t; } };
  return io;
}

interface VerifyJson {
  statistics: {
    note: string;
    intervals: { metric_key: string; key: string; n: number; value: number; wilson: [number, number]; normal?: [number, number] }[];
    pass_curves: { scorer_key: string; score: string; samples: number; k_max: number; curve: { k: number; pass_at_k: number; pass_at_k_se: number; pass_pow_k: number; pass_pow_k_se: number }[]; per_sample: { sample_id: string; trials: number; passes: number; pass_at_k: number[]; pass_pow_k: number[] }[] }[];
  };
}

function close(actual: number | undefined, expected: number): void {
  assert.ok(actual !== undefined && Math.abs(actual - expected) <= 1e-9 * Math.max(Math.abs(expected), 1e-12), `${actual} ≠ ${expected}`);
}

const outcomes = (pattern: string): { correct: boolean; quality: number }[] => [...pattern].map((c, i) => ({ correct: c === '1', quality: 0.25 * (i % 3) }));

describe('eval-lens log verify: the statistics of docs/semantics.md §12', () => {
  let dir: string;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eval-lens-verify-stats-'));
    // Trials (n, c) = (5,2), (4,0), (6,6), (4,3) of the 0/1 score `correct`; `quality` is not 0/1.
    const trials = [trialsSample('a', outcomes('10010')), trialsSample('b', outcomes('0000')), trialsSample('c', outcomes('111111')), trialsSample('d', outcomes('1011'))];
    fs.writeFileSync(path.join(dir, 'trials.json'), JSON.stringify(compareLog(trials)));
    const legacy = (count: number): unknown => compareLog(Array.from({ length: count }, (_, i) => legacySample(`s${i}`, { correct: i % 3 === 0 ? 0 : 1 })));
    fs.writeFileSync(path.join(dir, 'legacy30.json'), JSON.stringify(legacy(30)));
    fs.writeFileSync(path.join(dir, 'legacy300.json'), JSON.stringify(legacy(300)));
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  test('unbiased pass@k and pass^k curves of every 0/1 score with trials, per sample too', async () => {
    const io = capture(dir);
    await runCli(['log', 'verify', 'trials.json', '--json', '--curves'], io);
    const { statistics } = JSON.parse(io.out) as VerifyJson;
    assert.match(statistics.note, /1 − \(1 − p\)\^k.*verified.*unbiased/);
    assert.deepEqual(statistics.pass_curves.map((c) => `${c.scorer_key}/${c.score}`), ['judge/correct']);
    const curve = statistics.pass_curves[0];
    assert.deepEqual([curve.samples, curve.k_max], [4, 4]);
    assert.deepEqual((curve as { shortfall?: unknown }).shortfall, { most_trials: 6, samples_with_fewer: 2 }, 'k stops at 4: two samples have 4 trials, one has 6');
    // The same four samples as the curve test of smallSampleStatistics.test.ts (Fractions + statistics.variance in Python).
    const expected = [
      [0.5375, 0.21734668926241626, 0.5375, 0.21734668926241626],
      [0.675, 0.2358495283014151, 0.4, 0.2273030282830976],
      [0.725, 0.24281337140555775, 0.3125, 0.2366211810750114],
      [0.75, 0.25, 0.25, 0.25],
    ];
    curve.curve.forEach((p, i) => {
      close(p.pass_at_k, expected[i][0]);
      close(p.pass_at_k_se, expected[i][1]);
      close(p.pass_pow_k, expected[i][2]);
      close(p.pass_pow_k_se, expected[i][3]);
    });
    const first = curve.per_sample[0];
    assert.deepEqual([first.sample_id, first.trials, first.passes], ['a', 5, 2]);
    // 1 − C(3, k)/C(5, k) and C(2, k)/C(5, k): python3 -c "import math; print([1-math.comb(3,k)/math.comb(5,k) for k in (1,2,3,4)], [math.comb(2,k)/math.comb(5,k) for k in (1,2,3,4)])"
    [0.4, 0.7, 0.9, 1.0].forEach((v, i) => close(first.pass_at_k[i], v));
    [0.4, 0.1, 0, 0].forEach((v, i) => close(first.pass_pow_k[i], v));
    const text = capture(dir);
    await runCli(['log', 'verify', 'trials.json', '--curves'], text);
    assert.match(text.out, /judge\/correct: 4 samples, k = 1 … 4/);
    assert.match(text.out, /\n2\s+0\.675\s+0\.236\s+0\.4\s+0\.227/);
    assert.match(text.out, /what is verified above/);
    assert.match(text.out, /k stops at 4: 2 samples have only 4 trials with this score \(others have up to 6\)/);
  });

  test('without --curves the samples are not read again: intervals only, no curves', async () => {
    const io = capture(dir);
    await runCli(['log', 'verify', 'trials.json', '--json'], io);
    const { statistics } = JSON.parse(io.out) as { statistics: Record<string, unknown> };
    assert.deepEqual(Object.keys(statistics), ['intervals']);
    const text = capture(dir);
    await runCli(['log', 'verify', 'trials.json'], text);
    assert.doesNotMatch(text.out, /judge\/correct: 4 samples|what is verified above/);
  });

  test('Wilson intervals of 0/1 metrics; the normal interval only from 300 samples on', async () => {
    // mpmath, 40 digits, z = 1.959963984540054 (the Wilson one-liner of smallSampleStatistics.test.ts): w(20, 30) and
    // w(200, 300); normal: p ± z·√(p(1 − p)·300/299/300).
    const io = capture(dir);
    await runCli(['log', 'verify', 'legacy30.json', '--json'], io);
    const small = (JSON.parse(io.out) as VerifyJson).statistics.intervals;
    assert.equal(small.length, 1);
    assert.deepEqual([small[0].metric_key, small[0].key, small[0].n], ['accuracy', 'correct', 30]);
    close(small[0].wilson[0], 0.4878005164454384);
    close(small[0].wilson[1], 0.8076950191632386);
    assert.equal(small[0].normal, undefined);
    const large = capture(dir);
    await runCli(['log', 'verify', 'legacy300.json', '--json'], large);
    const row = (JSON.parse(large.out) as VerifyJson).statistics.intervals[0];
    close(row.wilson[0], 0.6115124568840807);
    close(row.wilson[1], 0.7176065527077373);
    close(row.normal?.[0], 0.613234074940631);
    close(row.normal?.[1], 0.7200992583927024);
    const text = capture(dir);
    await runCli(['log', 'verify', 'legacy30.json', '--curves'], text);
    assert.match(text.out, /judge: accuracy\/correct\s+30\s+0\.667\s+\[0\.488, 0\.808\]\s+—/);
    assert.match(text.out, /No 0\/1 score with trials/);
  });

  test('trial means are not 0/1: no interval for them', async () => {
    const io = capture(dir);
    await runCli(['log', 'verify', 'trials.json', '--json'], io);
    assert.deepEqual((JSON.parse(io.out) as VerifyJson).statistics.intervals, []);
  });
});
