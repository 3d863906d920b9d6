import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { scanLogBuffer } from '../../../src/core/log/bufferLog';
import { IndexShareThread } from '../../../src/core/log/indexShareThread';
import { LogIndex } from '../../../src/core/log/logIndex';
import { LogWorkerClient } from '../../../src/core/log/logWorkerClient';
import { loadLogIndex } from '../../../src/core/log/logLoader';
import { IndexedRange, IndexSharer } from '../../../src/core/log/indexShare';
import { repoRoot } from './logTestHelpers';

const workerScript = path.join(repoRoot, 'dist', 'worker', 'logParse.js');
const SAMPLES = 5000;

/** A log whose second half has a score column and error stages the first half lacks. */
function writeLog(): string {
  const sample = (i: number) => ({
    sample_id: `s-${i}`,
    trials: [0, 1, 2].map((t) => ({
      index: t,
      sample: { data: { question: `Question ${i}`, category: i % 3 ? 'math' : 'code' } },
      solver: { output: `answer ${i} ${t}` },
      scores: [{ scorer_key: 'exact', values: { correct: (i + t) % 4 !== 0, ...(i >= SAMPLES / 2 + 10 ? { late_only: i % 7 } : {}) } }],
      errors: (i * 3 + t) % 97 === 0 ? [{ error_type: 'Timeout', message: `trial ${t} of ${i}`, ...(i > SAMPLES / 2 ? { stage: 'scoring' } : {}) }] : [],
    })),
  });
  const log = {
    format_version: 'v1',
    specification: { display_name: 'shared indexing', trials: { num_trials: 3 } },
    evidence: {
      samples: Array.from({ length: SAMPLES }, (_, i) => sample(i)),
      runs: [0, 1].map((r) => ({ index: r, samples: Array.from({ length: 2400 }, (_, i) => sample(i + r)) })),
      metrics: [{ scorer_key: 'exact', key: 'correct', value: 0.75 }],
    },
  };
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'eval-lens-share-')), 'big.tasklog.json');
  fs.writeFileSync(file, JSON.stringify(log));
  return file;
}

const twoCores = os.availableParallelism() > 1;

describe('indexing on two threads', () => {
  const file = writeLog();

  test('the other thread indexes the second half of each large set, and the index is the same as on one thread', { skip: !twoCores && 'needs two cores' }, () => {
    const thread = new IndexShareThread(workerScript, file);
    const taken: IndexedRange[] = [];
    const counting: IndexSharer = {
      offer: (store, from, settings, runIndex) => thread.offer(store, from, settings, runIndex),
      collect: () => {
        const range = thread.collect();
        if (range) taken.push(range);
        return range;
      },
    };
    try {
      const buf = thread.readFile(file);
      assert.ok(buf.buffer instanceof SharedArrayBuffer);
      const scanned = scanLogBuffer(buf, file)!;
      const options = { fileName: 'big.tasklog.json', fileSize: buf.length, generation: 1 };
      const shared = new LogIndex(scanned.skeleton, { top: scanned.top, runs: scanned.runs }, { ...options, sharer: counting });
      assert.deepEqual(taken.map((r) => [r.from, r.records.length]), [[2500, 2500], [1200, 1200], [1200, 1200]]);
      const sequential = scanLogBuffer(fs.readFileSync(file), file)!;
      const alone = new LogIndex(sequential.skeleton, { top: sequential.top, runs: sequential.runs }, options);
      assert.deepEqual(shared.getSummary(), alone.getSummary());
      assert.ok(shared.getSummary().samples.scoreColumns.some((c) => c.valueKey === 'late_only'), 'a column seen only in the second half is kept');
      for (const query of [{ offset: 2490, limit: 20 }, { offset: 0, limit: 50, sort: { column: 'exact/late_only', direction: 'desc' as const } }, { offset: 0, limit: 10, errorStage: 'scoring' }]) {
        assert.deepEqual(shared.getPage(query), alone.getPage(query));
        assert.deepEqual(shared.getPage({ ...query, runIndex: 1 }), alone.getPage({ ...query, runIndex: 1 }));
      }
      assert.deepEqual(shared.sampleChecks(), alone.sampleChecks());
    } finally {
      thread.dispose();
    }
  });

  test('when the other thread is gone, the tail is indexed here', () => {
    const thread = new IndexShareThread(workerScript, file);
    const buf = thread.readFile(file);
    const scanned = scanLogBuffer(buf, file)!;
    const gone: IndexSharer = {
      offer: (store, from, settings, runIndex) => thread.offer(store, from, settings, runIndex),
      collect: () => {
        thread.dispose();
        return thread.collect();
      },
    };
    const index = new LogIndex(scanned.skeleton, { top: scanned.top, runs: scanned.runs }, { fileName: 'x', fileSize: buf.length, generation: 1, sharer: gone });
    assert.equal(index.getSummary().samples.count, SAMPLES);
    assert.equal(index.getPage({ offset: SAMPLES - 1, limit: 1 }).rows[0].sampleId, `s-${SAMPLES - 1}`);
  });

  test('the log worker gives the same answers with and without a second thread', async () => {
    const local = await loadLogIndex(file, { generation: 1 });
    for (const shareIndexing of [true, false]) {
      const client = new LogWorkerClient(workerScript, { filePath: file, generation: 1, prepareSearch: false, shareIndexing });
      try {
        assert.deepEqual(await client.summary(), await local.summary());
        const query = { offset: 4000, limit: 30, sort: { column: 'exact/correct', direction: 'asc' as const } };
        assert.deepEqual(await client.page(query), await local.page(query));
      } finally {
        client.dispose();
      }
    }
  });
});
