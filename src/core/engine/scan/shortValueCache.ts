/**
 * Decoded values of short byte sequences, so that the values a column repeats (categories, flags, small
 * numbers) are decoded once instead of once per row. One cache per column. A direct-mapped table keyed
 * by a hash of the bytes; the bytes are compared before a cached value is used, so a hit is always exact.
 * A column whose values rarely repeat turns the cache off after a while (a miss costs a copy).
 */

/** Longer values are decoded every time. */
const MAX_BYTES = 24;
const SLOTS = 1024;
/** After this many lookups, a cache that hit less than a quarter of the time is turned off. */
const TRIAL_LOOKUPS = 4096;

export class ShortValueCache<T> {
  private readonly keys = new Uint8Array(SLOTS * MAX_BYTES);
  /** Key length per slot; -1: empty. */
  private readonly lengths = new Int32Array(SLOTS).fill(-1);
  private readonly values: T[] = new Array<T>(SLOTS);
  private lookups = 0;
  private hits = 0;
  private enabled = true;

  constructor(private readonly decode: (buf: Buffer, start: number, end: number) => T) {}

  /** The decoded value of `buf[start, end)`. */
  get(buf: Buffer, start: number, end: number): T {
    const length = end - start;
    if (!this.enabled || length > MAX_BYTES) return this.decode(buf, start, end);
    let hash = 0x811c9dc5 ^ length;
    for (let i = start; i < end; i++) hash = Math.imul(hash ^ buf[i], 0x01000193);
    const slot = (hash ^ (hash >>> 15)) & (SLOTS - 1);
    const at = slot * MAX_BYTES;
    this.lookups++;
    if (this.lengths[slot] === length) {
      let same = true;
      for (let k = 0; k < length; k++) {
        if (this.keys[at + k] !== buf[start + k]) {
          same = false;
          break;
        }
      }
      if (same) {
        this.hits++;
        return this.values[slot];
      }
    }
    if (this.lookups === TRIAL_LOOKUPS && this.hits * 4 < this.lookups) this.enabled = false;
    const value = this.decode(buf, start, end);
    for (let k = 0; k < length; k++) this.keys[at + k] = buf[start + k];
    this.lengths[slot] = length;
    this.values[slot] = value;
    return value;
  }
}

export function decodeUtf8(buf: Buffer, start: number, end: number): string {
  return buf.toString('utf8', start, end);
}
