import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { MessageChannel } from 'node:worker_threads';
import { loadLogIndexSync, LoadLogOptions } from '../../../src/core/log/logLoader';
import { LogWorkerClient } from '../../../src/core/log/logWorkerClient';
import { feedPipedScan } from '../../../src/core/log/pipedScanFeed';
import { PIPED_SCAN_BYTES, PipedSampleStore, PipedScan, startPipedScan } from '../../../src/core/log/pipedScan';
import { LogIndex } from '../../../src/core/log/logIndex';
import { BufferSampleStore } from '../../../src/core/log/bufferLog';
import { PipedScanEnd, PipedScanInit, SIGNAL_CANCELLED, SIGNAL_CELLS } from '../../../src/core/log/pipedScanMessages';
import { randomLogText, reportViews, viewsOrError } from './randomLogs';
import { repoRoot } from './logTestHelpers';
import { temporaryFolder } from '../temporaryFolder';

/**
 * A log indexed while a helper reads and scans it (pipedScan.ts) against the same log read, scanned and
 * indexed in one thread: every view and every error must be equal, whatever the input.
 */

const helperScript = path.join(repoRoot, 'dist', 'worker', 'logScan.js');
const logWorkerScript = path.join(repoRoot, 'dist', 'worker', 'logParse.js');
const folder = temporaryFolder('eval-lens-piped-');
const query = { offset: 100, limit: 50, sort: { column: 'sampleId', direction: 'desc' as const } };

/** The helper's whole scan run in this thread first (its messages wait in the pipe), then the reading end. */
function inThreadPipe(file: string, cancelled = false): PipedScanEnd {
  const channel = new MessageChannel();
  const signal = new Int32Array(new SharedArrayBuffer(SIGNAL_CELLS * 4));
  if (cancelled) Atomics.store(signal, SIGNAL_CANCELLED, 1);
  feedPipedScan({ file, signal, port: channel.port2 });
  return { port: channel.port1, signal };
}

/** The same log with its specification first (the random logs have it last), as pretty-printed as it was. */
function specificationFirst(text: string): string {
  const { specification, ...rest } = JSON.parse(text) as Record<string, unknown>;
  return JSON.stringify({ specification, ...rest }, null, text.startsWith('{\n') ? 1 : undefined);
}

function write(name: string, text: string): string {
  return folder.put(name, text);
}

let largeLog: { file: string; samples: number } | undefined;

/** A random log just above the size from which the log worker's client starts a helper. */
function large(): { file: string; samples: number } {
  if (!largeLog) {
    let samples = 1500;
    let text = randomLogText(31, samples);
    while (Buffer.byteLength(text) < PIPED_SCAN_BYTES) text = randomLogText(31, (samples *= 2));
    largeLog = { file: write('large.tasklog.json', specificationFirst(text)), samples };
  }
  return largeLog;
}

/** The log worker's summary, a page and a detail of `file` (the helper script is beside the worker's). */
async function workerViews(workerScript: string, file: string, last: number): Promise<unknown[]> {
  const client = new LogWorkerClient(workerScript, { filePath: file, generation: 1, validateSchema: false, prepareSearch: false });
  try {
    const query = { offset: 100, limit: 50, sort: { column: 'sampleId', direction: 'desc' as const } };
    return [await client.summary(), await client.page(query), await client.detail(last)];
  } finally {
    client.dispose();
  }
}

function assertPipedLikePlain(file: string, options: LoadLogOptions = {}): unknown {
  const plain = viewsOrError(file, options);
  assert.deepEqual(viewsOrError(file, { ...options, scanPipe: inThreadPipe(file) }), plain);
  return plain;
}

