/**
 * Fingerprints of each sample's data, so that "input changed" is a comparison of two short texts per paired
 * sample instead of reading both samples again. Computed where the log is indexed (the compare worker),
 * off the extension host's thread.
 */
import { createHash } from 'node:crypto';
import { dataFingerprint } from './comparableLog';

/** Stands for data that cannot be written (e.g. nested too deeply): such data counts as equal to itself only. */
const UNWRITABLE = '\u0000unwritable';

/** A short hash of the sample data, equal for equal data (by dataFingerprint). */
export function sampleDataHash(data: unknown): string {
  return fingerprintHash(dataFingerprint(data));
}

/** The short hash of a fingerprint (dataFingerprint). */
export function fingerprintHash(fingerprint: string | undefined): string {
  return createHash('sha1').update(fingerprint ?? UNWRITABLE).digest('base64');
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
