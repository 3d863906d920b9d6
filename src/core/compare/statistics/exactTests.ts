import { logFactorial } from './specialFunctions';

/** R's relative tolerance for "as or less likely than the observed table". */
const RELATIVE_ERROR = 1 + 1e-7;

function logChoose(n: number, k: number): number {
  return logFactorial(n) - logFactorial(k) - logFactorial(n - k);
}

/** P(X = k) for X ~ Binomial(n, p). */
export function binomialPmf(k: number, n: number, p: number): number {
  if (k < 0 || k > n || !Number.isInteger(k)) return 0;
  if (p === 0) return k === 0 ? 1 : 0;
  if (p === 1) return k === n ? 1 : 0;
  return Math.exp(logChoose(n, k) + k * Math.log(p) + (n - k) * Math.log1p(-p));
}

/** P(X ≤ k) for X ~ Binomial(n, p), summed exactly term by term. */
export function binomialCdf(k: number, n: number, p: number): number {
  if (k < 0) return 0;
  if (k >= n) return 1;
  let sum = 0;
  for (let i = 0; i <= k; i++) sum += binomialPmf(i, n, p);
  return Math.min(1, sum);
}

/**
 * McNemar's exact two-sided test on the discordant pairs: `onlyA` pairs where only the first passes,
 * `onlyB` where only the second does. Under the null each is Binomial(onlyA + onlyB, ½), as R's
 * `binom.test(onlyA, onlyA + onlyB)`.
 */
export function mcnemarExactP(onlyA: number, onlyB: number): number {
  const n = onlyA + onlyB;
  if (n === 0) return 1;
  return Math.min(1, 2 * binomialCdf(Math.min(onlyA, onlyB), n, 0.5));
}

/**
 * Fisher's exact two-sided test on the 2×2 table [[a, b], [c, d]] (rows: groups, columns: pass/fail), as
 * R's `fisher.test`: the sum of the probabilities of every table with the same margins that is no more
 * likely than the observed one.
 */
export function fisherExactP(a: number, b: number, c: number, d: number): number {
  const row1 = a + b;
  const row2 = c + d;
  const col1 = a + c;
  const n = row1 + row2;
  if (n === 0) return 1;
  const logDenominator = logChoose(n, col1);
  const logP = (x: number): number => logChoose(row1, x) + logChoose(row2, col1 - x) - logDenominator;
  const observed = logP(a);
  const threshold = Math.exp(observed) * RELATIVE_ERROR;
  let sum = 0;
  for (let x = Math.max(0, col1 - row2); x <= Math.min(row1, col1); x++) {
    const p = Math.exp(logP(x));
    if (p <= threshold) sum += p;
  }
  return Math.min(1, sum);
}

/** Holm's step-down adjustment of p-values (as R's `p.adjust(p, "holm")`); nulls stay null and are not counted. */
export function holmAdjust(pValues: readonly (number | null)[]): (number | null)[] {
  const present = pValues.map((p, i) => ({ p, i })).filter((e): e is { p: number; i: number } => e.p !== null && !Number.isNaN(e.p));
  present.sort((x, y) => x.p - y.p || x.i - y.i);
  const m = present.length;
  const adjusted: (number | null)[] = pValues.map(() => null);
  let running = 0;
  present.forEach((entry, rank) => {
    running = Math.max(running, Math.min(1, (m - rank) * entry.p));
    adjusted[entry.i] = running;
  });
  return adjusted;
}
