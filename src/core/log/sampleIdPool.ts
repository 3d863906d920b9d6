import { GrowableArray } from './growableArrays';

/** Text of ASCII characters only. */
const ASCII = /^\p{ASCII}*$/u;

/** How many ids share one flat string of the pool. */
const IDS_PER_CHUNK = 4096;

/**
 * The sample ids of a set as text in a few flat strings (one per 4,096 ids) with where each ends, instead of a
 * million strings. A number id is kept as its text `String(id)` and a flag, and comes back as the same number
 * (the few numbers whose text does not give them back, such as -0, are kept aside).
 */
export class SampleIdPool {
  private readonly chunks: string[] = [];
  private pending: string[] = [];
  private pendingLength = 0;
  /** Per id: where its text ends within its chunk. */
  private readonly ends: GrowableArray<Int32Array>;
  /** Per id: 1 when it is a number. */
  private readonly numeric: GrowableArray<Uint8Array>;
  private readonly oddNumbers = new Map<number, number>();
  count = 0;

  /** `capacity`: the ids room is made for at once. */
  constructor(capacity = 1024) {
    this.ends = new GrowableArray(Int32Array, capacity);
    // Written only for number ids (slots past the last written read as 0).
    this.numeric = new GrowableArray(Uint8Array);
  }

  push(id: string | number): void {
    const text = String(id);
    if (typeof id === 'number') {
      this.numeric.set(this.count, 1);
      if (Number(text) !== id || Object.is(id, -0)) this.oddNumbers.set(this.count, id);
    }
    this.pending.push(text);
    this.pendingLength += text.length;
    this.ends.push(this.pendingLength);
    this.count++;
    if (this.count % IDS_PER_CHUNK === 0) this.seal();
  }

  private seal(): void {
    this.chunks.push(this.pending.join(''));
    this.pending = [];
    this.pendingLength = 0;
  }

  private chunkText(chunk: number): string {
    if (chunk < this.chunks.length) return this.chunks[chunk];
    if (this.pending.length > 1) this.pending = [this.pending.join('')];
    return this.pending[0] ?? '';
  }

  /** The id of sample `i` as text (String(id)). */
  textAt(i: number): string {
    const chunk = Math.floor(i / IDS_PER_CHUNK);
    const start = i % IDS_PER_CHUNK === 0 ? 0 : this.ends.get(i - 1);
    return this.chunkText(chunk).slice(start, this.ends.get(i));
  }

  /** The id of sample `i` as it was given. */
  idAt(i: number): string | number {
    if (this.numeric.get(i) !== 1) return this.textAt(i);
    const start = i % IDS_PER_CHUNK === 0 ? 0 : this.ends.get(i - 1);
    return this.numberIn(this.chunkText(Math.floor(i / IDS_PER_CHUNK)), i, start, this.ends.get(i));
  }

  /** Number id `i`, written in its chunk's `text` from `start` to `end`. */
  private numberIn(text: string, i: number, start: number, end: number): number {
    const odd = this.oddNumbers.size > 0 ? this.oddNumbers.get(i) : undefined;
    return odd ?? plainInteger(text, start, end) ?? Number(text.slice(start, end));
  }

  /**
   * Every id as idAt gives it, in one pass over the chunks (sorting by id reads them all); `lowerCase`: each text id
   * lower-cased as String.prototype.toLowerCase does, a chunk of ASCII text lower-cased once and its ids cut from it.
   */
  allIds(lowerCase = false): (string | number)[] {
    const ids = new Array<string | number>(this.count);
    // The arrays read in place (the numbers' flags only as far as written: the rest are text ids).
    const ends = this.ends.view();
    const numeric = this.numeric.view();
    for (let chunk = 0; chunk * IDS_PER_CHUNK < this.count; chunk++) {
      const text = this.chunkText(chunk);
      // Lower-casing ASCII keeps every character where it was, so each id is where its end says.
      const lowerEach = lowerCase && !ASCII.test(text);
      const cut = lowerCase && !lowerEach ? text.toLowerCase() : text;
      const last = Math.min(this.count, (chunk + 1) * IDS_PER_CHUNK);
      let start = 0;
      for (let i = chunk * IDS_PER_CHUNK; i < last; i++) {
        const end = ends[i];
        if (i < numeric.length && numeric[i] === 1) ids[i] = this.numberIn(text, i, start, end);
        else ids[i] = lowerEach ? text.slice(start, end).toLowerCase() : cut.slice(start, end);
        start = end;
      }
    }
    return ids;
  }

  /** Every id as text, one string, and where each ends in it (compare/sampleIds.ts). */
  joined(): { text: string; ends: Int32Array } {
    const ends = new Int32Array(this.count);
    let base = 0;
    for (let i = 0; i < this.count; i++) {
      if (i > 0 && i % IDS_PER_CHUNK === 0) base = ends[i - 1];
      ends[i] = base + this.ends.get(i);
    }
    return { text: this.chunks.join('') + this.chunkText(this.chunks.length), ends };
  }

  trim(): void {
    this.ends.trim();
    this.numeric.trim();
  }
}

/**
 * The number written as plain digits in `text` from `start` to `end` (an optional minus, at most 15 digits, so
 * exact), read without making its text; undefined for any other text.
 */
function plainInteger(text: string, start: number, end: number): number | undefined {
  let at = start;
  const negative = text.charCodeAt(at) === 45;
  if (negative) at++;
  if (at === end || end - at > 15) return undefined;
  let value = 0;
  for (; at < end; at++) {
    const digit = text.charCodeAt(at) - 48;
    if (digit < 0 || digit > 9) return undefined;
    value = value * 10 + digit;
  }
  return negative ? -value : value;
}
