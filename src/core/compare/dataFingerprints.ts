/**
 * The hashes of the samples' data of one log (inputFingerprints.ts computes them), held in one array of bytes
 * rather than as a string per sample; read by LogComparison in the host and in the standalone page alike.
 */

import type { DataFingerprints } from '../model/compareSampleTypes';

export type { DataFingerprints } from '../model/compareSampleTypes';

/**
 * The bytes of one hash: the first 64 bits of a SHA-1. Two hashes are only ever compared for one paired sample, so
 * equal hashes of different data come with a chance of 2^-64 per pair; 8 bytes instead of 20 keep 12 MB less per
 * million samples and log (docs/performance.md, "Hashes of 64 bits").
 */
export const HASH_BYTES = 8;

/** Whether sample `i` of `a` and sample `j` of `b` have the same hash. */
export function sameFingerprint(a: DataFingerprints, i: number, b: DataFingerprints, j: number): boolean {
  if (a.width !== b.width) return false;
  const w = a.width;
  for (let k = 0; k < w; k++) if (a.bytes[i * w + k] !== b.bytes[j * w + k]) return false;
  return true;
}

