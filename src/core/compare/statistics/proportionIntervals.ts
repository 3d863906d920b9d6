import type { ProportionInterval } from '../../model/compareTypes';
import { Z_95 } from './normalDistribution';

export type { ProportionInterval } from '../../model/compareTypes';

/** From this many values on, the normal (CLT) interval is shown beside the Wilson interval (docs/semantics.md §12). */
const NORMAL_INTERVAL_MIN_N = 300;

/**
 * The Wilson score interval of a proportion p̂ = passes/n (docs/semantics.md §12): centre (p̂ + z²/2n)/(1 + z²/n),
 * half-width z/(1 + z²/n)·√(p̂(1 − p̂)/n + z²/4n²); null bounds when n is 0.
 */
export function wilsonInterval(passes: number, n: number, z = Z_95): { low: number; high: number } | null {
  if (!(n > 0)) return null;
  const p = passes / n;
  const z2 = z * z;
  const scale = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / scale;
  const half = (z / scale) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/**
 * The interval of a mean of 0/1 values: Wilson always, and the normal interval p̂ ± z·SE (SE = sd/√n, sd with
 * n − 1) from NORMAL_INTERVAL_MIN_N values on. Undefined when some value is not 0/1 or there is none.
 */
export function proportionInterval(values: ArrayLike<number>): ProportionInterval | undefined {
  let passes = 0;
  let n = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (Number.isNaN(v)) continue;
    if (v !== 0 && v !== 1) return undefined;
    passes += v;
    n++;
  }
  return proportionIntervalOfCounts(passes, n);
}

/** The interval of `passes` 1s among `n` 0/1 values (proportionInterval without reading them). */
export function proportionIntervalOfCounts(passes: number, n: number): ProportionInterval | undefined {
  const wilson = wilsonInterval(passes, n);
  if (!wilson) return undefined;
  const p = passes / n;
  const interval: ProportionInterval = { n, passes, estimate: p, wilsonLow: wilson.low, wilsonHigh: wilson.high };
  if (n >= NORMAL_INTERVAL_MIN_N) {
    const se = Math.sqrt((p * (1 - p) * n) / (n - 1) / n);
    interval.normalLow = p - Z_95 * se;
    interval.normalHigh = p + Z_95 * se;
  }
  return interval;
}
