import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { before, describe, test } from 'node:test';
import { runCli } from '../../../src/cli/runCli';
import { pairExportedLogs } from '../../../src/core/compare/exportFolders';
import { repoRoot } from '../sharedFixtures';
import { temporaryFolder } from '../temporaryFolder';

const folder = temporaryFolder('eval-lens-export-compare-');
const example = (name: string): string => path.join(repoRoot, 'examples', 'logs', name);

/** An export folder as the service writes it: `task_results/<key>/task_result_log.json` per task specification. */
function exportFolder(name: string, logs: Record<string, string>): string {
  const root = path.join(folder.path, name);
  for (const [key, source] of Object.entries(logs)) {
    fs.mkdirSync(path.join(root, 'task_results', key), { recursive: true });
    fs.copyFileSync(source, path.join(root, 'task_results', key, 'task_result_log.json'));
  }
  fs.mkdirSync(root, { recursive: true });
  fs.writeFileSync(path.join(root, 'eval.yaml'), 'datasets: []\n');
  return root;
}

async function cli(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const run = { code: 0, out: '', err: '' };
  run.code = await runCli(argv, { cwd: folder.path, stdout: (t) => { run.out += t; }, stderr: (t) => { run.err += t; } });
  return run;
}

describe('eval-lens log compare on two export folders (docs/semantics.md §11.6)', () => {
  before(() => {
    exportFolder('before', { capitals: example('compare-baseline.tasklog.json'), retired: example('legacy.tasklog.json') });
    exportFolder('after', { capitals: example('compare-candidate.tasklog.json'), added: example('legacy.tasklog.json') });
    exportFolder('worse', { capitals: example('compare-baseline.tasklog.json') });
    exportFolder('empty', {});
  });

  test('pairs the task specifications present in both by key and names the others', () => {
    const paired = pairExportedLogs(path.join(folder.path, 'before'), path.join(folder.path, 'after'));
    assert.deepEqual(paired.pairs.map((p) => p.key), ['capitals']);
    assert.deepEqual([paired.onlyBaseline, paired.onlyCandidate], [['retired'], ['added']]);
  });

  test('one table of every compared metric, then each pair in full; --json carries the same pairs', async () => {
    const text = await cli(['log', 'compare', 'before', 'after']);
    assert.equal(text.code, 0, text.err);
    assert.match(text.out, /Task specifications in both exports: 1/);
    assert.match(text.out, /capitals\s+exact_match: accuracy\/correct\s+40\s+\+18\.3 pp/);
    assert.match(text.out, /only in before: retired/);
    assert.match(text.out, /== capitals ==\nbaseline: task_result_log\.json/);
    const json = JSON.parse((await cli(['log', 'compare', 'before', 'after', '--json'])).out) as { pairs: { key: string; candidates: unknown[] }[]; onlyCandidate: string[] };
    assert.deepEqual([json.pairs.map((p) => p.key), json.pairs[0].candidates.length, json.onlyCandidate], [['capitals'], 1, ['added']]);
  });

  test('--fail-on-regression holds over every pair; no pair, or -o, is said plainly', async () => {
    assert.equal((await cli(['log', 'compare', 'after', 'worse', '--fail-on-regression'])).code, 1, 'the candidate of "after" is better: reversed it is a regression');
    assert.equal((await cli(['log', 'compare', 'before', 'after', '--fail-on-regression'])).code, 0);
    const none = await cli(['log', 'compare', 'before', 'empty']);
    assert.equal(none.code, 2);
    assert.match(none.err, /no task specification has a log .* in both before and empty/);
    const page = await cli(['log', 'compare', 'before', 'after', '-o', 'x.html']);
    assert.notEqual(page.code, 0);
    assert.match(page.err, /-o writes one comparison page/);
  });
});
