import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { collectReleasedMemory } from '../../../src/cli/collectReleasedMemory';

describe('collectReleasedMemory', () => {
  test('returns the bytes of a buffer nothing references any more', () => {
    const size = 64 * 1024 * 1024;
    collectReleasedMemory();
    const before = process.memoryUsage().arrayBuffers;
    // Held while it is measured (a collection in between cannot free it), then dropped.
    const holder: { buffer?: Buffer } = { buffer: Buffer.alloc(size, 1) };
    assert.ok(process.memoryUsage().arrayBuffers - before >= size, 'the buffer is counted while it is held');
    assert.equal(holder.buffer?.[size - 1], 1);
    delete holder.buffer;
    collectReleasedMemory();
    const after = process.memoryUsage().arrayBuffers;
    assert.ok(after - before < size / 4, `released: ${after - before} bytes above the start`);
  });

  test('can be called again', () => {
    assert.doesNotThrow(() => { collectReleasedMemory(); collectReleasedMemory(); });
  });
});
