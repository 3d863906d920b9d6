/**
 * Validating byte-level scanner of one JSON object per line. It checks the whole line against the JSON
 * grammar (like JSON.parse) but decodes only the top-level members whose keys are wanted, and tracks the
 * top-level key names in first-seen order, in the order `Object.keys` would list them.
 */
import { CheckedJsonReader, MemberTree, pickMembers, stringPrefix } from './memberPicker';
import { setOwn } from '../../json/objectValues';
import { ShortValueCache } from './shortValueCache';
import { MAX_NESTING_DEPTH } from '../../json/depthGuard';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const MAX_DEPTH = MAX_NESTING_DEPTH;

interface KeySlot {
  name: string;
  /** The key as written, quotes included (a whole valid JSON string). */
  bytes: Buffer;
  /** `bytes` as little-endian 32-bit words, the last one padded with zero bytes. */
  words: Int32Array;
  /** Mask of the last word's bytes that belong to the key. */
  lastMask: number;
  /** The member's repeated scalar values, decoded once (wanted keys only). */
  values?: ShortValueCache<unknown>;
  /** Whether the key was already reported as a column. */
  seen: boolean;
  /** Position in the wanted keys (-1: not wanted). */
  wantedIndex: number;
}

/** Thrown inside the scanner when the line is not a plain valid JSON object. */
const INVALID = -1;
/** `scanValuesToLineEnd`: the line is complete and not one valid JSON object. */
export const NOT_AN_OBJECT_LINE = -1;
/** `scanValuesToLineEnd`: the buffer ends before the line does. */
export const LINE_GOES_ON = -2;

/** JSON whitespace except the line feed, which ends a JSONL record (so a scan never passes one). */
function isWs(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0d;
}

function isHex(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);
}

function keyWords(bytes: Buffer): Int32Array {
  const words = new Int32Array((bytes.length + 3) >>> 2);
  for (let k = 0; k < bytes.length; k++) words[k >>> 2] |= bytes[k] << ((k & 3) * 8);
  return words;
}

/** The value of a valid JSON number of at most 9 bytes made of digits and a leading minus only, else undefined. */
export function shortInteger(buf: Buffer, start: number, end: number): number | undefined {
  const negative = buf[start] === 0x2d;
  let value = 0;
  for (let i = negative ? start + 1 : start; i < end; i++) {
    const digit = buf[i] - 0x30;
    if (digit < 0 || digit > 9) return undefined;
    value = value * 10 + digit;
  }
  return negative ? -value : value;
}

function isArrayIndexKey(name: string): boolean {
  return /^(?:0|[1-9][0-9]{0,9})$/.test(name) && Number(name) < 4294967295;
}

/** The top-level members of a line: `count` entries of the arrays are valid (they are reused). */
export interface ScannedMembers {
  count: number;
  names: string[];
  starts: number[];
  ends: number[];
  escaped: boolean[];
}

export class JsonObjectScanner implements CheckedJsonReader {
  private readonly slots: KeySlot[] = [];
  private readonly slotByName = new Map<string, number>();
  private readonly slotAtPosition: number[] = [];
  /** Top-level keys of valid rows, first-seen order. */
  readonly columns: string[] = [];
  private escapedString = false;
  private readonly pending: KeySlot[] = [];
  /** Slots of the wanted keys, by their position in the wanted keys (filled when first needed). */
  private readonly wantedSlots: (KeySlot | undefined)[] = [];
  /** Members of the last line scanned whole (-1: none yet). */
  private lastMembers = -1;

  /** The scanned buffer as 32-bit words, to pass over string content four bytes at a time. */
  private words: Uint32Array<ArrayBufferLike> = new Uint32Array(0);
  /** How many bytes word 0 starts before `buf[0]`. */
  private wordShift = 0;
  private wordsOf: Buffer | undefined;

  /** The wanted members' values of the last scanned line, by the position of their key in the wanted keys. */
  readonly values: unknown[];

  /** When set, every top-level member of a scanned line is listed in `members` (for column statistics). */
  recordMembers = false;
  /** The members of the last line scanned with `recordMembers`: key, value range, and whether a string value has escapes. */
  readonly members: ScannedMembers = { count: 0, names: [], starts: [], ends: [], escaped: [] };

  /**
   * `memberTrees`: per wanted key, the members below its value that are all the filters read (undefined:
   * the whole value); an object value is then decoded down to those members only. `stringPrefixes`: per
   * wanted key, how many first characters of a string value are all the filters read (see memberPicker.ts).
   */
  constructor(
    private readonly wantedKeys: readonly string[],
    private readonly memberTrees: readonly (MemberTree | undefined)[] = [],
    private readonly stringPrefixes: readonly (number | undefined)[] = [],
  ) {
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
    if (this.scanObject(buf, start, end, row) !== end) return undefined;
    this.commitPending();
    return row;
  }

