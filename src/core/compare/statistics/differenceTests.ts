import { mean, NumberList, variance, welchDf } from './descriptive';
import { studentQuantile, studentTwoSidedP } from './studentT';
import type { DifferenceEstimate } from '../../model/compareTypes';

export type { DifferenceEstimate } from '../../model/compareTypes';

/** z(0.80) as docs/semantics.md §10 writes it: the minimum detectable difference at 80% power is (t(0.975, df) + 0.8416)·SE. */
const POWER_80_Z = 0.8416;
const CONFIDENCE = 0.95;


function finish(method: DifferenceEstimate['method'], n: number, delta: number, se: number, df: number): DifferenceEstimate {
  if (!(df > 0) || Number.isNaN(se)) return { method, n, delta, se: null, df: null, ciLow: null, ciHigh: null, t: null, p: null, mde: null };
  const q = studentQuantile(1 - (1 - CONFIDENCE) / 2, df);
  let t: number | null;
  let p: number;
  if (se === 0) {
    t = delta === 0 ? 0 : null;
    p = delta === 0 ? 1 : 0;
  } else {
    t = delta / se;
    p = studentTwoSidedP(t, df);
  }
  return { method, n, delta, se, df, ciLow: delta - q * se, ciHigh: delta + q * se, t, p, mde: (q + POWER_80_Z) * se };
}

/** The paired t figures of the differences d_i = b_i − a_i (docs/semantics.md §10). */
export function pairedDifference(differences: NumberList): DifferenceEstimate {
  const n = differences.length;
  const delta = n ? mean(differences) : NaN;
  if (n < 2) return finish('paired', n, delta, NaN, 0);
  return finish('paired', n, delta, Math.sqrt(variance(differences) / n), n - 1);
}

/**
 * Cluster-robust figures: SE = √(C/(C − 1) · Σ_c (Σ_{i∈c} (d_i − d̄))²) / n with C − 1 degrees of freedom,
 * `clusters[i]` naming the cluster of d_i.
 */
export function clusteredDifference(differences: NumberList, clusters: readonly string[]): DifferenceEstimate {
  const n = differences.length;
  const delta = n ? mean(differences) : NaN;
  const sums = new Map<string, number>();
  for (let i = 0; i < n; i++) sums.set(clusters[i], (sums.get(clusters[i]) ?? 0) + (differences[i] - delta));
  const c = sums.size;
  let squares = 0;
  for (const s of sums.values()) squares += s * s;
  const estimate = c < 2 ? finish('clustered', n, delta, NaN, 0) : finish('clustered', n, delta, Math.sqrt((c / (c - 1)) * squares) / n, c - 1);
  estimate.clusters = c;
  return estimate;
}

/** Welch's unpaired figures: Δ = mean(b) − mean(a), SE = √(SE_a² + SE_b²), Welch–Satterthwaite df. */
export function unpairedDifference(a: readonly number[], b: readonly number[]): DifferenceEstimate {
  const n = a.length + b.length;
  const delta = a.length && b.length ? mean(b) - mean(a) : NaN;
  if (a.length < 2 || b.length < 2) return finish('unpaired', n, delta, NaN, 0);
  const seA2 = variance(a) / a.length;
  const seB2 = variance(b) / b.length;
  return finish('unpaired', n, delta, Math.sqrt(seA2 + seB2), welchDf(seA2, a.length, seB2, b.length));
}
