import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { SignTables } from '../../../src/core/compare/statistics/signTables';
import { Xoshiro128StarStar } from '../../../src/core/compare/statistics/seededRandom';

describe('random sign patterns by table look-up', () => {
  test('each pattern is the sum of ±d_i with the sign of difference i from bit i of the outputs, as drawn one by one', () => {
    for (const n of [1, 4, 31, 32, 33, 70]) {
      const d = Float64Array.from({ length: n }, (_, i) => Math.sin(i + 1) * 3);
      const tables = new SignTables(d);
      const a = new Xoshiro128StarStar(11);
      const b = new Xoshiro128StarStar(11);
      for (let r = 0; r < 50; r++) {
        const fast = tables.signedSum(a);
        let plain = 0;
        for (let start = 0; start < n; start += 32) {
          let bits = b.nextUint32();
          for (let i = start; i < Math.min(n, start + 32); i++) {
            plain += bits & 1 ? d[i] : -d[i];
            bits >>>= 1;
          }
        }
        assert.ok(Math.abs(fast - plain) <= 1e-12 * n, `n ${n}: ${fast} ≠ ${plain}`);
      }
    }
  });
});
