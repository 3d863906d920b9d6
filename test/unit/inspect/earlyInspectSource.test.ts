/** An Inspect archive opened as the report editor opens it: its header first, its samples indexed after (in this thread or in the log worker). */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { LogOpenPlan, openLogSource } from '../../../src/core/report/openLogSource';
import type { LogSource } from '../../../src/core/log/logSource';
import type { LogSummary } from '../../../src/core/model/logViewTypes';
import { LogWorkerClient } from '../../../src/core/log/logWorkerClient';
import { readInspectLog } from '../../../src/core/inspect/openInspectLog';
import { repoRoot, sharedFixture } from '../sharedFixtures';
import { temporaryFolder } from '../temporaryFolder';

const arith = path.join(repoRoot, 'examples', 'logs', 'arith-inspect.eval');
const archives = [arith, ...fs.readdirSync(sharedFixture('inspect-ai')).filter((name) => name.endsWith('.eval')).map((name) => sharedFixture('inspect-ai', name))];
/** The log worker bundle (node esbuild.js). */
const workerScript = path.join(repoRoot, 'dist', 'worker', 'logParse.js');
const folder = temporaryFolder('eval-lens-early-');
const query = { offset: 0, limit: 3, sort: { column: 'sampleId', direction: 'desc' as const } };

async function open(file: string, plan: LogOpenPlan): Promise<LogSource> {
  const outcome = await openLogSource(file, { generation: 3, plan });
  assert.ok(outcome.ok, outcome.ok ? '' : outcome.failure.message);
  return outcome.source;
}

function metricValues(summary: LogSummary): unknown[] {
  return (summary.metrics ?? []).flatMap((group) => group.metrics.map((metric) => [group.scorerKey, metric.metricKey, metric.values.map((v) => v.value)]));
}

describe('Inspect archives: the header first, the samples after', () => {
  for (const file of archives) {
    test(`${path.basename(file)}: the early summary is the header and the stored metrics, marked pending; the complete one is the indexed log's`, async () => {
      const indexed = await open(file, { kind: 'whole' });
      const early = await open(file, { kind: 'worker', script: workerScript, aboveBytes: Number.MAX_SAFE_INTEGER });
      try {
        assert.ok(early.earlySummary, 'the editor plan serves an early summary');
        const first = await early.earlySummary();
        const complete = await indexed.summary();
        assert.equal(first.samplesPending, true);
        assert.equal(complete.samplesPending, undefined);
        for (const key of ['displayName', 'status', 'formatVersion', 'task', 'evaluatedEntity', 'execution', 'tokenUsage', 'generation'] as const) assert.deepEqual(first[key], complete[key], key);
        assert.deepEqual(metricValues(first), metricValues(complete), 'the stored metric values, as the complete summary shows them');
        for (const group of first.metrics ?? []) for (const metric of group.metrics) for (const value of metric.values) assert.equal(value.verification.pending, true);
        const log = await readInspectLog(file);
        await log.close();
        // total_samples counts every epoch of every sample: read over the epochs, it is the count the indexed log shows.
        const stated = (log.header.results as { total_samples?: number } | undefined)?.total_samples;
        if (stated !== undefined) {
          assert.equal(first.samples.count, complete.samples.count);
          assert.equal(stated, log.summaries.length, 'the header counts each epoch');
        }
        assert.deepEqual(await early.summary(), complete, 'the complete summary once indexed');
        assert.equal((await early.earlySummary()).samplesPending, undefined, 'once indexed, the early summary is the complete one');
        assert.deepEqual(await early.page(query), await indexed.page(query));
      } finally {
        early.dispose();
        indexed.dispose();
      }
    });
  }

  test('a page asked before the samples are indexed is answered once they are', async () => {
    const indexed = await open(arith, { kind: 'whole' });
    const early = await open(arith, { kind: 'worker', script: workerScript, aboveBytes: Number.MAX_SAFE_INTEGER });
    try {
      const [page, detail] = await Promise.all([early.page(query), early.detail(2)]);
      assert.deepEqual(page, await indexed.page(query));
      assert.deepEqual(detail, await indexed.detail(2));
    } finally {
      early.dispose();
      indexed.dispose();
    }
  });

  test('disposed before its samples are read, a source closes without an error', async () => {
    const early = await open(arith, { kind: 'worker', script: workerScript, aboveBytes: Number.MAX_SAFE_INTEGER });
    early.dispose();
    await new Promise((resolve) => setTimeout(resolve, 50));
  });

  test('above the worker threshold, the log worker reads the archive and answers as this thread does', async (t) => {
    if (!fs.existsSync(workerScript)) return t.skip('build first: node esbuild.js');
    const here = await open(arith, { kind: 'worker', script: workerScript, aboveBytes: Number.MAX_SAFE_INTEGER });
    const hereEarly = await here.earlySummary?.();
    const there = await open(arith, { kind: 'worker', script: workerScript, aboveBytes: 0 });
    try {
      assert.ok(there instanceof LogWorkerClient, 'read in the log worker');
      assert.ok(there.earlySummary);
      assert.equal(hereEarly?.samplesPending, true);
      // The worker may have indexed this small archive by now: its early summary is then the complete one.
      const thereEarly = await there.earlySummary();
      assert.deepEqual(thereEarly, thereEarly.samplesPending ? hereEarly : await here.summary());
      assert.deepEqual(await there.summary(), await here.summary());
      assert.deepEqual(await there.page(query), await here.page(query));
      assert.deepEqual(await there.detail(1), await here.detail(1));
    } finally {
      there.dispose();
      here.dispose();
    }
  });

  test('the log worker loads the archive reader only for an archive; without it, an archive fails saying which module is missing', async () => {
    assert.ok(fs.existsSync(workerScript), 'build first: node esbuild.js');
    assert.ok(fs.existsSync(path.join(path.dirname(workerScript), 'inspectLogWorker.js')), 'the archive reader is bundled beside the worker');
    const alone = folder.put('alone/logParse.js', fs.readFileSync(workerScript));
    const taskLog = path.join(repoRoot, 'examples', 'logs', 'success-trials.tasklog.json');
    const plain = new LogWorkerClient(alone, { filePath: taskLog, fileName: path.basename(taskLog), generation: 1 });
    const archive = new LogWorkerClient(alone, { filePath: arith, fileName: path.basename(arith), generation: 1, inspect: true, schemaProblems: [] });
    try {
      assert.ok((await plain.summary()).samples.count > 0, 'a task log needs no archive reader');
      await assert.rejects(archive.summary(), /inspectLogWorker\.js/);
      await assert.rejects(archive.page(query), /inspectLogWorker\.js/, 'every request hears why');
    } finally {
      plain.dispose();
      archive.dispose();
    }
  });

  test('a damaged archive read in the log worker fails with a message naming it', async (t) => {
    if (!fs.existsSync(workerScript)) return t.skip('build first: node esbuild.js');
    const broken = folder.put('cut.eval', fs.readFileSync(arith).subarray(0, 200));
    const cut = await openLogSource(broken, { generation: 1, plan: { kind: 'worker', script: workerScript, aboveBytes: 0 } });
    if (cut.ok) cut.source.dispose();
    assert.equal(cut.ok, false);
    if (!cut.ok) assert.match(cut.failure.message, /cut\.eval/);
  });
});
