import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_RESAMPLING_SEED, Xoshiro128StarStar } from '../../../src/core/compare/statistics/seededRandom';
import { pairedBootstrapInterval, signFlipPermutationTest, sortedQuantile } from '../../../src/core/compare/statistics/resamplingTests';

// Differences of R's `sleep` data (group 2 − group 1), as doubles: python3 -c "import numpy as np; print(list(np.array([1.9,0.8,1.1,0.1,-0.1,4.4,5.5,1.6,4.6,3.4])-np.array([0.7,-1.6,-0.2,-1.2,-0.1,3.4,3.7,0.8,0.0,2.0])))"
const sleepDifferences = Float64Array.from([1.2, 2.4000000000000004, 1.3, 1.3, 0.0, 1.0000000000000004, 1.7999999999999998, 0.8, 4.6, 1.4]);

describe('the seeded generator', () => {
  test('splitmix32-seeded xoshiro128** matches an independent Python implementation', () => {
    // /tmp-free: the Python reference implements splitmix32 (add 0x9e3779b9; t ^= t>>16; t *= 0x21f0aaad; t ^= t>>15;
    // t *= 0x735a2d97; t ^= t>>15, all mod 2^32) and xoshiro128** (rotl(s1·5, 7)·9) and prints the first outputs.
    const random = new Xoshiro128StarStar(DEFAULT_RESAMPLING_SEED);
    assert.deepEqual(Array.from({ length: 5 }, () => random.nextUint32()), [1766195021, 1178167300, 3272957068, 2413441904, 2114937844]);
    const one = new Xoshiro128StarStar(1);
    assert.deepEqual(Array.from({ length: 3 }, () => one.nextUint32()), [393288148, 2174103013, 3814759091]);
  });

  test('indices are uniform enough and in range', () => {
    const random = new Xoshiro128StarStar(7);
    const counts = new Uint32Array(10);
    for (let i = 0; i < 100_000; i++) counts[random.nextIndex(10)]++;
    for (const c of counts) assert.ok(Math.abs(c - 10_000) < 500, `count ${c}`);
  });
});

describe('the paired bootstrap interval', () => {
  test('the sleep data against the same resampling written in Python and NumPy', () => {
    // The Python generator above, d[(next()·n) >> 32] for 10 draws per resample, 10,000 resamples, then
    // np.quantile(means, [0.025, 0.975]) (linear): 0.95 and 2.3899999999999997. SciPy's own percentile bootstrap
    // (stats.bootstrap, 100,000 resamples, other random draws) gives 0.95 and 2.38.
    const interval = pairedBootstrapInterval(sleepDifferences);
    assert.ok(interval);
    assert.equal(interval.seed, DEFAULT_RESAMPLING_SEED);
    assert.equal(interval.resamples, 10_000);
    assert.ok(Math.abs(interval.low - 0.95) < 1e-12, String(interval.low));
    assert.ok(Math.abs(interval.high - 2.3899999999999997) < 1e-12, String(interval.high));
  });

  test('the same seed gives the same interval; another seed another one, near it', () => {
    const d = Float64Array.from({ length: 300 }, (_, i) => Math.sin(i) + 0.1);
    const a = pairedBootstrapInterval(d, { seed: 11 });
    const b = pairedBootstrapInterval(d, { seed: 11 });
    const c = pairedBootstrapInterval(d, { seed: 12 });
    assert.deepEqual(a, b);
    assert.ok(a && c && (a.low !== c.low || a.high !== c.high));
    assert.ok(a && c && Math.abs(a.low - c.low) < 0.02 && Math.abs(a.high - c.high) < 0.02);
  });

  test('agrees with a plain implementation drawing from the same generator', () => {
    const d = Float64Array.from({ length: 57 }, (_, i) => ((i * 37) % 11) / 10 - 0.3);
    const random = new Xoshiro128StarStar(5);
    const means: number[] = [];
    for (let r = 0; r < 2000; r++) {
      let sum = 0;
      for (let i = 0; i < d.length; i++) sum += d[Math.floor((random.nextUint32() * d.length) / 2 ** 32)];
      means.push(sum / d.length);
    }
    means.sort((x, y) => x - y);
    const interval = pairedBootstrapInterval(d, { seed: 5, resamples: 2000 });
    assert.equal(interval?.low, sortedQuantile(means, 0.025));
    assert.equal(interval?.high, sortedQuantile(means, 0.975));
    const mean = d.reduce((s, v) => s + v, 0) / d.length;
    assert.ok(interval && interval.low < mean && mean < interval.high);
  });

  test('stops when cancelled, and needs two differences', () => {
    assert.equal(pairedBootstrapInterval(sleepDifferences, { signal: { aborted: true } }), null);
    assert.equal(pairedBootstrapInterval(Float64Array.from([1])), null);
  });
});

