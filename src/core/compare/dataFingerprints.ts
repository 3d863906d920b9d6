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

/** What markSameFingerprints writes for a pair: left as it is (`unknown`), same hash, different hash. */
export interface FingerprintMarks {
  unknown: number;
  same: number;
  changed: number;
}

/**
 * For each pair k still marked `unknown`, whether sample `aAt[k]` of `a` and sample `bAt[k]` of `b` have the same
 * hash, written into `marks[k]`. One pass with no call per pair; the hashes are compared four bytes at a time when
 * both arrays allow it.
 */
export function markSameFingerprints(a: DataFingerprints, aAt: Int32Array, b: DataFingerprints, bAt: Int32Array, marks: Uint8Array, codes: FingerprintMarks): void {
  const wordsA = wordsOf(a);
  const wordsB = wordsOf(b);
  const sameWidth = a.width === b.width;
  const [unitsA, unitsB, n] = wordsA && wordsB ? [wordsA, wordsB, a.width / 4] : [a.bytes, b.bytes, a.width];
  for (let k = 0; k < marks.length; k++) {
    if (marks[k] !== codes.unknown) continue;
    let same = sameWidth;
    const i = aAt[k] * n;
    const j = bAt[k] * n;
    for (let u = 0; u < n && same; u++) same = unitsA[i + u] === unitsB[j + u];
    marks[k] = same ? codes.same : codes.changed;
  }
}

/** The hashes as 32-bit words over the same bytes, when their width and place allow it. */
function wordsOf(hashes: DataFingerprints): Int32Array | undefined {
  const { bytes, width } = hashes;
  if (width % 4 !== 0 || bytes.byteOffset % 4 !== 0 || bytes.byteLength % 4 !== 0) return undefined;
  return new Int32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
}
