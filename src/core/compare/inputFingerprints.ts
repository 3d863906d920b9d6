/**
 * Fingerprints of each sample's data, so that "input changed" is a comparison of two short texts per paired
 * sample instead of reading both samples again. Computed where the log is indexed (the compare worker),
 * off the extension host's thread.
 */
import { createHash } from 'node:crypto';
import { dataFingerprint } from './comparableLog';
import { DataFingerprints, HASH_BYTES } from './dataFingerprints';

export type { DataFingerprints } from './dataFingerprints';

/** Stands for data that cannot be written (e.g. nested too deeply): such data counts as equal to itself only. */
const UNWRITABLE = '\u0000unwritable';

/** A short hash of the sample data, equal for equal data (by dataFingerprint). */
export function sampleDataHash(data: unknown): string {
  return fingerprintHash(dataFingerprint(data));
}

/** The short hash of a fingerprint (dataFingerprint). */
export function fingerprintHash(fingerprint: string | undefined): string {
  return fingerprintDigest(fingerprint).toString('base64');
}

function fingerprintDigest(fingerprint: string | undefined): Buffer {
  return createHash('sha1').update(fingerprint ?? UNWRITABLE).digest().subarray(0, HASH_BYTES);
}

/** The hashes as the texts fingerprintHash gives (base64). */
export function fingerprintTexts(hashes: DataFingerprints): string[] {
  const bytes = Buffer.from(hashes.bytes.buffer, hashes.bytes.byteOffset, hashes.bytes.byteLength);
  return Array.from({ length: hashes.count }, (_, i) => bytes.toString('base64', i * hashes.width, (i + 1) * hashes.width));
}

/** Collects the hash of each sample's data by position, as samples are indexed (in any order). */
export class FingerprintCollector {
  private bytes = new Uint8Array(HASH_BYTES * 1024);
  private seen = new Uint8Array(1024);
  private filled = 0;
  private highest = -1;

  /** Makes room for the hashes of `count` samples at once (instead of growing as they come). */
  reserve(count: number): void {
    if (count > this.seen.length) this.grow(count, count);
  }

  add(position: number, fingerprint: string | undefined): void {
    if (position >= this.seen.length) this.grow(position + 1);
    this.bytes.set(fingerprintDigest(fingerprint), position * HASH_BYTES);
    if (!this.seen[position]) this.filled++;
    this.seen[position] = 1;
    this.highest = Math.max(this.highest, position);
  }

  private grow(needed: number, exact?: number): void {
    let size = exact ?? this.seen.length;
    while (size < needed) size *= 2;
    const bytes = new Uint8Array(size * HASH_BYTES);
    bytes.set(this.bytes);
    const seen = new Uint8Array(size);
    seen.set(this.seen);
    this.bytes = bytes;
    this.seen = seen;
  }

  /** The hashes of samples 0 … count − 1, when every one of them was added and no other (a view of the collected bytes, not a copy). */
  result(count: number): DataFingerprints | undefined {
    if (this.filled !== count || this.highest !== count - 1) return undefined;
    return { count, width: HASH_BYTES, bytes: this.bytes.subarray(0, count * HASH_BYTES) };
  }
}

/** Data fields named like the parts the lite copy of a sample leaves out (bufferLog.ts): read from the full sample instead. */
const CUT_FIELD = /"(solver|direct_ios)":null/;

/**
 * The hash of one sample's data as its lite copy gives it (`liteData`), or as the full sample gives it
 * (`fullData`) when the lite copy may have left part of the data out. Data that cannot be read hashes as no data.
 */
function liteDataHash(liteData: () => unknown, fullData: () => unknown): string {
  return fingerprintHash(liteSampleData(liteData, fullData).fingerprint);
}

/**
 * One sample's data as its lite copy gives it, or as the full sample gives it when the lite copy may have left
 * part of the data out, with its fingerprint. Data that cannot be read is no data.
 */
export function liteSampleData(liteData: () => unknown, fullData: () => unknown): { data: unknown; fingerprint: string | undefined } {
  try {
    let data = liteData();
    let fingerprint = dataFingerprint(data);
    if (CUT_FIELD.test(fingerprint ?? '')) {
      data = fullData();
      fingerprint = dataFingerprint(data);
    }
    return { data, fingerprint };
  } catch {
    return { data: undefined, fingerprint: dataFingerprint(undefined) };
  }
}

/**
 * The hash of every sample's data, reading each sample with `lite` (cheap) and again with `full` when the
 * lite copy may have left part of the data out. A sample that cannot be read hashes as no data.
 */
export function sampleDataHashes(count: number, lite: (index: number) => unknown, full: (index: number) => unknown, dataOf: (sample: unknown, index: number) => unknown): string[] {
  const hashes = new Array<string>(count);
  for (let i = 0; i < count; i++) hashes[i] = liteDataHash(() => dataOf(lite(i), i), () => dataOf(full(i), i));
  return hashes;
}

/** sampleDataHashes in one array of bytes. */
export function sampleDataFingerprints(count: number, lite: (index: number) => unknown, full: (index: number) => unknown, dataOf: (sample: unknown, index: number) => unknown): DataFingerprints {
  const collector = new FingerprintCollector();
  for (let i = 0; i < count; i++) collector.add(i, liteSampleData(() => dataOf(lite(i), i), () => dataOf(full(i), i)).fingerprint);
  return collector.result(count) ?? { count: 0, width: HASH_BYTES, bytes: new Uint8Array(0) };
}
