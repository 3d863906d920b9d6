import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { ArgumentError, EvalLensError, LogLoadError, openLog } from '../../../src/api/index';
import { repoRoot, sharedFixture } from '../sharedFixtures';
import { temporaryFolder } from '../temporaryFolder';
import { asJson, cli } from './cliOutput';

const example = (name: string): string => path.join(repoRoot, 'examples', 'logs', name);
const LOGS = ['success-trials.tasklog.json', 'legacy.tasklog.json', 'mismatch.tasklog.json', 'repeatability.tasklog.json', 'failure.tasklog.json'];
const folder = temporaryFolder('eval-lens-api-log-');

describe('openLog', () => {
  test('reads the header, metrics, errors and timing at once', async () => {
    const log = await openLog(example('success-trials.tasklog.json'));
    try {
      const raw = JSON.parse(fs.readFileSync(example('success-trials.tasklog.json'), 'utf8')) as { status: string; evidence: { samples: unknown[] }; execution: { runtime: number } };
      assert.equal(log.header.fileName, 'success-trials.tasklog.json');
      assert.equal(log.header.status, raw.status);
      assert.equal(log.samplesInfo.count, raw.evidence.samples.length);
      assert.equal(log.timing.runtime, raw.execution.runtime);
      assert.ok(log.metrics && log.metrics.length > 0);
      assert.ok(log.metrics.flatMap((g) => g.metrics).flatMap((m) => m.values).every((v) => ['match', 'mismatch', 'not_verifiable'].includes(v.verification.verdict)));
      assert.equal(log.errors.total, log.errors.byStage.reduce((n, group) => n + group.total, 0));
      assert.deepEqual(await log.schemaProblems(), []);
    } finally {
      await log.close();
    }
  });

  for (const name of LOGS) {
    test(`verify() is what eval-lens log verify --json prints (${name})`, async () => {
      const printed = await cli(['log', 'verify', example(name), '--json', '--curves']);
      const log = await openLog(example(name));
      try {
        assert.deepEqual(asJson(await log.verify({ curves: true })), JSON.parse(printed.out));
      } finally {
        await log.close();
      }
    });
  }

  test('a log indexed sample by sample (lean) gives the same figures as one read at once', async () => {
    const whole = await openLog(example('mismatch.tasklog.json'));
    const lean = await openLog(example('mismatch.tasklog.json'), { leanAboveBytes: 0 });
    try {
      assert.deepEqual(asJson(await lean.verify()), asJson(await whole.verify()));
      assert.deepEqual(lean.metrics, whole.metrics);
      const rows = async (log: typeof lean) => { const all = []; for await (const row of log.samples()) all.push(row); return all; };
      assert.deepEqual(await rows(lean), await rows(whole));
      assert.deepEqual(await lean.sample(3), await whole.sample(3));
    } finally {
      await whole.close();
      await lean.close();
    }
  });

  test('samples() yields every sample in order with its trials and aggregated scores, in batches', async () => {
    const log = await openLog(example('success-trials.tasklog.json'));
    try {
      const rows = [];
      for await (const row of log.samples({ batchSize: 5 })) rows.push(row);
      assert.deepEqual(rows.map((r) => r.index), Array.from({ length: log.samplesInfo.count }, (_, i) => i));
      assert.ok(rows.every((r) => r.trials.length === log.samplesInfo.maxTrials));
      const column = log.samplesInfo.scoreColumns[0].id;
      assert.ok(rows.every((r) => column in r.scores));
      assert.deepEqual((await log.page({ offset: 0, limit: 100 })).rows, rows);
    } finally {
      await log.close();
    }
  });

  test('sampleDetails() yields every sample in full, each trial with its scores, also for the runs of a repeatability log', async () => {
    const log = await openLog(example('success-trials.tasklog.json'));
    try {
      const details = [];
      for await (const detail of log.sampleDetails()) details.push(detail);
      assert.deepEqual(details.map((d) => d.index), Array.from({ length: log.samplesInfo.count }, (_, i) => i));
      assert.ok(details.every((d) => d.trials.length === log.samplesInfo.maxTrials));
      // Every trial carries its scores, but one that failed with an error.
      assert.ok(details.every((d) => d.trials.every((t) => t.scores.length > 0 || t.errors.length > 0)));
      assert.ok(details.some((d) => d.trials.some((t) => t.errors.length > 0)), 'the example has a trial that failed');
      assert.deepEqual(details[4], await log.sample(4));
    } finally {
      await log.close();
    }
    const repeated = await openLog(example('repeatability.tasklog.json'));
    try {
      const run = repeated.runs?.runs[0];
      assert.ok(run, 'the example has runs');
      let count = 0;
      for await (const detail of repeated.sampleDetails({ runIndex: run.index })) count += detail.runIndex === run.index ? 1 : 0;
      assert.equal(count, run.sampleCount);
    } finally {
      await repeated.close();
    }
  });

  test('page() sorts, searches and filters by score; sample() reads one sample in full', async () => {
    const log = await openLog(example('success-trials.tasklog.json'));
    try {
      const sorted = await log.page({ limit: 3, sort: { column: 'sampleId', direction: 'desc' } });
      assert.equal(sorted.total, log.samplesInfo.count);
      const ids = sorted.rows.map((r) => String(r.sampleId));
      assert.deepEqual(ids, [...ids].sort().reverse());
      const first = await log.sample(0);
      const found = await log.page({ search: String(first.sampleId) });
      assert.ok(found.rows.some((r) => r.sampleId === first.sampleId));
      assert.ok(found.total < log.samplesInfo.count);
      const column = log.samplesInfo.scoreColumns.find((c) => c.binary);
      if (column) {
        const passed = await log.page({ scoreFilter: { column: column.id, value: 'pass' }, limit: 1000 });
        assert.ok(passed.rows.every((r) => r.scores[column.id] === 1 || r.scores[column.id] === true));
      }
      assert.equal(first.trials.length, log.samplesInfo.maxTrials);
      assert.ok(first.scores.length > 0);
      await assert.rejects(log.sample(log.samplesInfo.count), ArgumentError);
    } finally {
      await log.close();
    }
  });

  test('a stream is read from a temporary file that close() removes', async () => {
    const before = new Set(fs.readdirSync(os.tmpdir()).filter((n) => n.startsWith('eval-lens-log-')));
    const log = await openLog(fs.createReadStream(example('legacy.tasklog.json')), { fileName: 'piped.tasklog.json' });
    const made = fs.readdirSync(os.tmpdir()).filter((n) => n.startsWith('eval-lens-log-') && !before.has(n));
    assert.equal(log.header.fileName, 'piped.tasklog.json');
    const direct = await openLog(example('legacy.tasklog.json'));
    assert.deepEqual(asJson(await log.verify()), asJson(await direct.verify()));
    await direct.close();
    await log.close();
    assert.equal(made.length, 1);
    assert.ok(!fs.existsSync(path.join(os.tmpdir(), made[0])));
    await assert.rejects(log.page(), EvalLensError);
  });

  test('a file that is missing, truncated or not a log is refused with a LogLoadError naming it', async () => {
    await assert.rejects(openLog('no-such.tasklog.json'), (error: unknown) => error instanceof LogLoadError && /no-such\.tasklog\.json/.test(error.message) && error.file === 'no-such.tasklog.json');
    const text = fs.readFileSync(example('legacy.tasklog.json'), 'utf8');
    const truncated = folder.put('cut.tasklog.json', text.slice(0, Math.floor(text.length / 2)));
    await assert.rejects(openLog(truncated), (error: unknown) => error instanceof LogLoadError && error.message.includes('cut.tasklog.json') && error.line !== undefined);
    await assert.rejects(openLog(folder.put('other.json', '{"just": "config"}')), (error: unknown) => error instanceof LogLoadError && /not a task result log/.test(error.message));
    await assert.rejects(openLog(folder.path), (error: unknown) => error instanceof LogLoadError && error.message.includes(folder.path));
    // The words of eval-lens log report, which opens a log the same way.
    const printed = await cli(['log', 'report', truncated, '-o', path.join(folder.path, 'cut.html')]);
    await assert.rejects(openLog(truncated), (error: unknown) => error instanceof LogLoadError && printed.err.includes(error.message));
  });

  test('an Inspect log opens through the same source as the report, or is refused naming the file', async () => {
    const inspect = sharedFixture('inspect-ai', 'log_read_sample.eval');
    try {
      const log = await openLog(inspect);
      try {
        let count = 0;
        for await (const row of log.samples()) count += row.index >= 0 ? 1 : 0;
        assert.equal(count, log.samplesInfo.count);
      } finally {
        await log.close();
      }
    } catch (error) {
      assert.ok(error instanceof LogLoadError, String(error));
      assert.ok(error.message.includes('log_read_sample.eval'), error.message);
    }
  });
});
