import type { ProportionInterval, ResamplingFigures } from '../model/compareTypes';
import { proportionInterval } from './statistics/proportionIntervals';
import { Cancellation, pairedBootstrapInterval, signFlipPermutationTest } from './statistics/resamplingTests';

/** The level at which the t-test and the permutation test are said to disagree (docs/semantics.md §12). */
const AGREEMENT_ALPHA = 0.05;

/** Each log's Wilson interval over the same samples, when the values of both are all 0/1 (docs/semantics.md §12). */
export function proportionsOf(baseline: ArrayLike<number>, candidate: ArrayLike<number>): { baseline: ProportionInterval; candidate: ProportionInterval } | undefined {
  const a = proportionInterval(baseline);
  const b = a && proportionInterval(candidate);
  return a && b ? { baseline: a, candidate: b } : undefined;
}

/**
 * The paired bootstrap interval and the sign-flip permutation test of d̄ beside the t-test's p `tP`
 * (docs/semantics.md §12); undefined with fewer than two differences or when cancelled.
 */
export function resamplingFigures(differences: Float64Array, tP: number | null, seed?: number, signal?: Cancellation): ResamplingFigures | undefined {
  const bootstrap = pairedBootstrapInterval(differences, { seed, signal });
  const permutation = bootstrap && signFlipPermutationTest(differences, { seed, signal });
  if (!bootstrap || !permutation) return undefined;
  return { bootstrap, permutation, disagreesWithT: disagree(tP, permutation.p) };
}

function disagree(tP: number | null, permutationP: number): boolean {
  return tP !== null && !Number.isNaN(tP) && (tP < AGREEMENT_ALPHA) !== (permutationP < AGREEMENT_ALPHA);
}

/** The same figures beside another t-test's p (the t figures change with clusters; the resampling does not). */
export function besideT(figures: ResamplingFigures, tP: number | null): ResamplingFigures {
  return { ...figures, disagreesWithT: disagree(tP, figures.permutation.p) };
}
