/**
 * Validating byte-level scanner of one JSON object per line. It checks the whole line against the JSON
 * grammar (like JSON.parse) but decodes only the top-level members whose keys are wanted, and tracks the
 * top-level key names in first-seen order, in the order `Object.keys` would list them.
 */
import { setOwn } from './rowValues';
import { ShortValueCache } from './shortValueCache';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const MAX_DEPTH = 512;

interface KeySlot {
  name: string;
  bytes: Buffer;
  /** The member's repeated scalar values, decoded once (wanted keys only). */
  values?: ShortValueCache<unknown>;
  /** Whether the key was already reported as a column. */
  seen: boolean;
  wanted: boolean;
  /** Position in the wanted keys (-1: not wanted). */
  wantedIndex: number;
}

/** Thrown inside the scanner when the line is not a plain valid JSON object. */
const INVALID = -1;

function isWs(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0d || c === 0x0a;
}

function isHex(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);
}

function isArrayIndexKey(name: string): boolean {
  return /^(?:0|[1-9][0-9]{0,9})$/.test(name) && Number(name) < 4294967295;
}

export class JsonObjectScanner {
  private readonly slots: KeySlot[] = [];
  private readonly slotByName = new Map<string, number>();
  private readonly slotAtPosition: number[] = [];
  /** Top-level keys of valid rows, first-seen order. */
  readonly columns: string[] = [];
  private escapedString = false;
  private readonly pending: KeySlot[] = [];

  /** The scanned buffer as 32-bit words, to pass over string content four bytes at a time. */
  private words: Uint32Array<ArrayBufferLike> = new Uint32Array(0);
  /** How many bytes word 0 starts before `buf[0]`. */
  private wordShift = 0;
  private wordsOf: Buffer | undefined;

  private readonly values: unknown[];

  constructor(private readonly wantedKeys: readonly string[]) {
    this.values = new Array<unknown>(wantedKeys.length).fill(undefined);
  }

  private useWords(buf: Buffer): void {
    if (buf === this.wordsOf) return;
    this.wordsOf = buf;
    this.wordShift = buf.byteOffset & 3;
    this.words = new Uint32Array(buf.buffer, buf.byteOffset - this.wordShift, (buf.length + this.wordShift) >>> 2);
  }

  /**
   * Scans `buf[start, end)`. Returns an object holding only the wanted top-level members, or undefined
   * when the line is not a valid JSON object (the caller then asks JSON.parse for the exact reason).
   */
  scan(buf: Buffer, start: number, end: number): Record<string, unknown> | undefined {
    const row: Record<string, unknown> = {};
    return this.scanLine(buf, start, end, row) ? row : undefined;
  }

  /**
   * Like `scan`, but gives the wanted members' values by the position of their key in the wanted keys
   * (undefined where absent). The array is reused by the next call.
   */
  scanValues(buf: Buffer, start: number, end: number): readonly unknown[] | undefined {
    return this.scanLine(buf, start, end, undefined) ? this.values : undefined;
  }

  private scanLine(buf: Buffer, start: number, end: number, row: Record<string, unknown> | undefined): boolean {
    const values = this.values;
    for (let k = 0; k < values.length; k++) values[k] = undefined;
    this.pending.length = 0;
    this.useWords(buf);
    let i = this.skipWs(buf, start, end);
    if (i >= end || buf[i] !== 0x7b) return false;
    i = this.skipWs(buf, i + 1, end);
    if (i < end && buf[i] === 0x7d) {
      i++;
    } else {
      let position = 0;
      for (;;) {
        if (i >= end || buf[i] !== QUOTE) return false;
        const keyStart = i;
        let slot = this.keyAt(buf, i, end, position);
        if (slot) {
          i += slot.bytes.length;
        } else {
          i = this.skipString(buf, i, end);
          if (i === INVALID) return false;
          slot = this.slotFor(buf, keyStart, i, position);
        }
        position++;
        i = this.skipWs(buf, i, end);
        if (i >= end || buf[i] !== 0x3a) return false;
        i = this.skipWs(buf, i + 1, end);
        const valueStart = i;
        this.escapedString = false;
        i = this.skipValue(buf, i, end, 0);
        if (i === INVALID) return false;
        if (slot.wanted) {
          const value = this.wantedValue(slot, buf, valueStart, i);
          values[slot.wantedIndex] = value;
          if (row) setOwn(row, slot.name, value);
        }
        i = this.skipWs(buf, i, end);
        if (i >= end) return false;
        const c = buf[i++];
        if (c === 0x7d) break;
        if (c !== 0x2c) return false;
        i = this.skipWs(buf, i, end);
      }
    }
    if (this.skipWs(buf, i, end) !== end) return false;
    this.commitPending();
    return true;
  }

