/**
 * The built command line is split per command (docs/development.md, "The command line's build"): `dist/cli.js`
 * starts `dist/cli/main.mjs`, which loads a command's modules only when that command runs.
 */
import * as assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { test } from 'node:test';
import { repoRoot } from '../sharedFixtures';

const cliDir = path.join(repoRoot, 'dist', 'cli');

/** The modules of dist/cli/ that `file` imports, and theirs, statically (`import … from "./x.mjs"`). */
function staticGraph(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const text = fs.readFileSync(path.join(cliDir, file), 'utf8');
  for (const match of text.matchAll(/(?:\bfrom|\bimport)\s*"\.\/([^"]+\.mjs)"/g)) staticGraph(match[1], seen);
  return seen;
}

function dynamicImports(file: string): string[] {
  const text = fs.readFileSync(path.join(cliDir, file), 'utf8');
  return [...text.matchAll(/\bimport\(\s*"\.\/([^"]+\.mjs)"\s*\)/g)].map((m) => m[1]);
}

test('log verify reads neither the schema validators nor the YAML parser, which other commands load', () => {
  assert.ok(fs.existsSync(path.join(cliDir, 'main.mjs')), 'build first: node esbuild.js');
  const verifyModule = dynamicImports('main.mjs').find((f) => f.startsWith('logVerifyCommand-'));
  assert.ok(verifyModule, `main.mjs loads log verify on demand (found: ${dynamicImports('main.mjs').join(', ')})`);
  const read = new Set([...staticGraph('main.mjs'), ...staticGraph(verifyModule)]);
  const holding = (marker: string): string[] => fs.readdirSync(cliDir).filter((f) => f.endsWith('.mjs') && fs.readFileSync(path.join(cliDir, f), 'utf8').includes(marker));
  for (const marker of ['must have required property', 'YAMLParseError']) {
    const files = holding(marker);
    assert.ok(files.length > 0, `some module of the command line holds ${marker}`);
    assert.deepEqual(files.filter((f) => read.has(f)), [], `${marker} is not read by log verify`);
  }
  const validate = dynamicImports('main.mjs').find((f) => f.startsWith('validateCommand-'));
  assert.ok(validate);
  assert.ok([...staticGraph(validate)].some((f) => holding('must have required property').includes(f)), 'validate reads the validators');
});

test('every command of the usage runs from the split build, and a launcher without its modules says what is missing', () => {
  const cli = path.join(repoRoot, 'dist', 'cli.js');
  assert.ok(fs.statSync(cli).size < 16_384, 'dist/cli.js is only the launcher');
  for (const words of [['log', 'verify'], ['log', 'report'], ['log', 'compare'], ['log', 'plan'], ['validate'], ['preview'], ['dataset', 'list'], ['dataset', 'export'], ['trace', 'show']]) {
    const r = spawnSync(process.execPath, [cli, ...words, '--no-such-option'], { encoding: 'utf8', timeout: 60_000 });
    assert.equal(r.status, 2, `${words.join(' ')}: ${r.stderr}`);
    assert.match(r.stderr, new RegExp(`eval-lens ${words.join(' ')}`), `${words.join(' ')} answers as itself`);
  }
  const alone = fs.mkdtempSync(path.join(os.tmpdir(), 'eval-lens-launcher-'));
  try {
    fs.copyFileSync(cli, path.join(alone, 'cli.js'));
    const r = spawnSync(process.execPath, [path.join(alone, 'cli.js'), '--version'], { encoding: 'utf8', timeout: 60_000 });
    assert.equal(r.status, 2);
    assert.match(r.stderr, /^eval-lens: cannot start \(.*main\.mjs\)/);
  } finally {
    fs.rmSync(alone, { recursive: true, force: true });
  }
});

/** An Inspect `.json` log of `count` samples whose stored accuracy is `stored` (one sample in three is wrong). */
function inspectJsonLog(count: number, stored: number): string {
  const samples = Array.from({ length: count }, (_, i) => ({ id: i + 1, epoch: 1, input: `question ${i + 1}`, target: 'a', scores: { match: { value: i % 3 === 0 ? 'I' : 'C' } } }));
  const results = { total_samples: count, completed_samples: count, scores: [{ name: 'match', scorer: 'match', metrics: { accuracy: { name: 'accuracy', value: stored } } }] };
  return JSON.stringify({ version: 2, status: 'success', eval: { task: 't', model: 'm', dataset: { name: 'd' } }, results, samples });
}

test('the command ends once its whole output is written, with its exit code, to a reader that reads late', async () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'eval-lens-exit-'));
  try {
    const count = 3000;
    const file = path.join(folder, 'wrong-accuracy.json');
    fs.writeFileSync(file, inspectJsonLog(count, 0.5));
    const child = spawn(process.execPath, [path.join(repoRoot, 'dist', 'cli.js'), 'log', 'verify', '--json', file], { stdio: ['ignore', 'pipe', 'pipe'] });
    // Nothing is read for a moment: the output (far more than a pipe holds) waits in the pipe.
    child.stdout.pause();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stdout.resume();
    const code = await new Promise<number | null>((resolve) => child.on('close', (exitCode) => resolve(exitCode)));
    const printed = Buffer.concat(chunks);
    assert.ok(printed.length > 128 * 1024, `the output is larger than a pipe holds (${printed.length} bytes)`);
    const report = JSON.parse(printed.toString('utf8')) as { samples: unknown[]; metrics: { verdict: string }[] };
    assert.equal(report.samples.length, count, 'every sample row arrived');
    assert.deepEqual(report.metrics.map((m) => m.verdict), ['mismatch']);
    assert.equal(code, 1, 'a mismatch exits 1');
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
});
