import { GrowableArray } from './growableArrays';

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
    const text = this.textAt(i);
    if (this.numeric.get(i) !== 1) return text;
    return this.oddNumbers.get(i) ?? Number(text);
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
