import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { runCli } from '../../../src/cli/runCli';
import { CliIo } from '../../../src/cli/cliTypes';
import { compareLog, legacySample } from './compareTestLogs';

function capture(cwd: string): CliIo & { out: string; err: string } {
  const io = { out: '', err: '', cwd, stdout: (t: string) => { io.out += t; }, stderr: (t: string) => { io.err += t; } };
  return io;
}

interface PlanJson {
  paired: boolean;
  delta: number;
  power: number;
  alpha: number;
  metrics: { id: string; values: number; variance: number; samples: number | null }[];
}

// Reference values, SciPy 1.17:
// python3 -c "import math,statistics; from scipy import stats; z=stats.norm.ppf(0.975)+stats.norm.ppf(0.8);
//   a=[0 if i%3==0 else 1 for i in range(30)]; b=[0 if (i%3==0 or i%2==0) else 1 for i in range(30)];
//   d=[y-x for x,y in zip(a,b)]; print(statistics.variance(a), z*z*2*statistics.variance(a)/0.05**2, statistics.variance(d), z*z*statistics.variance(d)/0.1**2)"
// → s² = 0.22988505747126436, n = 1443.47… → 1444; s_d² = 0.22988505747126436, n = 180.43… → 181;
// with power 0.9 and alpha 0.01 (z(0.995) + z(0.9)): 342.05… → 343.
describe('eval-lens log plan', () => {
  let dir: string;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eval-lens-plan-'));
    const base = Array.from({ length: 30 }, (_, i) => legacySample(`s${i}`, { correct: i % 3 === 0 ? 0 : 1 }));
    const worse = Array.from({ length: 30 }, (_, i) => legacySample(`s${i}`, { correct: i % 3 === 0 || i % 2 === 0 ? 0 : 1 }));
    fs.writeFileSync(path.join(dir, 'base.json'), JSON.stringify(compareLog(base)));
    fs.writeFileSync(path.join(dir, 'worse.json'), JSON.stringify(compareLog(worse)));
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  test('from one log: n = (z_a + z_b)²·2s²/D², rounded up', async () => {
    const io = capture(dir);
    assert.equal(await runCli(['log', 'plan', 'base.json', '--delta', '0.05', '--json'], io), 0);
    const plan = JSON.parse(io.out) as PlanJson;
    assert.deepEqual([plan.paired, plan.delta, plan.power, plan.alpha], [false, 0.05, 0.8, 0.05]);
    assert.equal(plan.metrics.length, 1);
    assert.equal(plan.metrics[0].id, 'judge|accuracy|correct');
    assert.equal(plan.metrics[0].values, 30);
    assert.ok(Math.abs(plan.metrics[0].variance - 0.22988505747126436) < 1e-15);
    assert.equal(plan.metrics[0].samples, 1444);
    const text = capture(dir);
    assert.equal(await runCli(['log', 'plan', 'base.json', '--delta', '0.05'], text), 0);
    assert.match(text.out, /judge: accuracy\/correct\s+30\s+0\.23\d*\s+1444/);
    assert.match(text.out, /no pairing credit/);
  });

  test('from two logs: n = (z_a + z_b)²·s_d²/D² with the variance of the paired differences', async () => {
    const io = capture(dir);
    assert.equal(await runCli(['log', 'plan', 'base.json', 'worse.json', '--delta', '0.1', '--json'], io), 0);
    const plan = JSON.parse(io.out) as PlanJson;
    assert.equal(plan.paired, true);
    assert.equal(plan.metrics[0].samples, 181);
    const strict = capture(dir);
    assert.equal(await runCli(['log', 'plan', 'base.json', 'worse.json', '--delta', '0.1', '--power', '0.9', '--alpha', '0.01', '--json'], strict), 0);
    assert.equal((JSON.parse(strict.out) as PlanJson).metrics[0].samples, 343);
  });

  test('usage errors exit 2 with the usage', async () => {
    const cases: [string[], RegExp][] = [
      [['base.json'], /--delta D is required/],
      [['base.json', '--delta'], /--delta needs a value/],
      [['base.json', '--delta', 'abc'], /--delta must be a number/],
      [['base.json', '--delta', '0'], /--delta must be a positive number/],
      [['base.json', '--delta', '0.1', '--power', '1'], /--power must lie strictly between 0 and 1/],
      [['base.json', '--delta', '0.1', '--alpha', '-0.1'], /--alpha must lie strictly between 0 and 1/],
      [['--delta', '0.1'], /give one log/],
      [['base.json', 'worse.json', 'base.json', '--delta', '0.1'], /give one log/],
      [['base.json', '--delta', '0.1', '--bogus'], /unknown option --bogus/],
    ];
    for (const [args, message] of cases) {
      const io = capture(dir);
      assert.equal(await runCli(['log', 'plan', ...args], io), 2, args.join(' '));
      assert.match(io.err, message);
      assert.match(io.err, /log plan LOG \[LOG2\] --delta D/);
    }
  });

  test('an unreadable log exits 2 naming it', async () => {
    const io = capture(dir);
    assert.equal(await runCli(['log', 'plan', 'missing.json', '--delta', '0.1'], io), 2);
    assert.match(io.err, /missing\.json/);
  });
});
