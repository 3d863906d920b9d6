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
 * hash, written into `marks[k]`. One pass with no call per pair; hashes of HASH_BYTES are compared as two 32-bit words
 * when both arrays allow it, others byte by byte.
 */
export function markSameFingerprints(a: DataFingerprints, aAt: Int32Array, b: DataFingerprints, bAt: Int32Array, marks: Uint8Array, codes: FingerprintMarks): void {
  const { unknown, same, changed } = codes;
  const wordsA = wordsOf(a);
  const wordsB = wordsOf(b);
  if (a.width === HASH_BYTES && b.width === HASH_BYTES && wordsA && wordsB) {
    // The usual width, two words a hash: no inner loop (a pass over a million pairs runs mostly before it is optimised).
    for (let k = 0; k < marks.length; k++) {
      if (marks[k] !== unknown) continue;
      const i = aAt[k] * 2;
      const j = bAt[k] * 2;
      marks[k] = wordsA[i] === wordsB[j] && wordsA[i + 1] === wordsB[j + 1] ? same : changed;
    }
    return;
  }
  const w = a.width;
  for (let k = 0; k < marks.length; k++) {
    if (marks[k] !== unknown) continue;
    let equal = a.width === b.width;
    const i = aAt[k] * w;
    const j = bAt[k] * w;
    for (let u = 0; u < w && equal; u++) equal = a.bytes[i + u] === b.bytes[j + u];
    marks[k] = equal ? same : changed;
  }
}

/** The hashes as 32-bit words over the same bytes, when their width and place allow it. */
function wordsOf(hashes: DataFingerprints): Int32Array | undefined {
  const { bytes, width } = hashes;
  if (width % 4 !== 0 || bytes.byteOffset % 4 !== 0 || bytes.byteLength % 4 !== 0) return undefined;
  return new Int32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
}
