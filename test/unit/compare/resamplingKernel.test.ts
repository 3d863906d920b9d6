import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ResamplingKernel } from '../../../src/core/compare/statistics/resamplingKernel';
import { SignTables } from '../../../src/core/compare/statistics/signTables';
import { Xoshiro128StarStar } from '../../../src/core/compare/statistics/seededRandom';

/** Differences with as many distinct values as there are of them (the case resampled one by one). */
function spread(n: number): Float64Array {
  return Float64Array.from({ length: n }, (_, i) => Math.sin(i * 1.7 + 0.3) * 0.9 + (i % 7) * 1e-3);
}

/** 150 sums from position 5 (two full calls of the kernel and a part), and the generator after them. */
function fromKernel(fill: (into: Float64Array, from: number, to: number, random: Xoshiro128StarStar) => void, seed: number): { sums: Float64Array; random: Xoshiro128StarStar } {
  const sums = new Float64Array(160);
  const random = new Xoshiro128StarStar(seed);
  fill(sums, 5, 155, random);
  return { sums, random };
}

describe('the resampling kernel', () => {
  test('bootstrap sums are those of drawing one by one, to the bit, and the generator goes on from the same state', () => {
    for (const n of [2, 3, 97, 1000, 20001]) {
      const d = spread(n);
      const kernel = ResamplingKernel.holding(d);
      assert.ok(kernel, 'WebAssembly is there in Node');
      const { sums, random } = fromKernel((...args) => kernel.drawSumsInto(...args), 20211 + n);
      const oneByOne = new Xoshiro128StarStar(20211 + n);
      for (let r = 5; r < 155; r++) assert.ok(Object.is(sums[r], oneByOne.sumOfDraws(d)), `n ${n}, resample ${r}`);
      assert.equal(sums[0], 0, 'nothing written before `from`');
      assert.equal(sums[155], 0, 'nothing written from `to`');
      assert.equal(random.nextUint32(), oneByOne.nextUint32(), `n ${n}: the generators stand at the same place`);
    }
  });

  test('a bootstrap draw can be the last value and never one past it', () => {
    // With two values, about half the draws take the second: a kernel that read past the end would add zeros.
    const kernel = ResamplingKernel.holding(Float64Array.of(1, 1000));
    assert.ok(kernel);
    const sums = new Float64Array(64);
    kernel.drawSumsInto(sums, 0, 64, new Xoshiro128StarStar(3));
    for (const sum of sums) assert.ok([2, 1001, 2000].includes(sum), `sum ${sum}`);
    assert.ok(sums.includes(2000) && sums.includes(2), 'both values are drawn');
  });

  test('sign-pattern sums are those of the sign tables, to the bit, and the generator goes on from the same state', () => {
    for (const n of [1, 31, 32, 33, 1000, 20001]) {
      const tables = new SignTables(spread(n));
      const kernel = ResamplingKernel.holding(tables.sums);
      assert.ok(kernel);
      const { sums, random } = fromKernel((...args) => kernel.signedSumsInto(...args), 7 + n);
      const oneByOne = new Xoshiro128StarStar(7 + n);
      for (let r = 5; r < 155; r++) assert.ok(Object.is(sums[r], tables.signedSum(oneByOne)), `n ${n}, pattern ${r}`);
      assert.equal(random.nextUint32(), oneByOne.nextUint32(), `n ${n}: the generators stand at the same place`);
    }
  });

  test('every one of the 16 sign combinations of each group is picked', () => {
    // One difference per group of four set to a power of two in its own position: a pattern's sum tells which
    // table entries were picked, and over many patterns every entry of every group appears.
    const d = Float64Array.from({ length: 32 }, (_, i) => 2 ** i);
    const tables = new SignTables(d);
    const kernel = ResamplingKernel.holding(tables.sums);
    assert.ok(kernel);
    const sums = new Float64Array(2000);
    kernel.signedSumsInto(sums, 0, 2000, new Xoshiro128StarStar(9));
    const seen = Array.from({ length: 8 }, () => new Set<number>());
    for (const sum of sums) {
      // sum = Σ ±2^i: bit i of (sum + Σ 2^i) / 2 is set where difference i was taken with +.
      const plus = (sum + (2 ** 32 - 1)) / 2;
      for (let g = 0; g < 8; g++) seen[g].add(Math.floor(plus / 2 ** (4 * g)) % 16);
    }
    for (let g = 0; g < 8; g++) assert.equal(seen[g].size, 16, `group ${g}`);
  });
});