describe('the sign-flip permutation test', () => {
  // stats.permutation_test((d, np.zeros(n)), lambda a, b, axis: np.mean(a - b, axis=axis), permutation_type='samples',
  // vectorized=True, n_resamples=np.inf, alternative='two-sided').pvalue with SciPy 1.17.
  test('exact p-values against SciPy permutation_test', () => {
    const sleep = signFlipPermutationTest(sleepDifferences);
    assert.deepEqual(sleep, { exact: true, patterns: 1024, p: 0.00390625 });
    const twenty = Float64Array.from([0.5, -0.25, 1.5, 0.75, -1.0, 2.0, 0.25, 1.25, -0.5, 0.75, 1.0, 0.5, -0.75, 1.75, 0.0, 0.25, 1.5, -0.25, 0.5, 1.0]);
    assert.equal(signFlipPermutationTest(twenty)?.p, 0.012714385986328125);
    // Ties with the observed sum count as extreme: d = [1, −1, 2, 1, 1, −2, 1] → 0.59375.
    assert.equal(signFlipPermutationTest(Float64Array.from([1, -1, 2, 1, 1, -2, 1]))?.p, 0.59375);
    assert.equal(signFlipPermutationTest(Float64Array.from([1, -1]))?.p, 1);
  });

  test('random patterns above 20 pairs, seeded, near SciPy with 400,000 resamples', () => {
    // rng = np.random.default_rng(7); d = np.round(rng.normal(0.3, 1.0, 40), 3); permutation_test(..., n_resamples=400000,
    // random_state=np.random.default_rng(3)).pvalue = 0.4702638243404392 (Monte Carlo SE of 10,000 patterns ≈ 0.005).
    const d = Float64Array.from([0.301, 0.599, 0.026, -0.591, -0.155, -0.692, 0.36, 1.64, -0.192, -0.32, 0.79, 0.657, 0.405, -0.63, 0.271, 0.995, -1.044, -0.158, -1.601, -0.99, -1.542, 0.065, -0.967, 0.571, 0.457, 0.113, -2.217, -0.239, 0.251, 0.413, -1.23, -0.178, -0.679, -0.509, 1.361, -0.508, 0.267, 1.184, -0.284, 0.188]);
    const test1 = signFlipPermutationTest(d);
    assert.ok(test1 && !test1.exact && test1.patterns === 10_000 && test1.seed === DEFAULT_RESAMPLING_SEED);
    assert.ok(Math.abs(test1.p - 0.4702638243404392) < 0.02, String(test1.p));
    assert.deepEqual(signFlipPermutationTest(d), test1);
    assert.equal(signFlipPermutationTest(d, { signal: { aborted: true } }), null);
    // Far from zero every random pattern is less extreme: p = 1/(10,000 + 1).
    const shifted = Float64Array.from(d, (v) => v + 3);
    assert.equal(signFlipPermutationTest(shifted)?.p, 1 / 10_001);
  });
});