describe('indexing a log while a helper reads and scans it', () => {
  for (const seed of [5, 13, 42]) {
    test(`gives the summary, pages, checks and details of the plain path (seed ${seed}, several windows)`, () => {
      const text = randomLogText(seed, seed % 2 ? 3000 : 5000);
      assert.ok(text.length > 2 * 4 * 1024 * 1024, 'the samples span several of the scan\'s windows');
      const full = loadLogIndexSync(Buffer.from(text), { fileName: `random-${seed}.tasklog.json`, mode: 'full' });
      assert.ok(full.getSummary().errorTotal > 0 && full.sampleChecks().length > 0, 'the random log has errors and checks');
      // Indexed as the samples arrive (the specification first), and once the scan is done (it is last).
      for (const [order, logText] of [['specification first', specificationFirst(text)], ['specification last', text]]) {
        const file = write(`random-${seed}.tasklog.json`, logText);
        const expected = reportViews(loadLogIndexSync(Buffer.from(logText), { fileName: path.basename(file), mode: 'full' }));
        const stores = new Set<unknown>();
        const piped = loadLogIndexSync({ filePath: file }, { scanPipe: inThreadPipe(file), onSample: (_shape, _position, _run, store) => stores.add(store.constructor) });
        assert.deepEqual(stores, new Set([PipedSampleStore]), `${order}: every sample came through the pipe`);
        assert.deepEqual(reportViews(piped), expected, order);
        const withoutChecks = loadLogIndexSync({ filePath: file }, { scanPipe: inThreadPipe(file), leaveOutChecks: true });
        assert.deepEqual(reportViews(withoutChecks), expected, `${order}: checks read again from the file`);
      }
    });
  }

  test('the samples indexed are those the pipe brings (it is not bypassed), whatever the order of the log\'s parts', () => {
    for (const text of [randomLogText(2, 300), specificationFirst(randomLogText(2, 300))]) {
      const file = write('fed.tasklog.json', text);
      const stores = (options: LoadLogOptions): Set<unknown> => {
        const seen = new Set<unknown>();
        loadLogIndexSync({ filePath: file }, { ...options, onSample: (_shape, _position, _run, store) => seen.add(store.constructor) });
        return seen;
      };
      assert.deepEqual(stores({ scanPipe: inThreadPipe(file) }), new Set([PipedSampleStore]));
      assert.deepEqual(stores({}), new Set([BufferSampleStore]));
    }
  });

  test('a specification after the samples is read from the end of the file: indexing starts before the scan ends', () => {
    const text = randomLogText(19, 400);
    assert.ok(text.indexOf('"specification"') > text.indexOf('"samples"'), 'the random logs have the specification last');
    const file = write('spec-last-streamed.tasklog.json', text);
    const channel = new MessageChannel();
    const signal = new Int32Array(new SharedArrayBuffer(SIGNAL_CELLS * 4));
    let done: unknown;
    const holdDone = { postMessage: (message: { type: string }) => (message.type === 'done' ? (done = message) : channel.port2.postMessage(message)), close: () => undefined };
    feedPipedScan({ file, signal, port: holdDone as unknown as PipedScanInit['port'] });
    assert.ok(done, 'the scan ended');
    const pipe = new PipedScan(file, { port: channel.port1, signal });
    pipe.waitForSamples();
    assert.equal(pipe.done, false, 'the samples can be indexed before the scan ends');
    assert.deepEqual(pipe.skeleton.specification, (JSON.parse(text) as Record<string, unknown>).specification);
    channel.port2.postMessage(done);
    const index = new LogIndex(pipe.skeleton, { top: pipe.top, runs: pipe.runs }, { fileName: path.basename(file), fileSize: Buffer.byteLength(text), generation: 1 });
    pipe.close();
    assert.deepEqual(reportViews(index), reportViews(loadLogIndexSync({ filePath: file })));
  });

  test('with the real helper thread (dist/worker/logScan.js)', () => {
    assert.ok(fs.existsSync(helperScript), 'build first: node esbuild.js (dist/worker/logScan.js is missing)');
    const file = write('thread.tasklog.json', specificationFirst(randomLogText(21, 2000)));
    const scanPipe = startPipedScan(file, helperScript, 0);
    assert.ok(scanPipe, 'the helper starts');
    assert.deepEqual(viewsOrError(file, { scanPipe }), viewsOrError(file));
  });

  test('a helper that stops at once: the worker reads the file itself, without waiting for the stall limit', async () => {
    assert.ok(fs.existsSync(logWorkerScript), 'build first: node esbuild.js (dist/worker/logParse.js is missing)');
    const { file, samples } = large();
    const plain = loadLogIndexSync({ filePath: file }, { leaveOutChecks: true });
    const expected = [plain.getSummary(), plain.getPage(query), plain.getDetail(samples - 1)];
    /** A log worker beside the given helper script (none: the worker reads the file itself), and how long its views took. */
    const timed = async (name: string, helper?: string): Promise<number> => {
      const dir = path.join(folder.path, name);
      fs.mkdirSync(dir);
      fs.copyFileSync(logWorkerScript, path.join(dir, 'logParse.js'));
      if (helper !== undefined) fs.writeFileSync(path.join(dir, 'logScan.js'), helper);
      const started = Date.now();
      assert.deepEqual(await workerViews(path.join(dir, 'logParse.js'), file, samples - 1), expected);
      return Date.now() - started;
    };
    const withoutHelper = await timed('no-helper');
    const quitting = await timed('quitting-helper', 'process.exit(0);\n');
    // Waiting for the stall limit (10 s, pipedScan.ts) would add it to the time the worker takes alone.
    assert.ok(quitting < withoutHelper + 7000, `answered in ${quitting} ms; ${withoutHelper} ms without a helper`);
  });

  test('a small file, one core or a missing helper script: no helper', () => {
    const file = write('small.tasklog.json', randomLogText(4, 50));
    assert.ok(fs.statSync(file).size < PIPED_SCAN_BYTES);
    assert.equal(startPipedScan(file, helperScript), undefined);
    assert.equal(startPipedScan(file, path.join(folder.path, 'missing.js'), 0), undefined);
    assert.equal(startPipedScan(path.join(folder.path, 'missing.json'), helperScript, 0), undefined);
  });

  test('a syntax error in a late sample, or after the samples: the plain path\'s error', () => {
    const text = specificationFirst(randomLogText(9, 1500));
    const inSample = assertPipedLikePlain(write('late.tasklog.json', text.replace('"s1400"', '"s1400" x')));
    assert.ok(inSample && typeof inSample === 'object' && 'message' in inSample, 'the broken log fails');
    const afterSamples = assertPipedLikePlain(write('after.tasklog.json', text.replace(/\}\s*$/, ', "tail": [1,}')));
    assert.ok(afterSamples && typeof afterSamples === 'object' && 'message' in afterSamples);
    assertPipedLikePlain(write('cut.tasklog.json', text.slice(0, Math.floor(text.length * 0.7))));
  });

  test('a specification given twice, evidence given twice, runs before the samples: the plain path\'s views', () => {
    const text = specificationFirst(randomLogText(11, 600));
    assertPipedLikePlain(write('spec-first.tasklog.json', text));
    const twice = text.replace(/\}$/, `,"specification":${JSON.stringify({ display_name: 'changed', config: {} })}}`);
    assertPipedLikePlain(write('spec-twice.tasklog.json', twice));
    const evidenceTwice = text.replace(/\}$/, ',"evidence":{"samples":[{"sample_id":"again","trials":[]}]}}');
    assertPipedLikePlain(write('evidence-twice.tasklog.json', evidenceTwice));
    const runsFirst = JSON.parse(text) as { evidence: { samples: unknown; runs: unknown } };
    const { samples, runs, ...otherEvidence } = runsFirst.evidence;
    assertPipedLikePlain(write('runs-first.tasklog.json', JSON.stringify({ ...runsFirst, evidence: { runs, ...otherEvidence, samples } })));
  });

  test('members longer than the look-ahead, before and after the samples, and a sample longer than a window', () => {
    const value = JSON.parse(randomLogText(17, 500)) as { specification: Record<string, unknown>; evidence: { samples: Record<string, unknown>[] } & Record<string, unknown> };
    value.specification.description = 'd'.repeat(9 * 1024 * 1024);
    value.evidence.notes = ['n'.repeat(9 * 1024 * 1024)];
    value.evidence.samples[250].trials = [{ index: 0, sample: { data: { big: 'b'.repeat(5 * 1024 * 1024) } }, solver: { output: 'x' }, scores: [] }];
    const views = assertPipedLikePlain(write('long.tasklog.json', specificationFirst(JSON.stringify(value))));
    assert.ok(Array.isArray(views), 'the log loads');
  });

  test('a value nested 200,000 levels deep in a sample or in the specification (first or last): the plain path\'s outcome', () => {
    const deep = `${'['.repeat(200000)}1${']'.repeat(200000)}`;
    const text = specificationFirst(randomLogText(12, 1200)).replace('"question":"What is 1100?', `"deep":${deep},"question":"What is 1100?`);
    assert.ok(text.includes(deep));
    assertPipedLikePlain(write('deep.tasklog.json', text));
    const deepSpecification = specificationFirst(randomLogText(12, 300)).replace('"specification":{', `"specification":{"deep":${deep},`);
    assert.ok(deepSpecification.includes(deep), 'the deep value is in the specification, before the samples');
    assertPipedLikePlain(write('deep-spec.tasklog.json', deepSpecification));
    const deepAtEnd = randomLogText(12, 300).replace('"specification":{', `"specification":{"deep":${deep},`);
    assertPipedLikePlain(write('deep-spec-last.tasklog.json', deepAtEnd));
  });

  test('not an object, empty, binary, only runs, or no samples: the plain path\'s outcome', () => {
    assertPipedLikePlain(write('array.tasklog.json', '[1, 2, 3]'));
    assertPipedLikePlain(write('empty.tasklog.json', ''));
    assertPipedLikePlain(write('binary.tasklog.json', Buffer.from([0x7b, 0x00, 0xff, 0xfe, 0x22]).toString('latin1')));
    const value = JSON.parse(randomLogText(8, 300)) as { evidence: Record<string, unknown> };
    const { samples: _samples, ...runsOnly } = value.evidence;
    assertPipedLikePlain(write('runs-only.tasklog.json', JSON.stringify({ ...value, evidence: runsOnly })));
    assertPipedLikePlain(write('no-samples.tasklog.json', JSON.stringify({ ...value, evidence: { metrics: [] } })));
  });

  test('a pipe whose reader gave up, and a pipe handed to a full load, are not used', () => {
    const file = write('cancelled.tasklog.json', randomLogText(6, 300));
    assert.deepEqual(viewsOrError(file, { scanPipe: inThreadPipe(file, true) }), viewsOrError(file));
    assert.deepEqual(viewsOrError(file, { scanPipe: inThreadPipe(file), mode: 'full' }), viewsOrError(file, { mode: 'full' }));
  });

  test('the log worker of a large file indexes it through the helper: the same summary, page and detail', async () => {
    assert.ok(fs.existsSync(logWorkerScript), 'build first: node esbuild.js (dist/worker/logParse.js is missing)');
    const { file, samples } = large();
    const plain = loadLogIndexSync({ filePath: file }, { leaveOutChecks: true });
    assert.deepEqual(await workerViews(logWorkerScript, file, samples - 1), [plain.getSummary(), plain.getPage(query), plain.getDetail(samples - 1)]);
  });
});
