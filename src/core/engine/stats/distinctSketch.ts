/**
 * A HyperLogLog distinct-value estimator with 4,096 registers (standard error about 1.6%), used once a column has
 * more distinct values than are counted exactly (docs/semantics.md §13). Registers merge by maximum, so the
 * estimates of byte ranges counted in different workers combine.
 */

const PRECISION = 12;
export const REGISTERS = 1 << PRECISION;

export function emptyRegisters(): Uint8Array {
  return new Uint8Array(REGISTERS);
}

/** FNV-1a over the UTF-16 code units, then a MurmurHash3 finaliser for well-mixed bits; `seed` separates kinds. */
export function hashText(text: string, seed: number): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return finish(h, 0);
}

/** Mixes one 32-bit word into a running hash (the MurmurHash3 body step). */
function mixWord(h: number, k: number): number {
  k = Math.imul(k, 0xcc9e2d51);
  k = (k << 15) | (k >>> 17);
  k = Math.imul(k, 0x1b873593);
  h ^= k;
  h = (h << 13) | (h >>> 19);
  return (Math.imul(h, 5) + 0xe6546b64) | 0;
}

function finish(h: number, length: number): number {
  h ^= length;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** The hash of the bytes `buf[start, end)`, four at a time; equal to `hashLatin1` of the same bytes read as latin1. */
export function hashBytes(buf: Uint8Array, start: number, end: number, seed: number): number {
  let h = seed | 0;
  let i = start;
  for (const last = end - 3; i < last; i += 4) h = mixWord(h, buf[i] | (buf[i + 1] << 8) | (buf[i + 2] << 16) | (buf[i + 3] << 24));
  let tail = 0;
  for (let shift = 0; i < end; i++, shift += 8) tail |= buf[i] << shift;
  if (end - start > 0 && (end - start) % 4 !== 0) h = mixWord(h, tail);
  return finish(h, end - start);
}

/** `hashBytes` of a latin1 string's bytes (each character one byte). */
export function hashLatin1(text: string, seed: number): number {
  let h = seed | 0;
  let i = 0;
  const end = text.length;
  for (const last = end - 3; i < last; i += 4) {
    h = mixWord(h, text.charCodeAt(i) | (text.charCodeAt(i + 1) << 8) | (text.charCodeAt(i + 2) << 16) | (text.charCodeAt(i + 3) << 24));
  }
  let tail = 0;
  for (let shift = 0; i < end; i++, shift += 8) tail |= text.charCodeAt(i) << shift;
  if (end > 0 && end % 4 !== 0) h = mixWord(h, tail);
  return finish(h, end);
}

export function addHash(registers: Uint8Array, hash: number): void {
  const index = hash >>> (32 - PRECISION);
  const rest = (hash << PRECISION) >>> 0;
  const rank = rest === 0 ? 32 - PRECISION + 1 : Math.clz32(rest) + 1;
  if (rank > registers[index]) registers[index] = rank;
}

export function mergeRegisters(into: Uint8Array, from: Uint8Array): void {
  for (let i = 0; i < REGISTERS; i++) if (from[i] > into[i]) into[i] = from[i];
}

/** The estimate, with linear counting for small cardinalities (Flajolet et al., 2007). */
export function estimateDistinct(registers: Uint8Array): number {
  let sum = 0;
  let zeros = 0;
  for (let i = 0; i < REGISTERS; i++) {
    sum += 2 ** -registers[i];
    if (registers[i] === 0) zeros++;
  }
  const alpha = 0.7213 / (1 + 1.079 / REGISTERS);
  const raw = (alpha * REGISTERS * REGISTERS) / sum;
  if (raw <= 2.5 * REGISTERS && zeros > 0) return Math.round(REGISTERS * Math.log(REGISTERS / zeros));
  return Math.round(raw);
}
