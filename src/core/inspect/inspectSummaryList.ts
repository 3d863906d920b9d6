/**
 * The sample summaries of an Inspect log as the report holds them: each summary's JSON bytes (a slice of the
 * `summaries.json` read, or its text written out when a sample was read lean) and its id and epoch, parsed again
 * only when one is asked for — the index, a detail — so that no parsed summary stays held. The metrics read what
 * was taken of each summary as it was first parsed (`readAlong`, inspectMetricInputs.ts).
 */
import { GrowableArray } from '../log/growableArrays';

export interface InspectSummaryList {
  readonly count: number;
  /** The id of summary `index` (a string or number), undefined when it has none. */
  idAt(index: number): string | number | undefined;
  /** The epoch of summary `index` (1 when it states none). */
  epochAt(index: number): number;
  /** Summary `index` — a new object on each call for a packed list that does not hold its summaries parsed. */
  at(index: number): Record<string, unknown>;
  /** Whether `at` gives summaries held for the list's life (nothing taken from one is worth copying to drop it). */
  readonly holdsParsed: boolean;
}

export function idOf(value: unknown): string | number | undefined {
  return typeof value === 'string' || typeof value === 'number' ? value : undefined;
}

export function epochOf(sample: Record<string, unknown>): number {
  return typeof sample.epoch === 'number' && Number.isInteger(sample.epoch) ? sample.epoch : 1;
}

/** Every summary, parsed, in order (the command line and the tests read them all at once). */
export function allSummaries(list: InspectSummaryList): Record<string, unknown>[] {
  const summaries: Record<string, unknown>[] = [];
  for (let i = 0; i < list.count; i++) summaries.push(list.at(i));
  return summaries;
}

/** Summaries held as parsed objects (a `.json` log, whose samples are held whole anyway). */
export class ArraySummaryList implements InspectSummaryList {
  readonly holdsParsed = true;

  constructor(private readonly summaries: readonly Record<string, unknown>[]) {}

  get count(): number {
    return this.summaries.length;
  }

  idAt(index: number): string | number | undefined {
    return idOf(this.summaries[index].id);
  }

  epochAt(index: number): number {
    return epochOf(this.summaries[index]);
  }

  at(index: number): Record<string, unknown> {
    return this.summaries[index];
  }
}

/** Bytes of summaries written out as text go into blocks of this size (a larger summary gets a block of its own). */
const BLOCK_BYTES = 1024 * 1024;
const utf8 = new TextEncoder();

/**
 * Summaries held as JSON bytes, with their ids and epochs; each parsed on demand (or held parsed: `holdParsed`).
 * `readAlong` takes what else is wanted of each summary while it is parsed anyway (the metrics' inputs), kept until
 * `takeAlong` gives it up.
 */
export class PackedSummaryList<T = unknown> implements InspectSummaryList {
  private readonly blocks: Uint8Array[] = [];
  private readonly blockOf = new GrowableArray(Int32Array);
  private readonly starts = new GrowableArray(Float64Array);
  private readonly ends = new GrowableArray(Float64Array);
  private readonly epochs = new GrowableArray(Float64Array);
  private readonly ids: (string | number | undefined)[] = [];
  /** The block text summaries are written into, and how much of it is used. */
  private open?: { bytes: Uint8Array; used: number };
  private along: T[] = [];
  /** With `holdParsed`: every summary as parsed when added (block −1: parsed only, no bytes). */
  private readonly held: Record<string, unknown>[] = [];

  /**
   * `holdParsed`: keep every summary as parsed when it was added, and give that from `at` — for a command that
   * reads each summary again and exits (`log verify`): none is parsed twice, at the cost of holding them all.
   */
  constructor(private readonly readAlong?: (summary: Record<string, unknown>) => T, readonly holdParsed = false) {}

  get count(): number {
    return this.ids.length;
  }

  get holdsParsed(): boolean {
    return this.holdParsed;
  }

  /** Adds a summary already parsed from `bytes[start, end)`; `bytes` is kept (not copied) while the list is. */
  addSlice(bytes: Uint8Array, start: number, end: number, summary: Record<string, unknown>): void {
    if (this.blocks[this.blocks.length - 1] !== bytes) this.blocks.push(bytes);
    this.push(this.blocks.length - 1, start, end, summary);
  }

  /** Adds a summary parsed elsewhere, held as it is (only with `holdParsed`). */
  addParsed(summary: Record<string, unknown>): void {
    if (!this.holdParsed) throw new Error('addParsed needs a list that holds parsed summaries');
    this.push(-1, 0, 0, summary);
  }

  /** Adds a summary as the text of its JSON, written straight into the current block. */
  addValue(summary: Record<string, unknown>): void {
    const text = JSON.stringify(summary);
    // At most three UTF-8 bytes per UTF-16 unit: a block with that much room takes the text whole.
    const room = text.length * 3;
    if (!this.open || this.open.bytes.length - this.open.used < room) {
      this.open = { bytes: new Uint8Array(Math.max(BLOCK_BYTES, room)), used: 0 };
      this.blocks.push(this.open.bytes);
    }
    const start = this.open.used;
    this.open.used += utf8.encodeInto(text, this.open.bytes.subarray(start)).written;
    this.push(this.blocks.length - 1, start, this.open.used, summary);
  }

  private push(block: number, start: number, end: number, summary: Record<string, unknown>): void {
    this.blockOf.push(block);
    this.starts.push(start);
    this.ends.push(end);
    this.epochs.push(epochOf(summary));
    this.ids.push(idOf(summary.id));
    if (this.readAlong) this.along.push(this.readAlong(summary));
    if (this.holdParsed) this.held.push(summary);
  }

  /** What `readAlong` took of each summary, in order (undefined without one); the list keeps none of it after. */
  takeAlong(): T[] | undefined {
    if (!this.readAlong) return undefined;
    const along = this.along;
    this.along = [];
    return along;
  }

  /** Drops the summaries from `count` on (a list found broken part way). */
  truncate(count: number): void {
    if (count >= this.count) return;
    // (A summary held parsed only is in block −1; a list that holds summaries parsed never reads its blocks.)
    this.blocks.length = count > 0 ? Math.max(0, this.blockOf.get(count - 1) + 1) : 0;
    if (this.open && !this.blocks.includes(this.open.bytes)) this.open = undefined;
    for (const column of [this.blockOf, this.starts, this.ends, this.epochs]) column.length = count;
    this.ids.length = count;
    if (this.along.length > count) this.along.length = count;
    if (this.held.length > count) this.held.length = count;
  }

  /** Gives back the spare room of the columns and of the block written last (no more summaries come). */
  finish(): this {
    const open = this.open;
    if (open && open.used < open.bytes.length) this.blocks[this.blocks.indexOf(open.bytes)] = open.bytes.slice(0, open.used);
    this.open = undefined;
    for (const column of [this.blockOf, this.starts, this.ends, this.epochs]) column.trim();
    return this;
  }

  idAt(index: number): string | number | undefined {
    return this.ids[index];
  }

  epochAt(index: number): number {
    return this.epochs.get(index);
  }

  at(index: number): Record<string, unknown> {
    if (this.holdParsed) return this.held[index];
    const bytes = this.blocks[this.blockOf.get(index)];
    const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8', this.starts.get(index), this.ends.get(index));
    return JSON.parse(text) as Record<string, unknown>;
  }
}
