/**
 * The hashes of the samples' data of one log (inputFingerprints.ts computes them), held in one array of bytes
 * rather than as a string per sample; read by LogComparison in the host and in the standalone page alike.
 */

/** The bytes of one hash (a SHA-1). */
export const HASH_BYTES = 20;

/** The hash of each sample's data in log order, `width` bytes each, in one array (no string per sample). */
export interface DataFingerprints {
  count: number;
  width: number;
  bytes: Uint8Array;
}

/** Whether sample `i` of `a` and sample `j` of `b` have the same hash. */
export function sameFingerprint(a: DataFingerprints, i: number, b: DataFingerprints, j: number): boolean {
  if (a.width !== b.width) return false;
  const w = a.width;
  for (let k = 0; k < w; k++) if (a.bytes[i * w + k] !== b.bytes[j * w + k]) return false;
  return true;
}

