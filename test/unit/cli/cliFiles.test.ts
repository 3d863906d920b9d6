/** What the command line says about the files it is given, run as a person runs it (the built dist/cli.js). */
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { repoRoot } from '../sharedFixtures';

const cli = path.join(repoRoot, 'dist', 'cli.js');

function run(cwd: string, ...args: string[]): { code: number | null; out: string; err: string } {
  const r = spawnSync(process.execPath, [cli, ...args], { cwd, encoding: 'utf8', timeout: 60_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe('eval-lens and the files it is given', () => {
  let dir: string;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eval-lens-cli-files-'));
    for (const name of ['logs/legacy.tasklog.json', 'logs/arith-inspect.eval', 'data/conversations.jsonl']) fs.copyFileSync(path.join(repoRoot, 'examples', name), path.join(dir, path.basename(name)));
    fs.writeFileSync(path.join(dir, 'broken.tasklog.json'), '{"format_version": "v1",\n  "evidence": {,}\n}\n');
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  test('a spec that cannot be read is exit 2, as for every file that cannot be read', () => {
    const r = run(dir, 'preview', 'missing.dataset.yaml');
    assert.equal(r.code, 2, r.err);
    assert.match(r.err, /missing\.dataset\.yaml/);
  });

  test('log report without -o writes LOG.html beside the log and says so in one line', () => {
    const r = run(dir, 'log', 'report', 'legacy.tasklog.json');
    assert.equal(r.code, 0, r.err);
    assert.equal(r.out, 'Wrote legacy.tasklog.html (8 samples).\n');
    assert.match(fs.readFileSync(path.join(dir, 'legacy.tasklog.html'), 'utf8'), /^<!DOCTYPE html>/i);
  });

  test('an Inspect .eval archive given to log verify or log report is read as the Inspect log it is', () => {
    const verify = run(dir, 'log', 'verify', 'arith-inspect.eval');
    assert.equal(verify.code, 0, verify.err);
    assert.match(verify.out, /^arith-inspect\.eval — status: success/);
    const report = run(dir, 'log', 'report', 'arith-inspect.eval');
    assert.equal(report.code, 0, report.err);
    assert.equal(report.out, 'Wrote arith-inspect.html (5 samples).\n');
    assert.doesNotMatch(verify.out + report.out, /PK/);
  });

  test('log report on a log with a syntax error names the place and gives no editor advice', () => {
    const r = run(dir, 'log', 'report', 'broken.tasklog.json', '-o', 'broken.html');
    assert.equal(r.code, 2);
    assert.match(r.err, /broken\.tasklog\.json:2:\d+: invalid JSON/);
    assert.doesNotMatch(r.err, /save|reloads|open the file/i);
  });

  test('trace show on a JSONL whose rows carry a trace field shows those traces', () => {
    const r = run(dir, 'trace', 'show', 'conversations.jsonl');
    assert.equal(r.code, 0, r.err);
    const rows = fs.readFileSync(path.join(dir, 'conversations.jsonl'), 'utf8').trim().split('\n').length;
    assert.match(r.out, new RegExp(`=== trace 1 of ${rows} ===`));
    assert.match(r.out, /What is the temperature in Lisbon right now\?/);
    assert.match(r.out, /TOOL CALL get_weather/);
    assert.equal(r.err, '');
  });
});
