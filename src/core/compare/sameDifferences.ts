import type { ResamplingWork } from './resamplingMessages';

/** A hash of the values' bits (FNV-1a over their 32-bit halves): equal arrays hash alike. */
function bitsHash(values: Float64Array): number {
  const words = new Uint32Array(values.buffer, values.byteOffset, values.length * 2);
  let hash = 0x811c9dc5;
  for (let i = 0; i < words.length; i++) hash = Math.imul(hash ^ words[i], 0x01000193);
  return hash >>> 0;
}

function sameValues(a: Float64Array, b: Float64Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return false;
  return true;
}

/**
 * The jobs grouped by their paired differences: several metrics compared over one score (an `accuracy` and a
 * `mean` of the same scorer) pair the same values, and their bootstrap and permutation test are the same figures
 * (docs/semantics.md §12), so each group is resampled once. Each group's first job stands for it.
 */
export function groupBySameDifferences(jobs: readonly ResamplingWork[]): ResamplingWork[][] {
  const byHash = new Map<string, ResamplingWork[][]>();
  const groups: ResamplingWork[][] = [];
  for (const job of jobs) {
    const key = `${job.differences.length}:${bitsHash(job.differences)}`;
    const candidates = byHash.get(key) ?? [];
    const group = candidates.find((g) => sameValues(g[0].differences, job.differences));
    if (group) {
      group.push(job);
      continue;
    }
    const created = [job];
    candidates.push(created);
    byHash.set(key, candidates);
    groups.push(created);
  }
  return groups;
}
