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

  test('all ids lower-cased: text ids as toLowerCase gives them, in chunks of ASCII and of other text alike', () => {
    // 'İ' lower-cases to two characters: a chunk holding it cannot be lower-cased whole.
    const shapes: (string | number)[] = ['ABC-1', 'Mixed_Case', 'x', '', 7, -0, 'İstanbul', 'ÉTÉ', 'ß', 'Q'];
    for (const withOther of [false, true]) {
      const ids = Array.from({ length: 9000 }, (_, i) => (i % 5 === 0 ? i : `Sample-${i}-${String.fromCharCode(65 + (i % 26))}`));
      if (withOther) for (let i = 0; i < ids.length; i += 97) ids[i] = shapes[(i / 97) % shapes.length];
      const pool = new SampleIdPool(16);
      for (const id of ids) pool.push(id);
      const lowered = pool.allIds(true);
      assert.equal(lowered.length, ids.length);
      for (let i = 0; i < ids.length; i++) {
        const id = ids[i];
        const expected = typeof id === 'string' ? id.toLowerCase() : id;
        assert.ok(Object.is(lowered[i], expected), `${withOther ? 'with other text' : 'ASCII'}, id ${i}: ${String(lowered[i])} ≠ ${String(expected)}`);
      }
    }
  });
});
