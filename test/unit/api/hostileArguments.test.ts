import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { test } from 'node:test';
import { ArgumentError, compareLogs, LogLoadError, openLog, previewDataset } from '../../../src/api/index';
import { repoRoot } from '../sharedFixtures';

const LOG = path.join(repoRoot, 'examples', 'logs', 'legacy.tasklog.json');
const SPEC = path.join(repoRoot, 'examples', 'datasets', 'local-csv.dataset.yaml');

test('NaN, fractions and negative counts are refused with a message naming the option', async () => {
  const log = await openLog(LOG);
  try {
    await assert.rejects(log.page({ limit: Number.NaN }), (error: unknown) => error instanceof ArgumentError && /^limit must be a whole number ≥ 0, not NaN$/.test(error.message));
    await assert.rejects(log.page({ offset: -1 }), ArgumentError);
    await assert.rejects(log.samples({ batchSize: 0.5 }).next(), (error: unknown) => error instanceof ArgumentError && /batchSize/.test(error.message));
    assert.equal((await log.page({ limit: 1e9 })).rows.length, log.samplesInfo.count);
  } finally {
    await log.close();
  }
  await assert.rejects(previewDataset(SPEC, { limit: -5 }), (error: unknown) => error instanceof ArgumentError && /limit/.test(error.message));
  await assert.rejects(previewDataset(SPEC, { doc: 0 }), (error: unknown) => error instanceof ArgumentError && /doc/.test(error.message));
  await assert.rejects(previewDataset(SPEC, { doc: 3 }), (error: unknown) => error instanceof ArgumentError && /the file has 1 document/.test(error.message));
  await assert.rejects(compareLogs([LOG, LOG], { delta: Number.POSITIVE_INFINITY }), (error: unknown) => error instanceof ArgumentError && /--delta must be a positive number/.test(error.message));
});

test('a stream that fails part-way is a LogLoadError, and leaves no temporary file', async () => {
  async function* broken(): AsyncGenerator<string> {
    yield '{"format_version": "v1", ';
    throw new Error('connection reset');
  }
  await assert.rejects(openLog(broken(), { fileName: 'remote.tasklog.json' }), (error: unknown) => error instanceof LogLoadError && /remote\.tasklog\.json: the stream could not be read to its end \(connection reset\)/.test(error.message));
});
