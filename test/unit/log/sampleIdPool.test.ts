import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { SampleIdPool } from '../../../src/core/log/sampleIdPool';

describe('the sample id pool', () => {
  test('every id comes back as it was given, number or text, one by one or all at once, across chunks', () => {
    const shapes: (string | number)[] = [0, -0, 7, -42, 123456789012345, 1234567890123456, 2 ** 53 + 2, 1e21, 1.5, -1.5e-7, Number.MAX_VALUE, '12', '007', '-', '', 'id-3', 'ünï'];
    const ids = Array.from({ length: 9000 }, (_, i) => shapes[i % shapes.length] ?? i);
    ids.push(...Array.from({ length: 300 }, (_, i) => i * 37 - 5000));
    const pool = new SampleIdPool(16);
    for (const id of ids) pool.push(id);
    assert.equal(pool.count, ids.length);
    for (let i = 0; i < ids.length; i++) {
      const back = pool.idAt(i);
      assert.equal(typeof back, typeof ids[i], `id ${i}: ${String(ids[i])}`);
      assert.ok(Object.is(back, ids[i]), `id ${i}: ${String(back)} ≠ ${String(ids[i])}`);
      assert.equal(pool.textAt(i), String(ids[i]));
    }
    const all = pool.allIds();
    assert.equal(all.length, ids.length);
    for (let i = 0; i < ids.length; i++) assert.ok(Object.is(all[i], ids[i]), `all ids, ${i}: ${String(all[i])} ≠ ${String(ids[i])}`);
  });
});
