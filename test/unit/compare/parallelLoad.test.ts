import { describe, mock, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createRequire } from 'node:module';
import { loadComparableLogs } from '../../../src/core/compare/parallelLoad';
import { LogComparison } from '../../../src/core/compare/logComparison';
import { LogLoadError } from '../../../src/core/log/logLoadError';
import { repoRoot } from '../sharedFixtures';

const examples = ['compare-baseline.tasklog.json', 'compare-candidate.tasklog.json'].map((f) => path.join(repoRoot, 'examples', 'logs', f));
const workerScript = path.join(repoRoot, 'dist', 'worker', 'compareLoad.js');
/** The module object itself (an `import *` is a copy of its bindings), so that a mock of its methods is what the code calls. */
const nodeFs = createRequire(__filename)('node:fs') as typeof fs;

describe('loading the logs of a comparison', () => {
  test('indexed in worker threads: the same figures, changes and sample details as in this thread', async () => {
    assert.ok(fs.existsSync(workerScript), 'the worker is built (node esbuild.js)');
    const inWorkers = new LogComparison(await loadComparableLogs(examples, workerScript));
    const here = new LogComparison(await loadComparableLogs(examples));
    inWorkers.checkInputs();
    here.checkInputs();
    assert.deepEqual(inWorkers.summary(), here.summary());
    const query = { candidate: 1, offset: 0, limit: 20 };
    assert.deepEqual(inWorkers.page(query), here.page(query));
    assert.deepEqual(await inWorkers.pairDetail(1, 'geo-00007'), await here.pairDetail(1, 'geo-00007'));
  });

  test('workers that collect their garbage before posting give the same comparison, hashes included', async () => {
    const collected = new LogComparison(await loadComparableLogs(examples, workerScript, { collectInWorkers: true }));
    const plain = new LogComparison(await loadComparableLogs(examples, workerScript));
    assert.equal(await collected.checkInputsByFingerprints(), true, 'the hashes came from the workers');
    assert.equal(await plain.checkInputsByFingerprints(), true);
    assert.deepEqual(collected.summary(), plain.summary());
    const query = { candidate: 1, offset: 0, limit: 50 };
    assert.deepEqual(collected.page(query), plain.page(query));
  });

  test('opening a pair reads each side from its file once: its detail and the data its input check compares', async () => {
    const comparison = new LogComparison(await loadComparableLogs(examples, workerScript));
    const here = new LogComparison(await loadComparableLogs(examples));
    const opened = mock.method(nodeFs, 'openSync');
    try {
      const pair = await comparison.pairDetail(1, 'geo-00007');
      const files = opened.mock.calls.map((call) => call.arguments[0]);
      assert.deepEqual(files, examples, 'one read of the baseline, one of the candidate');
      assert.deepEqual(pair, await here.pairDetail(1, 'geo-00007'));
      // Other samples read in between do not stand in for the one asked.
      for (const id of ['geo-00003', 'geo-00007', 'geo-00001']) assert.deepEqual(await comparison.pairDetail(1, id), await here.pairDetail(1, id));
    } finally {
      opened.mock.restore();
    }
    comparison.checkInputs();
    here.checkInputs();
    assert.deepEqual(comparison.summary(), here.summary());
  });

  test('a broken log is a LogLoadError naming its file, with or without workers', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eval-lens-compare-load-'));
    try {
      const broken = path.join(dir, 'broken.json');
      fs.writeFileSync(broken, '{"evidence": {"samples": [{"sample_id": 1}, {"sample_id": ');
      for (const script of [workerScript, undefined]) {
        await assert.rejects(loadComparableLogs([examples[0], broken], script), (error: unknown) => error instanceof LogLoadError && error.file === broken && error.line === 1 && /broken\.json:1:\d+: invalid JSON/.test(error.message));
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
