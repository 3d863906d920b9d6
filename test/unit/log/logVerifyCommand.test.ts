import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runLogVerifyCommand } from '../../../src/cli/logVerifyCommand';
import { UsageError } from '../../../src/cli/cliTypes';
import { examplesDir, repoRoot } from './logTestHelpers';

async function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await runLogVerifyCommand(args, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t), cwd: repoRoot });
  return { code, stdout, stderr };
}

describe('eval-lens log verify', () => {
  for (const name of ['success-trials', 'legacy', 'failure', 'repeatability']) {
    test(`${name}: exit 0, no mismatch`, async () => {
      const { code, stdout } = await run([path.join('examples', 'logs', `${name}.tasklog.json`)]);
      assert.equal(code, 0, stdout);
      assert.match(stdout, / 0 mismatch/);
    });
  }

  test('mismatch example: exit 1, the mismatching metric is named', async () => {
    const { code, stdout } = await run([path.join(examplesDir, 'mismatch.tasklog.json')]);
    assert.equal(code, 1);
    const line = stdout.split('\n').find((l) => l.includes('mismatch') && l.includes('accuracy'));
    assert.ok(line && /correct/.test(line), stdout);
    assert.match(stdout, /1 mismatch/);
  });

  test('--json shape', async () => {
    const { code, stdout } = await run([path.join('examples', 'logs', 'success-trials.tasklog.json'), '--json']);
    assert.equal(code, 0);
    const result = JSON.parse(stdout) as { status: string; metrics: Record<string, unknown>[]; samples: Record<string, unknown>[] };
    assert.equal(result.status, 'success');
    assert.deepEqual(Object.keys(result).sort(), ['metrics', 'samples', 'statistics', 'status']);
    for (const key of ['metric_key', 'scorer_key', 'key', 'reported', 'recomputed', 'verdict']) assert.ok(key in result.metrics[0], key);
    for (const key of ['sample_id', 'scorer_key', 'key', 'reported', 'recomputed', 'verdict']) assert.ok(key in result.samples[0], key);
    assert.ok(result.metrics.some((m) => m.verdict === 'not_verifiable'));
    assert.ok(result.metrics.filter((m) => m.verdict !== 'not_verifiable').every((m) => m.verdict === 'match'));
    assert.ok(result.samples.length >= 12 && result.samples.every((s) => s.verdict === 'match'));
    const mismatch = JSON.parse((await run([path.join(examplesDir, 'mismatch.tasklog.json'), '--json'])).stdout) as typeof result;
    assert.deepEqual(mismatch.metrics.filter((m) => m.verdict === 'mismatch').map((m) => [m.metric_key, m.key]), [['accuracy', 'correct']]);
  });

  test('unreadable file and invalid JSON: exit 2 with file and line:column', async () => {
    const missing = await run(['nope.tasklog.json']);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /nope\.tasklog\.json/);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'eval-lens-cli-')), 'broken.tasklog.json');
    fs.writeFileSync(file, '{\n  "status": "success",\n  "evidence": }');
    const broken = await run([file]);
    assert.equal(broken.code, 2);
    assert.match(broken.stderr, /broken\.tasklog\.json:3:15: invalid JSON/);
  });

  test('a syntax error inside a sample part that indexing skips (solver) is still reported with its line', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'eval-lens-cli-')), 'cut.tasklog.json');
    const sample = (id: number, solver: string): string => `{"sample_id": ${id}, "trials": [{"index": 0, "scores": [], "solver": ${solver}}]}`;
    fs.writeFileSync(file, `{"status": "success", "evidence": {"samples": [\n${sample(1, '{"output": "ok"}')},\n${sample(2, '{"output": tru}')}\n]}}`);
    const broken = await run([file]);
    assert.equal(broken.code, 2, broken.stdout);
    assert.match(broken.stderr, /cut\.tasklog\.json:3:\d+: invalid JSON/);
  });

  test('usage errors', async () => {
    await assert.rejects(run([]), UsageError);
    await assert.rejects(run(['a.json', '--csv']), UsageError);
  });
});