  /**
   * Like `scan`, but gives the wanted members' values by the position of their key in the wanted keys
   * (undefined where absent). The array is reused by the next call.
   */
  scanValues(buf: Buffer, start: number, end: number): readonly unknown[] | undefined {
    if (this.scanObject(buf, start, end, undefined) !== end) return undefined;
    this.commitPending();
    return this.values;
  }

  /**
   * Like `scanValues` for a record that starts at `start` and whose end is not known yet (values in
   * `values`). Returns the offset of the line feed that ends it when the line is one valid object;
   * NOT_AN_OBJECT_LINE when it is not (or holds more than MAX_DEPTH levels); LINE_GOES_ON when the buffer
   * ends first. A line feed never counts as a blank, so the scan never passes one.
   */
  scanValuesToLineEnd(buf: Buffer, start: number, end: number): number {
    const stop = this.scanObject(buf, start, end, undefined);
    if (stop === INVALID) {
      const lineFeed = buf.indexOf(0x0a, start);
      return lineFeed === -1 || lineFeed >= end ? LINE_GOES_ON : NOT_AN_OBJECT_LINE;
    }
    if (stop >= end) return LINE_GOES_ON;
    this.commitPending();
    return stop;
  }

  /** Scans one object and the blanks after it; returns the offset after them, or INVALID. */
  private scanObject(buf: Buffer, start: number, end: number, row: Record<string, unknown> | undefined): number {
    const values = this.values;
    for (let k = 0; k < values.length; k++) values[k] = undefined;
    if (this.pending.length !== 0) this.pending.length = 0;
    this.members.count = 0;
    this.useWords(buf);
    let i = this.skipWs(buf, start, end);
    if (i >= end || buf[i] !== 0x7b) return INVALID;
    i = this.skipWs(buf, i + 1, end);
    if (i < end && buf[i] === 0x7d) {
      i++;
    } else {
      let position = 0;
      for (;;) {
        if (i >= end || buf[i] !== QUOTE) return INVALID;
        const keyStart = i;
        let slot = this.keyAt(buf, i, end, position);
        if (slot) {
          i += slot.bytes.length;
        } else {
          i = this.skipString(buf, i, end);
          if (i === INVALID) return INVALID;
          slot = this.slotFor(buf, keyStart, i, position);
        }
        position++;
        i = this.skipWs(buf, i, end);
        if (i >= end || buf[i] !== 0x3a) return INVALID;
        i = this.skipWs(buf, i + 1, end);
        const valueStart = i;
        this.escapedString = false;
        i = this.skipValue(buf, i, end, 0);
        if (i === INVALID) return INVALID;
        if (this.recordMembers) this.recordMember(slot.name, valueStart, i);
        if (slot.wantedIndex >= 0) {
          const value = this.wantedValue(slot, buf, valueStart, i);
          values[slot.wantedIndex] = value;
          if (row) setOwn(row, slot.name, value);
        }
        i = this.skipWs(buf, i, end);
        if (i >= end) return INVALID;
        const c = buf[i++];
        if (c === 0x7d) {
          this.lastMembers = position;
          break;
        }
        if (c !== 0x2c) return INVALID;
        i = this.skipWs(buf, i, end);
      }
    }
    i = this.skipWs(buf, i, end);
    return i < end && buf[i] !== 0x0a ? INVALID : i;
  }

  private recordMember(name: string, start: number, end: number): void {
    const members = this.members;
    const k = members.count++;
    members.names[k] = name;
    members.starts[k] = start;
    members.ends[k] = end;
    members.escaped[k] = this.escapedString;
  }

  /**
   * The keys of the last line scanned whole, as written, with the index of each among the wanted keys
   * (-1: not wanted); undefined before such a line, or when it had no members.
   */
  lastShape(): { keys: Buffer[]; wanted: number[] } | undefined {
    if (this.lastMembers <= 0) return undefined;
    const slots = this.slotAtPosition.slice(0, this.lastMembers).map((index) => this.slots[index]);
    return { keys: slots.map((slot) => slot.bytes), wanted: slots.map((slot) => slot.wantedIndex) };
  }

  /** The value of wanted key `wanted` held in `buf[start, end)` (already checked), decoded as `scan` would. */
  wantedValueAt(wanted: number, buf: Buffer, start: number, end: number, escaped: boolean): unknown {
    let slot = this.wantedSlots[wanted];
    if (slot === undefined) {
      const index = this.slotByName.get(this.wantedKeys[wanted]);
      if (index === undefined) return undefined;
      slot = this.wantedSlots[wanted] = this.slots[index];
    }
    this.useWords(buf);
    this.escapedString = escaped;
    return this.wantedValue(slot, buf, start, end);
  }

