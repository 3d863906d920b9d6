import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import { readFileShared, readFreeChunks, SharedRead } from '../../../src/core/log/sharedFileRead';
import { repoRoot } from './logTestHelpers';

/** Reading a file into shared memory with a helper that claims chunks: always the file's bytes, or undefined. */

const CHUNK = 1024;

function tempFile(bytes: Buffer): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'eval-lens-shared-read-')), 'log.json');
  fs.writeFileSync(file, bytes);
  return file;
}

const bytes = Buffer.from(Array.from({ length: 10 * CHUNK + 123 }, (_, i) => (i * 31 + (i >> 7)) & 0xff));

describe('reading a file into shared memory', () => {
  test('alone, with a helper that reads from the end, and with one that takes a chunk and stalls', () => {
    const file = tempFile(bytes);
    const alone = readFileShared(file, undefined, CHUNK);
    assert.ok(alone && alone.buffer instanceof SharedArrayBuffer);
    assert.deepEqual(alone, bytes);
    let helped: SharedRead | undefined;
    const withHelper = readFileShared(file, (read) => {
      helped = read;
      // The helper reads part of the file before this thread starts, from the end.
      const partial = { ...read, state: read.state };
      Atomics.store(partial.state, 0, 1); // chunk 0 is taken by "someone" for a moment
      readFreeChunks(partial, true);
      Atomics.store(partial.state, 0, 0);
    }, CHUNK);
    assert.ok(helped);
    assert.deepEqual(withHelper, bytes);
    const started = Date.now();
    const stalled = readFileShared(file, (read) => {
      Atomics.store(read.state, 4, 1); // taken, never finished: read here after waiting
    }, CHUNK);
    assert.deepEqual(stalled, bytes);
    assert.ok(Date.now() - started >= 900, 'the stalled chunk was waited for');
  });

  test('a chunk the helper failed to read gives undefined (the file is then read plainly)', () => {
    const file = tempFile(bytes);
    assert.equal(readFileShared(file, (read) => { Atomics.store(read.state, 2, 3); }, CHUNK), undefined);
    assert.equal(readFileShared(path.join(path.dirname(file), 'missing.json'), undefined, CHUNK), undefined);
  });

  test('a small file is read without the helper', () => {
    const file = tempFile(bytes.subarray(0, CHUNK + 5));
    let asked = false;
    assert.deepEqual(readFileShared(file, () => { asked = true; }, CHUNK), bytes.subarray(0, CHUNK + 5));
    assert.equal(asked, false);
  });

  test('with the real helper thread (dist/worker/fileRead.js): the bytes of the file', async () => {
    const script = path.join(repoRoot, 'dist', 'worker', 'fileRead.js');
    assert.ok(fs.existsSync(script), 'build first: node esbuild.js');
    const big = Buffer.concat(Array.from({ length: 40 }, () => bytes));
    const file = tempFile(big);
    let helper: Worker | undefined;
    const read = readFileShared(file, (shared) => { helper = new Worker(script, { workerData: { read: shared } }); }, CHUNK);
    assert.ok(helper, 'the helper was started');
    await new Promise((resolve) => helper?.once('exit', resolve));
    assert.deepEqual(read, big);
  });
});
