import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { runCli } from '../../../src/cli/runCli';
import { CliIo } from '../../../src/cli/cliTypes';
import { compareLog, legacySample, trialsSample } from './compareTestLogs';
import { repoRoot } from '../sharedFixtures';
import { CASE_MS, run } from '../hostile/cliRun';

function capture(cwd: string): CliIo & { out: string; err: string } {
  const io = { out: '', err: '', cwd, stdout: (t: string) => { io.out += t; }, stderr: (t: string) => { io.err += t; } };
  return io;
}

interface JsonReport {
  anyRegression: boolean;
  candidates: { metrics: { id: string; estimate: { delta: number; p: number }; pHolm: number; verdict: string; binary?: unknown }[]; alignment: { inputChanged: string[]; paired: number }; sampleChanges: { sampleId: string; kind: string }[] }[];
}

describe('eval-lens log compare', () => {
  let dir: string;
  const write = (name: string, value: unknown): void => fs.writeFileSync(path.join(dir, name), JSON.stringify(value));
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eval-lens-compare-'));
    const base = Array.from({ length: 30 }, (_, i) => legacySample(`s${i}`, { correct: i % 3 === 0 ? 0 : 1 }, { q: `q${i}`, topic: `t${i % 5}` }));
    const worse = Array.from({ length: 30 }, (_, i) => legacySample(`s${i}`, { correct: i % 3 === 0 || i % 2 === 0 ? 0 : 1 }, { q: `q${i}`, topic: `t${i % 5}` }));
    write('base.json', compareLog(base));
    write('worse.json', compareLog(worse));
    write('trials.json', compareLog([trialsSample('s0', [{ correct: true }, { correct: false }])]));
    fs.writeFileSync(path.join(dir, 'broken.json'), '{"evidence": {"samples": [1, 2,');
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  test('prints the metric table; exit 0 without --fail-on-regression', async () => {
    const io = capture(dir);
    assert.equal(await runCli(['log', 'compare', 'base.json', 'worse.json'], io), 0);
    // `accuracy` is a rate by the report's rule: values as percentages, Δ, interval and MDE in percentage points.
    assert.match(io.out, /judge: accuracy\/correct\s+30\s+66\.7%\s+33\.3%\s+−33\.3 pp\s+\[−\d+(\.\d)?, −\d+(\.\d)?\] pp\s/);
    assert.match(io.out, /s2\s+judge: accuracy\/correct\s+100%\s+0%\s+−100 pp\s+regression/, 'per-sample changes follow the same rule');
    assert.match(io.out, /McNemar p/);
    assert.match(io.out, /1 metric key significantly worse/);
  });

  test('a min metric of the examples is labelled as compared through its per-sample mean, with the values the logs report', async () => {
    const io = capture(path.join(repoRoot, 'examples', 'logs'));
    await runCli(['log', 'compare', 'compare-baseline.tasklog.json', 'compare-candidate.tasklog.json'], io);
    assert.match(io.out, /quality_floor\/quality_min \(mean per sample, not the reported min\)/);
    assert.match(io.out, /quality_floor\/quality_min: reported min: \S+ → \S+/);
  });

  test('--fail-on-regression exits 1 when a metric is significantly worse after Holm; --lower-is-better flips it', async () => {
    assert.equal(await runCli(['log', 'compare', 'base.json', 'worse.json', '--fail-on-regression'], capture(dir)), 1);
    assert.equal(await runCli(['log', 'compare', 'worse.json', 'base.json', '--fail-on-regression'], capture(dir)), 0);
    assert.equal(await runCli(['log', 'compare', 'worse.json', 'base.json', '--fail-on-regression', '--lower-is-better', 'accuracy'], capture(dir)), 1);
  });

  test('--json carries every figure and the per-sample changes', async () => {
    const io = capture(dir);
    assert.equal(await runCli(['log', 'compare', 'base.json', 'worse.json', '--json', '--cluster', 'topic'], io), 0);
    const report = JSON.parse(io.out) as JsonReport;
    const metric = report.candidates[0].metrics[0];
    assert.equal(metric.id, 'judge|accuracy|correct');
    assert.ok(Math.abs(metric.estimate.delta + 1 / 3) < 1e-12);
    assert.equal(metric.verdict, 'worse');
    assert.ok(metric.binary);
    assert.equal((metric.estimate as unknown as { clusters: number }).clusters, 5);
    assert.equal(report.candidates[0].sampleChanges.length, 10);
    assert.ok(report.candidates[0].sampleChanges.every((c) => c.kind === 'regression'));
    assert.equal(report.anyRegression, true);
  });

  test('-o writes the compare view as one standalone file: strict CSP by hash, the summary embedded, text output unchanged', { timeout: CASE_MS }, async () => {
    const r = await run(dir, ['log', 'compare', 'base.json', 'worse.json', '-o', 'out.html']);
    assert.equal(r.code, 0, r.err);
    assert.match(r.err, /wrote out\.html/);
    assert.match(r.out, /judge: accuracy\/correct\s+30\s+66\.7%/, 'the table is still printed');
    const html = fs.readFileSync(path.join(dir, 'out.html'), 'utf8');
    assert.match(html, /Content-Security-Policy" content="default-src 'none'; script-src 'sha256-[^']+'; style-src 'sha256-/);
    assert.equal([...html.matchAll(/<script>/g)].length, 1, 'the compare view is the one inline script');
    assert.match(html, /prefers-color-scheme: dark/);
    const data = /<script type="application\/json" id="eval-lens-compare-data">([^<]*)<\/script>/.exec(html);
    assert.ok(data, 'the comparison is embedded');
    const embedded = JSON.parse(data[1]) as { summary: JsonReport };
    const metric = embedded.summary.candidates[0].metrics[0];
    assert.equal(metric.id, 'judge|accuracy|correct');
    assert.equal(metric.verdict, 'worse');
    assert.match(html, /id="eval-lens-compare-file-0-0"/, 'the baseline log is carried as its own bytes');
    assert.match(html, /id="eval-lens-compare-file-1-0"/, 'the candidate log is carried as its own bytes');
    assert.equal(fs.existsSync(path.join(dir, 'out.html.windows.partial')), false, 'no side file is left behind');
  });

  test('-o into a folder that does not exist exits 2 naming the file', { timeout: CASE_MS }, async () => {
    const r = await run(dir, ['log', 'compare', 'base.json', 'worse.json', '-o', 'missing/out.html']);
    assert.equal(r.code, 2);
    assert.match(r.err, /cannot write missing\/out\.html/);
  });

  test('usage errors and unreadable logs exit 2 with a message naming the file', async () => {
    let io = capture(dir);
    assert.equal(await runCli(['log', 'compare', 'base.json'], io), 2);
    assert.match(io.err, /baseline log and at least one candidate/);
    io = capture(dir);
    assert.equal(await runCli(['log', 'compare', 'base.json', 'broken.json'], io), 2);
    assert.match(io.err, /broken\.json/);
    io = capture(dir);
    assert.equal(await runCli(['log', 'compare', 'base.json', 'missing.json'], io), 2);
    assert.match(io.err, /missing\.json/);
    io = capture(dir);
    assert.equal(await runCli(['log', 'compare', 'base.json', 'worse.json', '--bogus'], io), 2);
  });

  test('the example pair: the candidate is significantly better on accuracy and one input changed', async () => {
    const io = capture(repoRoot);
    const logs = ['examples/logs/compare-baseline.tasklog.json', 'examples/logs/compare-candidate.tasklog.json'];
    assert.equal(await runCli(['log', 'compare', ...logs, '--json', '--fail-on-regression'], io), 0);
    const report = JSON.parse(io.out) as JsonReport;
    const c = report.candidates[0];
    assert.equal(c.alignment.paired, 40);
    assert.deepEqual(c.alignment.inputChanged, ['geo-00007']);
    const accuracy = c.metrics.find((m) => m.id === 'exact_match|accuracy|correct');
    assert.ok(accuracy && accuracy.estimate.delta > 0.1 && accuracy.pHolm < 0.05);
    assert.equal(accuracy.verdict, 'better');
  });

  test('the built command line decides "input changed" from the loading workers\' hashes, with the same result as reading the samples', () => {
    const cli = path.join(repoRoot, 'dist', 'cli.js');
    assert.ok(fs.existsSync(path.join(repoRoot, 'dist', 'worker', 'compareLoad.js')), 'build first: node esbuild.js');
    const logs = ['examples/logs/compare-baseline.tasklog.json', 'examples/logs/compare-candidate.tasklog.json'];
    const child = spawnSync(process.execPath, [cli, 'log', 'compare', ...logs, '--json'], { cwd: repoRoot, encoding: 'utf8' });
    assert.equal(child.status, 0, child.stderr);
    const inThread = capture(repoRoot);
    return runCli(['log', 'compare', ...logs, '--json'], inThread).then(() => {
      const built = JSON.parse(child.stdout) as JsonReport;
      assert.deepEqual(built.candidates[0].alignment.inputChanged, ['geo-00007']);
      assert.deepEqual(built, JSON.parse(inThread.out), 'the same report as the in-thread loading, which reads every sample');
    });
  });
});
