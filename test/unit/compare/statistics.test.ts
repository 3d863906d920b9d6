import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { incompleteBeta, logGamma } from '../../../src/core/compare/statistics/specialFunctions';
import { studentCdf, studentQuantile, studentTwoSidedP } from '../../../src/core/compare/statistics/studentT';
import { binomialCdf, fisherExactP, holmAdjust, mcnemarExactP } from '../../../src/core/compare/statistics/exactTests';
import { correlation, welchDf } from '../../../src/core/compare/statistics/descriptive';
import { clusteredDifference, pairedDifference, unpairedDifference } from '../../../src/core/compare/statistics/differenceTests';

/** Equal to at least `digits` significant digits. */
function close(actual: number | null | undefined, expected: number, digits = 7): void {
  assert.ok(typeof actual === 'number', `expected a number, got ${String(actual)}`);
  const scale = Math.max(Math.abs(expected), 1e-300);
  assert.ok(Math.abs(actual - expected) / scale < 0.5 * 10 ** (1 - digits), `${actual} ≠ ${expected} to ${digits} significant digits`);
}

// R's `sleep` data (Cushny and Peebles): extra hours of sleep with two drugs, ten patients.
const sleepGroup1 = [0.7, -1.6, -0.2, -1.2, -0.1, 3.4, 3.7, 0.8, 0.0, 2.0];
const sleepGroup2 = [1.9, 0.8, 1.1, 0.1, -0.1, 4.4, 5.5, 1.6, 4.6, 3.4];

describe('special functions', () => {
  test('log-gamma at factorials and at ½', () => {
    assert.ok(Math.abs(logGamma(1)) < 1e-14);
    close(logGamma(11), Math.log(3628800), 13);
    close(logGamma(0.5), Math.log(Math.sqrt(Math.PI)), 13);
    close(logGamma(101), 363.73937555556347, 12); // ln(100!)
  });

  test('the regularized incomplete beta against closed forms', () => {
    // I_x(a, b) for integers is P(Binomial(a + b − 1, x) ≥ a): I_0.3(2, 3) = 1 − 0.7⁴ − 4·0.3·0.7³ = 0.3483.
    close(incompleteBeta(0.3, 2, 3), 0.3483, 12);
    close(incompleteBeta(0.2, 1, 5), 1 - 0.8 ** 5, 12);
    close(incompleteBeta(0.6, 4, 1), 0.6 ** 4, 12);
    close(incompleteBeta(0.5, 7.5, 7.5), 0.5, 12);
    // I_x(½, ½) = (2/π) asin √x.
    close(incompleteBeta(0.1, 0.5, 0.5), (2 / Math.PI) * Math.asin(Math.sqrt(0.1)), 12);
    assert.equal(incompleteBeta(0, 2, 3), 0);
    assert.equal(incompleteBeta(1, 2, 3), 1);
  });
});

describe('Student t', () => {
  test('quantiles of printed t tables (R qt to 10 digits)', () => {
    close(studentQuantile(0.975, 10), 2.228138851986, 12);
    close(studentQuantile(0.975, 20), 2.085963447265837, 10);
    close(studentQuantile(0.95, 20), 1.724718242920787, 10);
    close(studentQuantile(0.975, 30), 2.042272456301238, 10);
    close(studentQuantile(0.975, 100), 1.983971518523552, 10);
    close(studentQuantile(0.975, 9), 2.262157162740991, 10);
    close(studentQuantile(0.025, 9), -2.262157162740991, 10);
  });

  test('quantiles and distribution functions with closed forms (1 and 2 degrees of freedom)', () => {
    close(studentQuantile(0.975, 1), Math.tan(0.475 * Math.PI), 12);
    close(studentCdf(1, 1), 0.75, 12);
    // df = 2: F(t) = ½ + t / (2√(t² + 2)).
    for (const t of [-3, 0.5, 4.2]) close(studentCdf(t, 2), 0.5 + t / (2 * Math.sqrt(t * t + 2)), 12);
    const p = 0.99;
    close(studentQuantile(p, 2), (2 * p - 1) / Math.sqrt(2 * p * (1 - p)), 12);
  });

  test('two-sided p keeps its precision far in the tail', () => {
    // df = 1: P(|T| ≥ t) = 1 − (2/π) atan t = (2/π) atan(1/t).
    close(studentTwoSidedP(1e6, 1), (2 / Math.PI) * Math.atan(1e-6), 10);
    assert.equal(studentTwoSidedP(0, 5), 1);
  });
});