  skipBlanks(buf: Buffer, i: number, end: number): number {
    return this.skipWs(buf, i, end);
  }

  skipStringAt(buf: Buffer, i: number, end: number): number {
    this.escapedString = false;
    return this.skipString(buf, i, end);
  }

  skipValueAt(buf: Buffer, i: number, end: number): number {
    this.escapedString = false;
    return this.skipValue(buf, i, end, 0);
  }

  get stringHadEscape(): boolean {
    return this.escapedString;
  }

  /** A value just passed by `skipValueAt` (checked), as JSON.parse gives it. */
  decodeChecked(buf: Buffer, start: number, end: number): unknown {
    const c = buf[start];
    if (end - start <= 9 && (c === 0x2d || (c >= 0x30 && c <= 0x39))) {
      const integer = shortInteger(buf, start, end);
      if (integer !== undefined) return integer;
    }
    return this.decodeValue(buf, start, end);
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
    if (start + slot.bytes.length > end) return undefined;
    const keyWords = slot.words;
    const count = keyWords.length;
    const at = start + this.wordShift;
    const w = at >>> 2;
    const words = this.words;
    if (w + count >= words.length) {
      const bytes = slot.bytes;
      for (let k = 0; k < bytes.length; k++) if (bytes[k] !== buf[start + k]) return undefined;
      return this.noteSlot(slot);
    }
    // Four bytes at a time: each word of the key against the buffer's bytes at `start`, joined from two aligned words.
    const bits = (at & 3) * 8;
    const last = count - 1;
    for (let k = 0; k < last; k++) {
      const v = bits === 0 ? words[w + k] : (words[w + k] >>> bits) | (words[w + k + 1] << (32 - bits));
      if ((v | 0) !== keyWords[k]) return undefined;
    }
    const v = bits === 0 ? words[w + last] : (words[w + last] >>> bits) | (words[w + last + 1] << (32 - bits));
    if ((v & slot.lastMask) !== keyWords[last]) return undefined;
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
    const tail = bytes.length & 3;
    const lastMask = tail === 0 ? -1 : (1 << (tail * 8)) - 1;
    const slot: KeySlot = { name, bytes, words: keyWords(bytes), lastMask, seen: false, wantedIndex };
    this.slots.push(slot);
    this.slotByName.set(name, this.slots.length - 1);
    return slot;
  }

  private wantedValue(slot: KeySlot, buf: Buffer, start: number, end: number): unknown {
    const c = buf[start];
    // The literals and short integers need no decoding (the value was already checked).
    if (c === 0x74) return true;
    if (c === 0x66) return false;
    if (c === 0x6e) return null;
    if (end - start <= 9 && (c === 0x2d || (c >= 0x30 && c <= 0x39))) {
      const integer = shortInteger(buf, start, end);
      if (integer !== undefined) return integer;
    }
    if (c === QUOTE && end - start > 32) {
      const units = this.stringPrefixes[slot.wantedIndex];
      const prefix = units === undefined ? undefined : stringPrefix(buf, start, units);
      if (prefix !== undefined) return prefix;
    }
    // Objects and arrays are decoded every time: rows must not share them.
    if (c === 0x7b || c === 0x5b) {
      const tree = this.memberTrees[slot.wantedIndex];
      return tree && c === 0x7b ? pickMembers(tree, this, buf, start, end) : this.decodeValue(buf, start, end);
    }
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
          // XOR 0x02 turns a quote into 0x20 and keeps control bytes below 0x20: one "byte < 0x21" test finds both.
          const v = words[w];
          const t = v ^ 0x02020202;
          const b = v ^ 0x5c5c5c5c;
          if ((((t - 0x21212121) & ~t) | ((b - 0x01010101) & ~b)) & 0x80808080) break;
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

  private skipTrue(buf: Buffer, i: number, end: number): number {
    return i + 4 <= end && buf[i + 1] === 0x72 && buf[i + 2] === 0x75 && buf[i + 3] === 0x65 ? i + 4 : INVALID;
  }

  private skipFalse(buf: Buffer, i: number, end: number): number {
    return i + 5 <= end && buf[i + 1] === 0x61 && buf[i + 2] === 0x6c && buf[i + 3] === 0x73 && buf[i + 4] === 0x65 ? i + 5 : INVALID;
  }

  private skipNull(buf: Buffer, i: number, end: number): number {
    return i + 4 <= end && buf[i + 1] === 0x75 && buf[i + 2] === 0x6c && buf[i + 3] === 0x6c ? i + 4 : INVALID;
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
    if (c === 0x74) return this.skipTrue(buf, i, end);
    if (c === 0x66) return this.skipFalse(buf, i, end);
    if (c === 0x6e) return this.skipNull(buf, i, end);
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
