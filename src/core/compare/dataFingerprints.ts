/**
 * The hashes of the samples' data of one log (inputFingerprints.ts computes them), held in one array of bytes
 * rather than as a string per sample; read by LogComparison in the host and in the standalone page alike.
 */

import type { DataFingerprints } from '../model/compareSampleTypes';

export type { DataFingerprints } from '../model/compareSampleTypes';

/** The bytes of one hash (a SHA-1). */
export const HASH_BYTES = 20;

/** Whether sample `i` of `a` and sample `j` of `b` have the same hash. */
export function sameFingerprint(a: DataFingerprints, i: number, b: DataFingerprints, j: number): boolean {
  if (a.width !== b.width) return false;
  const w = a.width;
  for (let k = 0; k < w; k++) if (a.bytes[i * w + k] !== b.bytes[j * w + k]) return false;
  return true;
}

