import { describe, test, before } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { LogWorkerClient } from '../../../src/core/log/logWorkerClient';
import { LogLoadError, loadLogIndex } from '../../../src/core/log/logLoader';
import { examplesDir, repoRoot } from './logTestHelpers';

/** The worker bundle built by `node esbuild.js` from src/core/log/logParse.worker.ts. */
const workerScript = ['logParse.worker.js', 'logParse.js'].map((name) => path.join(repoRoot, 'dist', 'worker', name)).find((file) => fs.existsSync(file));

describe('log worker client (real worker thread)', () => {
  before(() => {
    assert.ok(workerScript, 'build first: node esbuild.js (dist/worker/logParse.worker.js is missing)');
  });

  test('serves the same summary, pages and details as the in-process index', async () => {
    const file = path.join(examplesDir, 'success-trials.tasklog.json');
    const client = new LogWorkerClient(workerScript as string, { filePath: file, generation: 7 });
    try {
      const local = await loadLogIndex(file, { generation: 7 });
      assert.deepEqual(await client.summary(), await local.summary());
      const query = { offset: 2, limit: 5, sort: { column: 'exact_match/pass_at_3', direction: 'asc' as const }, search: 'capital' };
      assert.deepEqual(await client.page(query), await local.page(query));
      assert.deepEqual(await client.detail(6), await local.detail(6));
      const memory = await client.memory();
      assert.ok(memory.rss > 0 && memory.heapUsed > 0);
      await assert.rejects(client.detail(999), /no sample at index 999/);
      assert.equal((await client.summary()).generation, 7, 'still answering after a failed request');
    } finally {
      client.dispose();
    }
  });

  test('a load error reaches every request with its line and column', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'eval-lens-worker-')), 'bad.tasklog.json');
    fs.writeFileSync(file, '{\n "evidence": {"samples": [1,,2]}}');
    const client = new LogWorkerClient(workerScript as string, { filePath: file, generation: 1 });
    try {
      await assert.rejects(client.summary(), (error: unknown) => error instanceof LogLoadError && error.line === 2 && error.file === file);
      await assert.rejects(client.page({ offset: 0, limit: 1 }), LogLoadError);
    } finally {
      client.dispose();
    }
  });

  test('requests after dispose are rejected', async () => {
    const client = new LogWorkerClient(workerScript as string, { text: fs.readFileSync(path.join(examplesDir, 'legacy.tasklog.json'), 'utf8'), fileName: 'legacy.tasklog.json', generation: 1 });
    assert.equal((await client.summary()).samples.layout, 'legacy');
    client.dispose();
    await assert.rejects(client.summary(), /disposed/);
  });
});