describe('exact tests', () => {
  test("Fisher's exact test: R's tea-tasting example, p = 0.4857 (34/70 exactly)", () => {
    close(fisherExactP(3, 1, 1, 3), 34 / 70, 12);
    close(fisherExactP(3, 1, 1, 3), 0.4857, 4);
  });

  test("Fisher's exact test: R's Convictions example, two-sided p = 0.0005367", () => {
    // matrix(c(2, 10, 15, 3), nrow = 2): rows dizygotic / monozygotic, columns convicted / not.
    close(fisherExactP(2, 15, 10, 3), 0.0005367, 4);
    // The exact value: sum of hypergeometric probabilities of the tables as extreme (computed with BigInt).
    close(fisherExactP(2, 15, 10, 3), exactFisher(2, 15, 10, 3), 12);
    close(fisherExactP(2, 2, 2, 2), 1, 12);
  });

  test("McNemar's exact test is the two-sided binomial test on the discordant pairs", () => {
    close(mcnemarExactP(2, 8), 112 / 1024, 12);
    close(mcnemarExactP(8, 2), 112 / 1024, 12);
    close(mcnemarExactP(0, 20), 2 / 2 ** 20, 12);
    assert.equal(mcnemarExactP(5, 5), 1);
    assert.equal(mcnemarExactP(0, 0), 1);
    close(binomialCdf(3, 10, 0.5), 176 / 1024, 12);
  });

  test("Holm's adjustment as R's p.adjust(method = 'holm')", () => {
    const adjusted = holmAdjust([0.01, 0.02, 0.03, 0.04, 0.05]);
    [0.05, 0.08, 0.09, 0.09, 0.09].forEach((expected, i) => close(adjusted[i], expected, 12));
    const unordered = holmAdjust([0.04, null, 0.001, 0.5]);
    assert.equal(unordered[1], null);
    close(unordered[2], 0.003, 12);
    close(unordered[0], 0.08, 12);
    close(unordered[3], 0.5, 12);
    assert.equal(holmAdjust([0.6, 0.7])[0], 1);
  });
});

describe('difference estimates', () => {
  test("paired t-test on R's sleep data: t = −4.0621, df = 9, p = 0.002833, 95% CI −2.4598858 to −0.7001142", () => {
    const d = sleepGroup1.map((a, i) => a - sleepGroup2[i]);
    const result = pairedDifference(d);
    close(result.delta, -1.58, 12);
    close(result.t, -4.062127683382, 10);
    assert.equal(result.df, 9);
    close(result.p, 0.002832890, 7);
    close(result.ciLow, -2.4598858, 8);
    close(result.ciHigh, -0.7001142, 7);
    close(result.mde, (2.262157162740991 + 0.8416) * (result.se as number), 10);
    close(correlation(sleepGroup1, sleepGroup2), 0.7951702, 7);
  });

  test("Welch's test on R's sleep data: t = −1.8608, df = 17.776, p = 0.07939, CI −3.3654832 to 0.2054832", () => {
    const result = unpairedDifference(sleepGroup2, sleepGroup1);
    assert.equal(result.method, 'unpaired');
    close(result.delta, -1.58, 12);
    close(result.df, 17.77647, 7);
    close(result.t, -1.860813, 7);
    close(result.p, 0.07939414, 7);
    close(result.ciLow, -3.3654832, 8);
    close(result.ciHigh, 0.2054832, 7);
    close(welchDf(1, 5, 1, 5), 8, 12);
  });

  test('clustered SE follows the formula of docs/semantics.md §10 with C − 1 degrees of freedom', () => {
    const d = [1, 2, 3, 4, 5, 6];
    const clusters = ['x', 'x', 'y', 'y', 'z', 'z'];
    const result = clusteredDifference(d, clusters);
    // d̄ = 3.5; cluster sums of residuals: −4, 0, 4 → SE = √(3/2 · 32) / 6 = √48 / 6.
    close(result.se, Math.sqrt(48) / 6, 12);
    assert.equal(result.df, 2);
    assert.equal(result.clusters, 3);
    close(result.ciHigh, 3.5 + 4.302652729749464 * (Math.sqrt(48) / 6), 10);
    // One cluster per sample is close to the paired SE (factor n/(n − 1) inside the root).
    const single = clusteredDifference(d, d.map(String));
    close(single.se, pairedDifference(d).se as number, 12);
    assert.equal(clusteredDifference(d, d.map(() => 'one')).p, null);
  });

  test('constant differences: zero gives p = 1, non-zero p = 0; too few values give no test', () => {
    assert.equal(pairedDifference([0, 0, 0]).p, 1);
    assert.equal(pairedDifference([1, 1, 1]).p, 0);
    assert.equal(pairedDifference([0.5]).p, null);
    assert.equal(pairedDifference([]).se, null);
  });
});

/** Fisher's two-sided p from exact rational hypergeometric probabilities. */
function exactFisher(a: number, b: number, c: number, d: number): number {
  const fact = (n: number): bigint => (n <= 1 ? 1n : BigInt(n) * fact(n - 1));
  const choose = (n: number, k: number): bigint => fact(n) / (fact(k) * fact(n - k));
  const row1 = a + b;
  const row2 = c + d;
  const col1 = a + c;
  const weight = (x: number): bigint => choose(row1, x) * choose(row2, col1 - x);
  const observed = weight(a);
  let sum = 0n;
  for (let x = Math.max(0, col1 - row2); x <= Math.min(row1, col1); x++) if (weight(x) <= observed) sum += weight(x);
  return Number((sum * 10n ** 18n) / choose(row1 + row2, col1)) / 1e18;
}
