import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ScannedFile } from '../../../src/core/sources/sessions/sessionFileScan';
import { findSessionWorkerScript, scanSessionFiles, startScanWorkers } from '../../../src/core/sources/sessions/sessionScanPool';
import { simpleSession, writeLines } from './sessionFileWriter';

let root: string;
let files: { path: string; relative: string }[];

before(() => {
  root = mkdtempSync(join(tmpdir(), 'eval-lens-session-pool-'));
  files = Array.from({ length: 30 }, (_, k) => {
    const relative = `s${k}.jsonl`;
    writeLines(join(root, relative), simpleSession(`s${k}`, '2026-01-01T00:00:00Z', k + 1));
    return { path: join(root, relative), relative };
  });
});
after(() => rmSync(root, { recursive: true, force: true }));

async function scan(list: typeof files, run: (onFile: (index: number, scanned: ScannedFile) => void) => Promise<void>): Promise<ScannedFile[]> {
  const out: ScannedFile[] = new Array<ScannedFile>(list.length);
  await run((index, scanned) => {
    assert.equal(out[index], undefined, 'each file once');
    out[index] = scanned;
  });
  return out;
}

describe('session workers started ahead', () => {
  test('started while the files are searched for, they give the same summaries as the calling thread', async () => {
    assert.ok(findSessionWorkerScript(), 'the build writes dist/worker/sessionScan.js');
    const workers = startScanWorkers({ workers: 2 });
    assert.equal(workers?.started.length, 2);
    const threads = await scan(files, (onFile) => scanSessionFiles(files, {}, onFile, workers));
    const here = await scan(files, (onFile) => scanSessionFiles(files, { workers: 0 }, onFile));
    assert.deepEqual(threads, here);
    assert.deepEqual(here.map((file) => file.summary.tokens.input), files.map((_, k) => 2 * (k + 1)));
  });

  test('with too few files they are stopped and the files are read on the calling thread', async () => {
    const workers = startScanWorkers({ workers: 2 });
    assert.ok(workers);
    const exited = workers.started.map(({ worker }) => new Promise<void>((resolve) => worker.once('exit', () => resolve())));
    const few = files.slice(0, 3);
    const read = await scan(few, (onFile) => scanSessionFiles(few, {}, onFile, workers));
    assert.equal(read.length, 3);
    await Promise.all(exited);
  });

  test('workers that fail as they start leave every file to the calling thread', async () => {
    const broken = join(root, 'broken-worker.js');
    writeFileSync(broken, 'throw new Error("no worker here");');
    const workers = startScanWorkers({ workers: 2, workerScript: broken });
    assert.ok(workers);
    const read = await scan(files, (onFile) => scanSessionFiles(files, {}, onFile, workers));
    const here = await scan(files, (onFile) => scanSessionFiles(files, { workers: 0 }, onFile));
    assert.deepEqual(read, here);
  });
});
