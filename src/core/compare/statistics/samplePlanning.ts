import type { SamplePlan } from '../../model/compareTypes';
import { normalQuantile } from './normalDistribution';

export type { SamplePlan } from '../../model/compareTypes';

/** The defaults of a plan (docs/semantics.md §12). */
export const DEFAULT_POWER = 0.8;
export const DEFAULT_ALPHA = 0.05;

/** A product that is a whole number but for rounding noise is not rounded up past it. */
const ROUNDING_TOLERANCE = 1e-9;

/**
 * Samples needed to detect a difference `delta` (docs/semantics.md §12) with z_a = z(1 − α/2), z_b = z(power):
 * paired, n = (z_a + z_b)²·s_d²/D² from the variance of the paired differences; from one log, n =
 * (z_a + z_b)²·2s²/D² (no pairing credit). Rounded up to a whole sample (at least 1 when the variance is 0).
 */
export function samplesNeeded(variance: number, delta: number, options: { power?: number; alpha?: number; paired: boolean }): SamplePlan {
  const power = options.power ?? DEFAULT_POWER;
  const alpha = options.alpha ?? DEFAULT_ALPHA;
  const plan: SamplePlan = { delta, power, alpha, variance, paired: options.paired, samples: null };
  if (!Number.isFinite(variance) || variance < 0) return plan;
  const z = normalQuantile(1 - alpha / 2) + normalQuantile(power);
  const exact = (z * z * (options.paired ? 1 : 2) * variance) / (delta * delta);
  plan.samples = Math.max(1, Math.ceil(exact * (1 - ROUNDING_TOLERANCE)));
  return plan;
}
