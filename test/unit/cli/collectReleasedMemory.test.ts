import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { collectReleasedMemory } from '../../../src/cli/collectReleasedMemory';

function holdAndDrop(bytes: number): number {
  const buf = Buffer.alloc(bytes, 1);
  return buf[bytes - 1];
}

describe('collectReleasedMemory', () => {
  test('returns the bytes of a buffer nothing references any more', () => {
    const size = 64 * 1024 * 1024;
    collectReleasedMemory();
    const before = process.memoryUsage().arrayBuffers;
    assert.equal(holdAndDrop(size), 1);
    assert.ok(process.memoryUsage().arrayBuffers - before >= size, 'the buffer is still counted before a collection');
    collectReleasedMemory();
    const after = process.memoryUsage().arrayBuffers;
    assert.ok(after - before < size / 4, `released: ${after - before} bytes above the start`);
  });

  test('can be called again', () => {
    assert.doesNotThrow(() => { collectReleasedMemory(); collectReleasedMemory(); });
  });
});
