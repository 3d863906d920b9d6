/** Comparing two logs' hashes of their samples' data (dataFingerprints.ts). */
import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import { HASH_BYTES, markSameFingerprints } from '../../../src/core/compare/dataFingerprints';
import { seededRandom } from '../randomInput';

const CODES = { unknown: 0, same: 1, changed: 2 };

/** `count` hashes of `width` bytes, placed `offset` bytes into a larger buffer (so that they may not fit words). */
function hashes(random: () => number, count: number, width: number, offset: number): { count: number; width: number; bytes: Uint8Array } {
  const buffer = new Uint8Array(offset + count * width + 3);
  for (let k = 0; k < buffer.length; k++) buffer[k] = Math.floor(random() * 256);
  return { count, width, bytes: buffer.subarray(offset, offset + count * width) };
}

test('two hashes are the same exactly when every byte is, whether read as words or as bytes', () => {
  const random = seededRandom(7);
  const n = 40;
  // Every sample of one log against every sample of the other.
  const aAt = Int32Array.from({ length: n * n }, (_, k) => Math.floor(k / n));
  const bAt = Int32Array.from({ length: n * n }, (_, k) => k % n);
  for (const width of [HASH_BYTES, 20, 6]) {
    for (const offsetA of [0, 1, 4]) {
      for (const offsetB of [0, 3]) {
        const a = hashes(random, n, width, offsetA);
        const b = hashes(random, n, width, offsetB);
        // Sample j of b copies sample j of a, then differs in one byte for odd j (each byte position in turn).
        for (let j = 0; j < n; j++) {
          b.bytes.set(a.bytes.subarray(j * width, (j + 1) * width), j * width);
          if (j % 2 === 1) b.bytes[j * width + (j % width)] ^= 1 << (j % 8);
        }
        const marks = new Uint8Array(n * n);
        markSameFingerprints(a, aAt, b, bAt, marks, CODES);
        for (let k = 0; k < n * n; k++) {
          const [i, j] = [aAt[k], bAt[k]];
          const same = a.bytes.subarray(i * width, (i + 1) * width).every((byte, u) => byte === b.bytes[j * width + u]);
          assert.equal(marks[k], same ? CODES.same : CODES.changed, `width ${width}, offsets ${offsetA}/${offsetB}, ${i} against ${j}`);
        }
        for (let j = 0; j < n; j++) assert.equal(marks[j * n + j], j % 2 === 0 ? CODES.same : CODES.changed);
      }
    }
  }
});

test('a pair already marked is left as it is; hashes of different widths are never the same', () => {
  const random = seededRandom(3);
  const a = hashes(random, 2, 8, 0);
  const marks = Uint8Array.of(CODES.changed, CODES.unknown);
  markSameFingerprints(a, Int32Array.of(0, 1), a, Int32Array.of(0, 1), marks, CODES);
  assert.deepEqual([...marks], [CODES.changed, CODES.same]);
  const wide = { count: 1, width: 16, bytes: a.bytes.slice() };
  const other = Uint8Array.of(CODES.unknown);
  markSameFingerprints(a, Int32Array.of(0), wide, Int32Array.of(0), other, CODES);
  assert.deepEqual([...other], [CODES.changed]);
});
