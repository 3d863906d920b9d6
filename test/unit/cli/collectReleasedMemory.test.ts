import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { collectReleasedMemory } from '../../../src/core/engine/collectReleasedMemory';

/**
 * Allocates `bytes`, gives the array-buffer memory counted while the buffer is held, and drops it on return (in a
 * frame of its own, so nothing in the test's frame still refers to it).
 */
function measureWhileHeld(bytes: number): number {
  const buffer = Buffer.alloc(bytes, 1);
  const counted = process.memoryUsage().arrayBuffers;
  return buffer[bytes - 1] === 1 ? counted : -1;
}

describe('collectReleasedMemory', () => {
  test('returns the bytes of a buffer nothing references any more', async () => {
    const size = 64 * 1024 * 1024;
    collectReleasedMemory();
    const before = process.memoryUsage().arrayBuffers;
    assert.ok(measureWhileHeld(size) >= size, 'the buffer is counted while it is held');
    collectReleasedMemory();
    // V8 frees a collected buffer's bytes on a background task: on a loaded machine the count drops a moment later.
    for (let wait = 0; wait < 10 && process.memoryUsage().arrayBuffers - before >= size / 4; wait++) await new Promise((resolve) => setTimeout(resolve, 20));
    const after = process.memoryUsage().arrayBuffers;
    assert.ok(after - before < size / 4, `released: ${after - before} bytes above the start`);
  });

  test('can be called again', () => {
    assert.doesNotThrow(() => { collectReleasedMemory(); collectReleasedMemory(); });
  });
});
