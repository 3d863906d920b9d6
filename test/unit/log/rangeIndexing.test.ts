import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { loadLogIndexSync, LogLoadError } from '../../../src/core/log/logLoader';
import { BufferSampleStore } from '../../../src/core/log/bufferLog';
import { hasSpareCore, indexSharedRange, RangeReply, WorkerRangeIndexer } from '../../../src/core/log/rangeIndexing';
import type { RangeIndexer } from '../../../src/core/log/sampleSetBuilder';
import type { SampleRecord } from '../../../src/core/log/sampleRecords';
import { randomLogText, reportViews } from './randomLogs';
import { repoRoot } from './logTestHelpers';

/**
 * A large sample set indexed by two threads (the later part elsewhere, rangeIndexing.ts) against the same
 * log indexed in one thread, on random logs: every figure, page, check and detail must be equal.
 */

const workerScript = path.join(repoRoot, 'dist', 'worker', 'indexRange.js');

function sharedBytes(text: string): Buffer {
  const bytes = Buffer.from(text);
  const shared = Buffer.from(new SharedArrayBuffer(bytes.length));
  bytes.copy(shared);
  return shared;
}

/** Indexes the later part in this thread, through the same messages (structured clones) as the worker. */
class InThreadRangeIndexer implements RangeIndexer {
  splits: number[] = [];
  constructor(private readonly share = 0.5, private readonly fail = false) {}
  splitAt(store: { count: number }): number {
    const at = Math.floor(store.count * this.share);
    this.splits.push(at);
    return at;
  }
  start(...[store, settings, from, to, runIndex]: Parameters<RangeIndexer['start']>): ReturnType<RangeIndexer['start']> {
    if (!(store instanceof BufferSampleStore)) return undefined;
    const range = store.sharedRange(from, to);
    assert.ok(range, 'the bytes are shared');
    const request = structuredClone({ id: 1, file: store.fileName, range, from, to, runIndex, settings: { aggregators: settings.aggregators, primaryScore: settings.primaryScore, passK: settings.passK } });
    return () => {
      if (this.fail) return undefined;
      const chunks: SampleRecord[][] = [];
      let reply: RangeReply;
      try {
        reply = { id: 1, kind: 'done', ok: true, result: indexSharedRange(request, (records) => chunks.push(structuredClone(records))) };
      } catch {
        reply = { id: 1, kind: 'done', ok: false };
      }
      const received = structuredClone(reply);
      return received.kind === 'done' && received.ok ? { ...received.result, records: chunks.flat() } : undefined;
    };
  }
}

describe('indexing a large sample set in two parts', () => {
  for (const seed of [5, 13, 42]) {
    test(`gives the summary, pages, checks and details of one-thread indexing (seed ${seed})`, () => {
      const text = randomLogText(seed, 2400);
      const indexer = new InThreadRangeIndexer(0.3 + (seed % 5) / 10);
      const split = loadLogIndexSync(sharedBytes(text), { fileName: 'random.tasklog.json', rangeIndexer: indexer });
      const plain = loadLogIndexSync(Buffer.from(text), { fileName: 'random.tasklog.json' });
      const full = loadLogIndexSync(Buffer.from(text), { fileName: 'random.tasklog.json', mode: 'full' });
      assert.equal(indexer.splits.length, 3, 'the top-level samples and both runs were split');
      assert.ok(plain.getSummary().errorTotal > 0, 'the random log has errors');
      const withoutChecks = loadLogIndexSync(Buffer.from(text), { fileName: 'random.tasklog.json', leaveOutChecks: true });
      const expected = reportViews(full);
      assert.ok(full.sampleChecks().length > 0, 'the random log has checks');
      assert.deepEqual(reportViews(plain), expected);
      assert.deepEqual(reportViews(split), expected);
      assert.deepEqual(reportViews(withoutChecks), expected, 'checks read again from the samples');
    });
  }

  test('a part that comes back empty-handed is indexed here', () => {
    const text = randomLogText(7, 1500);
    const split = loadLogIndexSync(sharedBytes(text), { fileName: 'r.tasklog.json', rangeIndexer: new InThreadRangeIndexer(0.5, true) });
    const plain = loadLogIndexSync(Buffer.from(text), { fileName: 'r.tasklog.json' });
    assert.deepEqual(reportViews(split), reportViews(plain));
  });

  test('a syntax error in the later part is reported where it is, as in one thread', () => {
    const text = randomLogText(9, 1500);
    const broken = text.replace('"s1400"', '"s1400" x');
    const message = (rangeIndexer?: RangeIndexer): unknown => {
      try {
        loadLogIndexSync(rangeIndexer ? sharedBytes(broken) : Buffer.from(broken), { fileName: 'b.tasklog.json', rangeIndexer });
      } catch (error) {
        assert.ok(error instanceof LogLoadError);
        return { message: error.message, line: error.line, column: error.column };
      }
      return undefined;
    };
    const expected = message();
    assert.ok(expected, 'the broken log fails');
    assert.deepEqual(message(new InThreadRangeIndexer(0.5)), expected);
  });

  test('in a real second thread: the same views; a log file is read into shared memory', () => {
    assert.ok(fs.existsSync(workerScript), 'build first: node esbuild.js (dist/worker/indexRange.js is missing)');
    const text = randomLogText(21, 3000);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'eval-lens-range-')), 'random.tasklog.json');
    fs.writeFileSync(file, text);
    const indexer = new WorkerRangeIndexer(workerScript);
    try {
      const split = loadLogIndexSync({ filePath: file }, { rangeIndexer: indexer });
      const plain = loadLogIndexSync({ filePath: file });
      assert.deepEqual(reportViews(split), reportViews(plain));
    } finally {
      indexer.dispose();
    }
  });

  test('a value nested 200,000 levels deep in the later part: the same views as in one thread', () => {
    const deep = `${'['.repeat(200000)}1${']'.repeat(200000)}`;
    const text = randomLogText(12, 1200).replace('"question":"What is 1100?', `"deep":${deep},"question":"What is 1100?`);
    assert.ok(text.includes(deep), 'the deep value is in a sample');
    const split = loadLogIndexSync(sharedBytes(text), { fileName: 'deep.tasklog.json', rangeIndexer: new InThreadRangeIndexer(0.5) });
    const plain = loadLogIndexSync(Buffer.from(text), { fileName: 'deep.tasklog.json' });
    assert.deepEqual(reportViews(split), reportViews(plain));
  });

  test('a second thread is used only when a core is free for it', () => {
    assert.equal(hasSpareCore(4, () => '0.10 0.20 0.30 1/290 4242\n'), true);
    assert.equal(hasSpareCore(4, () => '3.10 2.20 1.30 2/290 4242\n'), true);
    assert.equal(hasSpareCore(4, () => '3.10 2.20 1.30 3/290 4242\n'), false);
    assert.equal(hasSpareCore(8, () => '9.10 9.20 9.30 7/290 4242\n'), false);
    assert.equal(hasSpareCore(2, () => '0.00 0.00 0.00 1/290 4242\n'), false, 'two cores: one thread');
    assert.equal(hasSpareCore(4, () => { throw new Error('no /proc'); }), true);
    assert.equal(hasSpareCore(4, () => 'unexpected'), true);
  });
});
