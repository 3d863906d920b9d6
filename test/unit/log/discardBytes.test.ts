import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { bytesDiscarded, discardBytes } from '../../../src/core/log/discardBytes';
import { loadLogIndexSync } from '../../../src/core/log/logLoader';
import { BufferSampleStore } from '../../../src/core/log/bufferLog';
import { temporaryFolder } from '../temporaryFolder';

const folder = temporaryFolder('eval-lens-discard-');

function logText(count: number): string {
  const samples = Array.from({ length: count }, (_, i) => ({ sample_id: `s${i}`, data: { question: `q${i}` }, scores: [{ scorer_key: 'j', values: { c: i % 2 } }], errors: [] }));
  return JSON.stringify({ format_version: 'v1', status: 'success', specification: { task: { key: 't' } }, evidence: { samples } });
}

describe('giving up a log file\'s bytes once indexed', () => {
  test('a buffer of its own is emptied, and its memory is freed once bytesDiscarded settles', async () => {
    const bytes = Buffer.allocUnsafeSlow(4 * 1024 * 1024).fill(7);
    const before = process.memoryUsage().arrayBuffers;
    discardBytes(bytes);
    assert.equal(bytes.length, 0);
    await bytesDiscarded();
    assert.ok(process.memoryUsage().arrayBuffers <= before - 4 * 1024 * 1024, 'the four megabytes are given back');
  });

  test('a pooled small buffer, which shares its memory with others, is left alone', async () => {
    const small = Buffer.from('shared pool');
    discardBytes(small);
    await bytesDiscarded();
    assert.equal(small.toString(), 'shared pool');
  });

  test('an index loaded with discardBytes is the same, and reads its samples from the file afterwards', async () => {
    const file = folder.put('log.tasklog.json', logText(3000));
    const kept = loadLogIndexSync({ filePath: file });
    const given = loadLogIndexSync({ filePath: file }, { discardBytes: true });
    await bytesDiscarded();
    assert.deepEqual(given.getSummary(), kept.getSummary());
    assert.deepEqual(given.getPage({ offset: 2900, limit: 50 }), kept.getPage({ offset: 2900, limit: 50 }));
    assert.deepEqual(await given.detail(2999), await kept.detail(2999));
    const store = given.sampleSet()?.store;
    assert.ok(store instanceof BufferSampleStore);
    assert.equal(store.starts.length, 3000);
    assert.ok(store.starts instanceof Float64Array && store.ends[2999] > store.starts[2999]);
  });
});