  /** Records the keys of a row parsed elsewhere (JSON.parse), in `Object.keys` order. */
  noteKeys(keys: readonly string[]): void {
    for (const key of keys) {
      const index = this.slotByName.get(key);
      const slot = index === undefined ? this.addSlot(key, Buffer.from(JSON.stringify(key), 'utf8')) : this.slots[index];
      if (!slot.seen) {
        slot.seen = true;
        this.columns.push(key);
      }
    }
  }

  private commitPending(): void {
    if (this.pending.length === 0) return;
    const fresh = this.pending.filter((slot) => !slot.seen);
    const indexKeys = fresh.filter((slot) => isArrayIndexKey(slot.name)).sort((a, b) => Number(a.name) - Number(b.name));
    const otherKeys = fresh.filter((slot) => !isArrayIndexKey(slot.name));
    for (const slot of [...indexKeys, ...otherKeys]) {
      if (slot.seen) continue;
      slot.seen = true;
      this.columns.push(slot.name);
    }
  }

  /**
   * The key at `start` when its bytes are those of the key last seen at this position (the usual case: rows
   * share their keys' order). The stored bytes are a whole valid JSON string, so equal bytes are that key.
   */
  private keyAt(buf: Buffer, start: number, end: number, position: number): KeySlot | undefined {
    const guess = this.slotAtPosition[position];
    if (guess === undefined) return undefined;
    const slot = this.slots[guess];
    const bytes = slot.bytes;
    const length = bytes.length;
    if (start + length > end) return undefined;
    for (let k = 0; k < length; k++) if (bytes[k] !== buf[start + k]) return undefined;
    return this.noteSlot(slot);
  }

  private slotFor(buf: Buffer, start: number, end: number, position: number): KeySlot {
    const guess = this.slotAtPosition[position];
    if (guess !== undefined) {
      const bytes = this.slots[guess].bytes;
      const length = end - start;
      if (bytes.length === length) {
        let same = true;
        for (let k = 0; k < length; k++) {
          if (bytes[k] !== buf[start + k]) {
            same = false;
            break;
          }
        }
        if (same) return this.noteSlot(this.slots[guess]);
      }
    }
    const name = JSON.parse(buf.toString('utf8', start, end)) as string;
    let index = this.slotByName.get(name);
    if (index === undefined) {
      this.addSlot(name, Buffer.from(buf.subarray(start, end)));
      index = this.slots.length - 1;
    }
    this.slotAtPosition[position] = index;
    return this.noteSlot(this.slots[index]);
  }

  private noteSlot(slot: KeySlot): KeySlot {
    if (!slot.seen) this.pending.push(slot);
    return slot;
  }

  private addSlot(name: string, bytes: Buffer): KeySlot {
    const wantedIndex = this.wantedKeys.indexOf(name);
    const slot: KeySlot = { name, bytes, seen: false, wanted: wantedIndex >= 0, wantedIndex };
    this.slots.push(slot);
    this.slotByName.set(name, this.slots.length - 1);
    return slot;
  }

  private wantedValue(slot: KeySlot, buf: Buffer, start: number, end: number): unknown {
    const c = buf[start];
    // Objects and arrays are decoded every time: rows must not share them.
    if (c === 0x7b || c === 0x5b) return this.decodeValue(buf, start, end);
    slot.values ??= new ShortValueCache((b, s, e) => this.decodeValue(b, s, e));
    return slot.values.get(buf, start, end);
  }

  private decodeValue(buf: Buffer, start: number, end: number): unknown {
    const c = buf[start];
    if (c === QUOTE && !this.escapedString) return buf.toString('utf8', start + 1, end - 1);
    if (c === 0x74) return true;
    if (c === 0x66) return false;
    if (c === 0x6e) return null;
    return JSON.parse(buf.toString('utf8', start, end));
  }

  private skipWs(buf: Buffer, i: number, end: number): number {
    while (i < end && isWs(buf[i])) i++;
    return i;
  }

