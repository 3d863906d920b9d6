/** `eval-lens log verify | report | compare` and `trace show` on Inspect logs. */
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { runCli } from '../../../src/cli/runCli';
import { CliIo } from '../../../src/cli/cliTypes';
import { readInspectLog } from '../../../src/core/inspect/openInspectLog';
import { repoRoot, sharedFixture } from '../sharedFixtures';
import { temporaryFolder } from '../temporaryFolder';

const folder = temporaryFolder('eval-lens-inspect-cli-');
const arith = path.join(repoRoot, 'examples', 'logs', 'arith-inspect.eval');
const popularityA = sharedFixture('inspect-ai', '2025-09-15T15-02-26-04-00_popularity_L8g2GLGDDfsiXvdJ8LyZNJ.eval');
const popularityB = sharedFixture('inspect-ai', '2025-09-15T15-07-04-04-00_popularity_CzDPvkooKpp4d24wMPkx5d.eval');

function capture(cwd = repoRoot): CliIo & { out: string; err: string } {
  const io = { out: '', err: '', cwd, stdout: (t: string) => { io.out += t; }, stderr: (t: string) => { io.err += t; } };
  return io;
}

/** The built command line, run as a person runs it (the HTML export needs the built webview beside it). */
function runBuilt(cwd: string, ...args: string[]): { code: number | null; out: string; err: string } {
  const r = spawnSync(process.execPath, [path.join(repoRoot, 'dist', 'cli.js'), ...args], { cwd, encoding: 'utf8', timeout: 120_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe('the command line on Inspect logs', () => {
  test('log verify: the same text and --json shapes as for a task result log, exit 0 without a mismatch', async () => {
    const io = capture();
    assert.equal(await runCli(['log', 'verify', arith], io), 0, io.err);
    assert.match(io.out, /arith-inspect\.eval — status: success/);
    assert.match(io.out, /\d+ match, \d+ mismatch, \d+ not verifiable/);
    const json = capture();
    assert.equal(await runCli(['log', 'verify', '--json', sharedFixture('inspect-ai', 'log_read_sample.json')], json), 0, json.err);
    const printed = JSON.parse(json.out) as Record<string, unknown>;
    assert.deepEqual(Object.keys(printed), ['status', 'metrics', 'samples', 'statistics']);
    assert.equal(printed.status, 'success');
  });

  test('log verify: the Wilson interval of an accuracy over C/I grades, from the scorer\'s values', async () => {
    const log = await readInspectLog(popularityA);
    await log.close();
    const passes = log.summaries.filter((s) => (s.scores as { match: { value: string } }).match.value === 'C').length;
    const io = capture();
    assert.equal(await runCli(['log', 'verify', '--json', popularityA], io), 0, io.err);
    const { statistics } = JSON.parse(io.out) as { statistics: { intervals: { metric_key: string; n: number; value: number; wilson: [number, number] }[] } };
    assert.deepEqual(statistics.intervals.map((row) => [row.metric_key, row.n, row.value]), [['accuracy', log.summaries.length, passes / log.summaries.length]]);
    const [low, high] = statistics.intervals[0].wilson;
    assert.ok(low < passes / log.summaries.length && passes / log.summaries.length < high, `${low} … ${high}`);
    // The text names the metric as log compare does.
    const text = capture();
    assert.equal(await runCli(['log', 'verify', popularityA], text), 0, text.err);
    assert.match(text.out, new RegExp(`^match: accuracy +${log.summaries.length} +${passes / log.summaries.length} `, 'm'));
  });

  test('log verify --curves of one sample run four times: "1 sample", k up to 4', async () => {
    const io = capture();
    assert.equal(await runCli(['log', 'verify', '--curves', sharedFixture('inspect-ai', '2025-12-11T18-00-43+00-00_gpqa-diamond_NL3aygdanSgqAJfzoMFuH6.eval')], io), 0, io.err);
    assert.match(io.out, /^choice\/choice: 1 sample, k = 1 … 4$/m);
  });

  test('log verify on a truncated archive: exit 2 and one message naming it', async () => {
    folder.put('cut.eval', fs.readFileSync(arith).subarray(0, 2000));
    const io = capture(folder.path);
    assert.equal(await runCli(['log', 'verify', 'cut.eval'], io), 2);
    assert.match(io.err, /^eval-lens log verify: cut\.eval cannot be read as an Inspect log archive/);
    assert.doesNotMatch(io.err, new RegExp(folder.path.replace(/[/\\]/g, '.')), 'the path as given');
  });

  test('log compare: samples aligned by id, the accuracy compared pair by pair, --json and --fail-on-regression', async () => {
    const io = capture();
    assert.equal(await runCli(['log', 'compare', popularityA, popularityB, '--json'], io), 0, io.err);
    const result = JSON.parse(io.out) as { candidates: { alignment: { paired: number }; metrics: { id: string; baseline: number; candidate: number; estimate: { n: number; delta: number }; binary?: Record<string, number> }[] }[] };
    assert.equal(result.candidates[0].alignment.paired, 100);
    // What each run scored per sample, read from the archives' summaries (C or I), pair by pair.
    const grades = async (file: string): Promise<Map<string, string>> => {
      const log = await readInspectLog(file);
      await log.close();
      return new Map(log.summaries.map((s) => [String(s.id), (s.scores as { match: { value: string } }).match.value]));
    };
    const [a, b] = [await grades(popularityA), await grades(popularityB)];
    const pairs = [...a].map(([id, grade]) => `${grade}${b.get(id) ?? '?'}`);
    const count = (pair: string): number => pairs.filter((p) => p === pair).length;
    const accuracy = result.candidates[0].metrics.find((m) => m.id === 'match|accuracy|accuracy');
    assert.ok(accuracy, JSON.stringify(result.candidates[0].metrics));
    assert.equal(accuracy.estimate.n, 100, 'every pair is compared');
    assert.ok(Math.abs(accuracy.estimate.delta - (count('IC') - count('CI')) / 100) < 1e-12, String(accuracy.estimate.delta));
    assert.deepEqual(accuracy.binary && [accuracy.binary.bothPass, accuracy.binary.bothFail, accuracy.binary.onlyBaseline, accuracy.binary.onlyCandidate], [count('CC'), count('II'), count('CI'), count('IC')]);
    const gate = capture();
    const code = await runCli(['log', 'compare', popularityA, popularityB, '--fail-on-regression'], gate);
    assert.ok(code === 0 || code === 1, gate.err);
  });

  test('a log of one sample is "1 sample": in the compare header and in what log report wrote', async () => {
    const single = sharedFixture('inspect-ai', 'log_read_sample.eval');
    const io = capture();
    assert.equal(await runCli(['log', 'compare', single, sharedFixture('inspect-ai', 'log_read_sample.json')], io), 0, io.err);
    assert.match(io.out, /^baseline: log_read_sample\.eval — popularity \(1 sample\)$/m);
    assert.match(io.out, /^candidate 1: log_read_sample\.json — popularity \(1 sample\)$/m);
    fs.copyFileSync(single, path.join(folder.path, 'one.eval'));
    const r = runBuilt(folder.path, 'log', 'report', 'one.eval');
    assert.equal(r.code, 0, r.err);
    assert.equal(r.out, 'Wrote one.html (1 sample).\n');
  });

  test('log compare -o writes the standalone page with the changed pairs read from the archives', async () => {
    const out = path.join(folder.path, 'compare.html');
    const r = runBuilt(folder.path, 'log', 'compare', popularityA, popularityB, '-o', out);
    assert.equal(r.code, 0, r.err);
    assert.match(fs.readFileSync(out, 'utf8'), /^<!DOCTYPE html>/i);
  });

  test('log report: a standalone HTML file with every sample and its conversation, beside the log as NAME.html', () => {
    const copy = path.join(folder.path, 'arith.eval');
    fs.copyFileSync(arith, copy);
    const r = runBuilt(folder.path, 'log', 'report', 'arith.eval');
    assert.equal(r.code, 0, r.err);
    assert.equal(r.out, 'Wrote arith.html (5 samples).\n');
    const html = fs.readFileSync(path.join(folder.path, 'arith.html'), 'utf8');
    assert.match(html, /Add the numbers\./, 'the detail conversations are embedded');
  });

  test('trace show: each epoch of one sample with --sample, exit 1 for an id the log does not have', async () => {
    const io = capture();
    assert.equal(await runCli(['trace', 'show', arith, '--sample', '4'], io), 0, io.err);
    assert.match(io.out, /Sample 4, epoch 1/);
    assert.match(io.out, /Sample 4, epoch 2/);
    assert.match(io.out, /TOOL CALL add/);
    assert.doesNotMatch(io.out, /Sample 1, epoch/);
    const json = capture();
    assert.equal(await runCli(['trace', 'show', sharedFixture('inspect-ai', 'log_read_sample.json'), '--json'], json), 0, json.err);
    assert.equal((JSON.parse(json.out) as unknown[]).length, 1);
    const missing = capture();
    assert.equal(await runCli(['trace', 'show', arith, '--sample', 'nope'], missing), 1);
    assert.match(missing.err, /has no sample with id nope/);
  });

  test('trace show of a real run: an empty span on one line, reasoning without text named, no blank lines around a message', async () => {
    const io = capture();
    assert.equal(await runCli(['trace', 'show', popularityA, '--sample', '8'], io), 0, io.err);
    const lines = io.out.split('\n');
    assert.ok(lines.includes('  ▸ chain init  (no items)'), 'the init span is one line');
    const scorer = lines.indexOf('    ▸ chain match');
    assert.ok(scorer > 0, 'the scorer span is not empty');
    assert.match(lines[scorer + 2], /^ {6}SCORE [CI]$/, 'it holds the score');
    assert.equal(lines.filter((line) => line.trim() === '(no items)').length, 0, 'no line of its own says a span is empty');
    // GPT-5's reasoning is recorded with an empty text (the provider's signature only).
    const reasoning = lines.findIndex((line) => line.trim() === 'REASONING');
    assert.ok(reasoning > 0, io.out);
    assert.equal(lines[reasoning + 1].trim(), '[the model reasoned here; the log holds no text of it]');
    // The system message starts with a line break and ends with two: its block starts and ends with its text.
    const system = lines.findIndex((line) => line.trim() === 'SYSTEM');
    assert.match(lines[system + 1], /^ +Please note: In the following EXERCISE/);
    assert.equal(lines[system + 2], '', 'one blank line between blocks, none inside');
    assert.equal(lines[system + 3].trim(), 'USER');
  });
});
