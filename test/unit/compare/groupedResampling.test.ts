import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { binomialChance, BinomialSampler } from '../../../src/core/compare/statistics/binomialDraws';
import { Xoshiro128StarStar } from '../../../src/core/compare/statistics/seededRandom';
import { pairedBootstrapInterval, signFlipPermutationTest } from '../../../src/core/compare/statistics/resamplingTests';

/** C(n, k) pᵏ(1 − p)ⁿ⁻ᵏ by products (small n only). */
function binomialPmf(n: number, k: number, p: number): number {
  let c = 1;
  for (let i = 0; i < k; i++) c = (c * (n - i)) / (i + 1);
  return c * p ** k * (1 - p) ** (n - k);
}

function draws(trials: number, p: number, count: number, seed: number): Float64Array {
  const sampler = new BinomialSampler(trials, new Xoshiro128StarStar(seed));
  const chance = binomialChance(p);
  const flipped = binomialChance(1 - p);
  return Float64Array.from({ length: count }, () => sampler.draw(trials, chance, flipped));
}

describe('exact binomial draws', () => {
  test('frequencies of Binomial(10, 0.5) and Binomial(12, 0.8) match the probabilities (chi-square)', () => {
    for (const [n, p] of [[10, 0.5], [12, 0.8], [60, 0.3]] as const) {
      const sample = draws(n, p, 200_000, 3);
      const observed = new Float64Array(n + 1);
      for (const k of sample) observed[k]++;
      let chiSquare = 0;
      let cells = 0;
      for (let k = 0; k <= n; k++) {
        const expected = binomialPmf(n, k, p) * sample.length;
        if (expected < 5) continue;
        chiSquare += (observed[k] - expected) ** 2 / expected;
        cells++;
      }
      // The 99.9% point of chi-square with ≤ 40 degrees of freedom is below 74 (scipy.stats.chi2.ppf(0.999, 40) = 73.4).
      assert.ok(chiSquare < 74, `n ${n}, p ${p}: chi-square ${chiSquare} over ${cells} cells`);
    }
  });

  test('mean and variance of large binomials (inversion from the mode)', () => {
    for (const [n, p] of [[20_000, 0.3], [5_000, 0.004], [20_000, 0.97]] as const) {
      const sample = draws(n, p, 20_000, 9);
      const mean = sample.reduce((s, v) => s + v, 0) / sample.length;
      const variance = sample.reduce((s, v) => s + (v - mean) ** 2, 0) / (sample.length - 1);
      const sd = Math.sqrt(n * p * (1 - p));
      assert.ok(Math.abs(mean - n * p) < 5 * sd / Math.sqrt(sample.length), `mean ${mean} for ${n}·${p}`);
      assert.ok(Math.abs(variance / (sd * sd) - 1) < 0.06, `variance ${variance} vs ${sd * sd}`);
      assert.ok(sample.every((k) => Number.isInteger(k) && k >= 0 && k <= n));
    }
  });
});

describe('resampling by value when the differences take few values', () => {
  // 200 differences in {−1, −0.5, 0, 0.5, 1}: python3 -c "import numpy as np; d=np.array([[-1,-0.5,0,0.5,1][(i*7)%5] for i in range(200)],float); d[:23]=0.5; ..."
  const d = Float64Array.from({ length: 200 }, (_, i) => (i < 23 ? 0.5 : [-1, -0.5, 0, 0.5, 1][(i * 7) % 5]));

  test('the permutation p-value is near SciPy permutation_test with 400,000 resamples', () => {
    // stats.permutation_test((d, np.zeros(200)), mean of differences, permutation_type='samples', n_resamples=400000,
    // random_state=np.random.default_rng(3)).pvalue = 0.25461436346409133; Monte Carlo SE of 10,000 patterns ≈ 0.0044.
    const result = signFlipPermutationTest(d);
    assert.ok(result && !result.exact);
    assert.ok(Math.abs(result.p - 0.25461436346409133) < 0.018, String(result.p));
  });

  test('the bootstrap interval is near SciPy\'s percentile bootstrap and near the draw-every-value one', () => {
    // stats.bootstrap((d,), np.mean, n_resamples=200000, method='percentile', random_state=np.random.default_rng(1)):
    // [−0.0375, 0.1525] (the resample means lie on a grid of 1/400).
    const grouped = pairedBootstrapInterval(d);
    assert.ok(grouped);
    assert.ok(Math.abs(grouped.low + 0.0375) <= 0.0076 && Math.abs(grouped.high - 0.1525) <= 0.0076, `${grouped.low} ${grouped.high}`);
    // The same data with every value distinct by 1e-9 is resampled value by value.
    const spread = Float64Array.from(d, (v, i) => v + i * 1e-12);
    const direct = pairedBootstrapInterval(spread);
    assert.ok(direct && Math.abs(direct.low - grouped.low) <= 0.0076 && Math.abs(direct.high - grouped.high) <= 0.0076);
    assert.deepEqual(pairedBootstrapInterval(d), grouped, 'seeded: the same again');
  });
});