  /** From an opening quote, returns the offset after the closing quote, or INVALID. */
  private skipString(buf: Buffer, i: number, end: number): number {
    i++;
    const words = this.words;
    const shift = this.wordShift;
    const lastWord = (end + shift) >>> 2;
    while (i < end) {
      if (((i + shift) & 3) === 0) {
        // Whole words with no quote, backslash or control byte (SWAR tests: any byte < 0x20, == 0x22, == 0x5c).
        let w = (i + shift) >>> 2;
        while (w < lastWord) {
          const v = words[w];
          const q = v ^ 0x22222222;
          const b = v ^ 0x5c5c5c5c;
          if ((((v - 0x20202020) & ~v) | ((q - 0x01010101) & ~q) | ((b - 0x01010101) & ~b)) & 0x80808080) break;
          w++;
        }
        i = w * 4 - shift;
        if (i >= end) break;
      }
      const c = buf[i];
      if (c === QUOTE) return i + 1;
      if (c === BACKSLASH) {
        this.escapedString = true;
        if (i + 1 >= end) return INVALID;
        const e = buf[i + 1];
        if (e === 0x75) {
          if (i + 5 >= end || !isHex(buf[i + 2]) || !isHex(buf[i + 3]) || !isHex(buf[i + 4]) || !isHex(buf[i + 5])) return INVALID;
          i += 6;
          continue;
        }
        if (e !== QUOTE && e !== BACKSLASH && e !== 0x2f && e !== 0x62 && e !== 0x66 && e !== 0x6e && e !== 0x72 && e !== 0x74) return INVALID;
        i += 2;
        continue;
      }
      if (c < 0x20) return INVALID;
      i++;
    }
    return INVALID;
  }

  private skipLiteral(buf: Buffer, i: number, end: number, literal: string): number {
    if (i + literal.length > end) return INVALID;
    for (let k = 0; k < literal.length; k++) if (buf[i + k] !== literal.charCodeAt(k)) return INVALID;
    return i + literal.length;
  }

  private skipDigits(buf: Buffer, i: number, end: number): number {
    const start = i;
    while (i < end && buf[i] >= 0x30 && buf[i] <= 0x39) i++;
    return i === start ? INVALID : i;
  }

  private skipNumber(buf: Buffer, i: number, end: number): number {
    if (buf[i] === 0x2d) i++;
    if (i >= end) return INVALID;
    if (buf[i] === 0x30) i++;
    else if (buf[i] >= 0x31 && buf[i] <= 0x39) i = this.skipDigits(buf, i, end);
    else return INVALID;
    if (i < end && buf[i] === 0x2e) {
      i = this.skipDigits(buf, i + 1, end);
      if (i === INVALID) return INVALID;
    }
    if (i < end && (buf[i] === 0x65 || buf[i] === 0x45)) {
      i++;
      if (i < end && (buf[i] === 0x2b || buf[i] === 0x2d)) i++;
      i = this.skipDigits(buf, i, end);
    }
    return i;
  }

  private skipValue(buf: Buffer, i: number, end: number, depth: number): number {
    if (i >= end) return INVALID;
    const c = buf[i];
    if (c === QUOTE) return this.skipString(buf, i, end);
    if (c === 0x74) return this.skipLiteral(buf, i, end, 'true');
    if (c === 0x66) return this.skipLiteral(buf, i, end, 'false');
    if (c === 0x6e) return this.skipLiteral(buf, i, end, 'null');
    if (c === 0x2d || (c >= 0x30 && c <= 0x39)) return this.skipNumber(buf, i, end);
    if (c !== 0x7b && c !== 0x5b) return INVALID;
    if (depth >= MAX_DEPTH) return INVALID;
    const isObject = c === 0x7b;
    const close = isObject ? 0x7d : 0x5d;
    i = this.skipWs(buf, i + 1, end);
    if (i < end && buf[i] === close) return i + 1;
    for (;;) {
      if (isObject) {
        if (i >= end || buf[i] !== QUOTE) return INVALID;
        i = this.skipString(buf, i, end);
        if (i === INVALID) return INVALID;
        i = this.skipWs(buf, i, end);
        if (i >= end || buf[i] !== 0x3a) return INVALID;
        i = this.skipWs(buf, i + 1, end);
      }
      i = this.skipValue(buf, i, end, depth + 1);
      if (i === INVALID) return INVALID;
      i = this.skipWs(buf, i, end);
      if (i >= end) return INVALID;
      const d = buf[i++];
      if (d === close) return i;
      if (d !== 0x2c) return INVALID;
      i = this.skipWs(buf, i, end);
    }
  }
}
