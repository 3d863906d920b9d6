import { incompleteBeta } from './specialFunctions';

/** P(|T| ≥ |t|) for Student's t with `df` degrees of freedom (df may be fractional, as Welch's). */
export function studentTwoSidedP(t: number, df: number): number {
  if (Number.isNaN(t) || !(df > 0)) return NaN;
  if (!Number.isFinite(t)) return 0;
  return incompleteBeta(df / (df + t * t), df / 2, 0.5);
}

/** P(T ≤ t): the cumulative distribution function of Student's t. */
export function studentCdf(t: number, df: number): number {
  const tail = studentTwoSidedP(t, df) / 2;
  return t < 0 ? tail : 1 - tail;
}

/**
 * The quantile t(p, df): the t with P(T ≤ t) = p. Solved on the two-sided tail, which keeps full relative
 * precision for p close to 1: bisection for a bracket, then Newton steps on the density.
 */
export function studentQuantile(p: number, df: number): number {
  if (!(p > 0 && p < 1) || !(df > 0)) return NaN;
  if (p === 0.5) return 0;
  if (p < 0.5) return -studentQuantile(1 - p, df);
  const tail = 2 * (1 - p);
  let lo = 0;
  let hi = 1;
  while (studentTwoSidedP(hi, df) > tail && hi < 1e300) {
    lo = hi;
    hi *= 2;
  }
  for (let i = 0; i < 200 && hi - lo > 1e-15 * hi; i++) {
    const mid = (lo + hi) / 2;
    if (studentTwoSidedP(mid, df) > tail) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}
