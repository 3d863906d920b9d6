/**
 * The bounded summary of one column of kept rows, filled in one streaming pass and mergeable, so byte ranges read in
 * different workers combine (docs/semantics.md §13). Plain data (Maps, typed arrays): it crosses a worker boundary by
 * structured clone. Memory is bounded whatever the number of rows: exact counts per value up to EXACT_CAP distinct
 * values, then a HyperLogLog estimate of distinct values, a space-saving counter of the most frequent values and a
 * uniform sample of the numbers for the histogram.
 */
import { addHash, emptyRegisters, hashBytes, hashLatin1, hashText, mergeRegisters } from './distinctSketch';

/** Distinct values counted exactly per column; beyond, the counts are estimates. */
export const EXACT_CAP = 10_000;
/** Values followed by the space-saving counter once the exact counts are given up. */
export const TOP_CAPACITY = 64;
/** Numbers kept in the uniform sample that draws the histogram once the exact counts are given up. */
export const SAMPLE_SIZE = 2_048;

/** Figures of a series of numbers (count, min, max, sum). */
export interface RunningRange {
  count: number;
  min: number;
  max: number;
  sum: number;
}

export type Primitive = string | number | boolean;

export interface TopCounter {
  counts: Map<Primitive, number>;
  /** The largest count dropped so far: any value not held was seen at most this many times. */
  floor: number;
}

export interface ColumnSketch {
  present: number;
  nulls: number;
  kinds: { text: number; number: number; boolean: number; object: number; array: number };
  numbers: RunningRange;
  textLengths: RunningRange;
  arrayLengths: RunningRange;
  /** Per primitive value its exact count, while the column has at most EXACT_CAP distinct values. */
  exact: Map<Primitive, number> | undefined;
  /** The JSON text of each distinct object or array value, while there are at most EXACT_CAP in all. */
  nested: Set<string> | undefined;
  /** Set once the exact counts are given up. */
  registers: Uint8Array | undefined;
  /** Counts of the most frequent primitive values (see countTop), once the exact counts are given up. */
  top: TopCounter | undefined;
  /** A uniform sample of the numbers seen since the exact counts were given up, and how many there were. */
  sample: number[];
  sampled: number;
}

function emptyRange(): RunningRange {
  return { count: 0, min: Number.POSITIVE_INFINITY, max: Number.NEGATIVE_INFINITY, sum: 0 };
}

export function emptySketch(): ColumnSketch {
  return {
    present: 0, nulls: 0,
    kinds: { text: 0, number: 0, boolean: 0, object: 0, array: 0 },
    numbers: emptyRange(), textLengths: emptyRange(), arrayLengths: emptyRange(),
    exact: new Map(), nested: new Set(), registers: undefined, top: undefined, sample: [], sampled: 0,
  };
}

function addToRange(range: RunningRange, value: number): void {
  range.count++;
  if (value < range.min) range.min = value;
  if (value > range.max) range.max = value;
  range.sum += value;
}

function mergeRange(into: RunningRange, from: RunningRange): void {
  into.count += from.count;
  into.min = Math.min(into.min, from.min);
  into.max = Math.max(into.max, from.max);
  into.sum += from.sum;
}

const SEED: Record<string, number> = { string: 1, number: 2, boolean: 3, nested: 4 };

function hashPrimitive(value: Primitive): number {
  return hashText(typeof value === 'string' ? value : String(value), SEED[typeof value]);
}

/** A small deterministic generator for the sample (the same file gives the same histogram). */
function nextRandom(sketch: ColumnSketch): number {
  const x = Math.imul(sketch.sampled ^ 0x9e3779b9, 0x85ebca6b) ^ (sketch.sampled >>> 13);
  return (Math.imul(x ^ (x >>> 15), 0xc2b2ae35) >>> 0) / 0x1_0000_0000;
}

function addToSample(sketch: ColumnSketch, value: number): void {
  sketch.sampled++;
  if (sketch.sample.length < SAMPLE_SIZE) sketch.sample.push(value);
  else {
    const slot = Math.floor(nextRandom(sketch) * sketch.sampled);
    if (slot < SAMPLE_SIZE) sketch.sample[slot] = value;
  }
}

/**
 * Counts a value in the bounded counter of frequent values: it holds up to twice TOP_CAPACITY values and, when full,
 * keeps the TOP_CAPACITY most counted; a value seen again after being dropped starts from the largest count dropped
 * (`top.floor`), so a frequent value is never undercounted (the space-saving rule, applied in batches).
 */
function countTop(top: TopCounter, value: Primitive, by: number): void {
  const counts = top.counts;
  const known = counts.get(value);
  if (known !== undefined) {
    counts.set(value, known + by);
    return;
  }
  counts.set(value, top.floor + by);
  if (counts.size < 2 * TOP_CAPACITY) return;
  const ordered = [...counts].sort((a, b) => b[1] - a[1]);
  top.floor = Math.max(top.floor, ordered[TOP_CAPACITY][1]);
  counts.clear();
  for (let k = 0; k < TOP_CAPACITY; k++) counts.set(ordered[k][0], ordered[k][1]);
}

/** Gives up the exact counts: their values go into the estimators. */
function leaveExact(sketch: ColumnSketch): void {
  const registers = emptyRegisters();
  const top: TopCounter = { counts: new Map(), floor: 0 };
  const exact = sketch.exact ?? new Map<Primitive, number>();
  const ordered = [...exact].sort((a, b) => b[1] - a[1]);
  for (const [value, count] of ordered) {
    addHash(registers, hashPrimitive(value));
    if (top.counts.size < TOP_CAPACITY) top.counts.set(value, count);
    else top.floor = Math.max(top.floor, count);
    if (typeof value === 'number') for (let k = 0; k < count; k++) addToSample(sketch, value);
  }
  for (const text of sketch.nested ?? []) addHash(registers, hashLatin1(text, SEED.nested));
  sketch.exact = undefined;
  sketch.nested = undefined;
  sketch.registers = registers;
  sketch.top = top;
}

function distinctHeld(sketch: ColumnSketch): number {
  return (sketch.exact?.size ?? 0) + (sketch.nested?.size ?? 0);
}

function addPrimitive(sketch: ColumnSketch, value: Primitive): void {
  const exact = sketch.exact;
  if (exact) {
    const known = exact.get(value);
    if (known !== undefined) {
      exact.set(value, known + 1);
      return;
    }
    if (distinctHeld(sketch) < EXACT_CAP) {
      exact.set(value, 1);
      return;
    }
    leaveExact(sketch);
  }
  addHash(sketch.registers as Uint8Array, hashPrimitive(value));
  countTop(sketch.top as TopCounter, value, 1);
  if (typeof value === 'number') addToSample(sketch, value);
}

function countNested(sketch: ColumnSketch, arrayLength: number | undefined): void {
  sketch.present++;
  if (arrayLength === undefined) sketch.kinds.object++;
  else {
    sketch.kinds.array++;
    addToRange(sketch.arrayLengths, arrayLength);
  }
}

/** Whether `key` is a new distinct nested value while the counts are exact; gives them up when there are too many. */
function keptExactly(sketch: ColumnSketch, key: string): boolean {
  const nested = sketch.nested as Set<string>;
  if (nested.has(key)) return true;
  if (distinctHeld(sketch) < EXACT_CAP) {
    nested.add(key);
    return true;
  }
  leaveExact(sketch);
  return false;
}

/**
 * Adds an object or array value given by its JSON text (`key`: distinct values are distinct texts), with its number
 * of items when it is an array.
 */
export function addNested(sketch: ColumnSketch, key: string, arrayLength: number | undefined): void {
  countNested(sketch, arrayLength);
  if (sketch.nested && keptExactly(sketch, key)) return;
  addHash(sketch.registers as Uint8Array, hashLatin1(key, SEED.nested));
}

/** `addNested` for a value written in `buf[start, end)`: once the counts are estimates its text is never made. */
export function addNestedBytes(sketch: ColumnSketch, buf: Buffer, start: number, end: number, arrayLength: number | undefined): void {
  countNested(sketch, arrayLength);
  if (sketch.nested && keptExactly(sketch, buf.toString('latin1', start, end))) return;
  addHash(sketch.registers as Uint8Array, hashBytes(buf, start, end, SEED.nested));
}

export function addNull(sketch: ColumnSketch): void {
  sketch.nulls++;
}

export function addText(sketch: ColumnSketch, value: string): void {
  sketch.present++;
  sketch.kinds.text++;
  addToRange(sketch.textLengths, value.length);
  addPrimitive(sketch, value);
}

export function addNumber(sketch: ColumnSketch, value: number): void {
  sketch.present++;
  sketch.kinds.number++;
  addToRange(sketch.numbers, value);
  addPrimitive(sketch, value);
}

export function addBoolean(sketch: ColumnSketch, value: boolean): void {
  sketch.present++;
  sketch.kinds.boolean++;
  addPrimitive(sketch, value);
}

/** Adds one row's value of the column (`undefined`: the row has no such column, counted by the table). */
export function addValue(sketch: ColumnSketch, value: unknown): void {
  if (value === undefined) return;
  if (value === null) addNull(sketch);
  else if (typeof value === 'string') addText(sketch, value);
  else if (typeof value === 'number') addNumber(sketch, value);
  else if (typeof value === 'boolean') addBoolean(sketch, value);
  else addNested(sketch, JSON.stringify(value), Array.isArray(value) ? value.length : undefined);
}

function mergeSample(into: ColumnSketch, from: ColumnSketch): void {
  if (from.sampled === 0) return;
  if (into.sampled === 0) {
    into.sample = [...from.sample];
    into.sampled = from.sampled;
    return;
  }
  // Each side keeps a share of the merged sample in proportion to the numbers it stands for.
  const total = into.sampled + from.sampled;
  const fromShare = Math.round((SAMPLE_SIZE * from.sampled) / total);
  const keepInto = Math.min(into.sample.length, SAMPLE_SIZE - Math.min(fromShare, from.sample.length));
  into.sample = into.sample.slice(0, keepInto).concat(from.sample.slice(0, SAMPLE_SIZE - keepInto));
  into.sampled = total;
}

/** Adds `from`'s counts to `into`: a value held on one side only may have been seen up to the other side's floor there. */
function mergeTop(into: TopCounter, from: TopCounter): void {
  const combined = new Map<Primitive, number>();
  for (const [value, count] of into.counts) combined.set(value, count + (from.counts.get(value) ?? from.floor));
  for (const [value, count] of from.counts) if (!into.counts.has(value)) combined.set(value, count + into.floor);
  const ordered = [...combined].sort((a, b) => b[1] - a[1]);
  into.floor = Math.max(into.floor + from.floor, ordered[TOP_CAPACITY]?.[1] ?? 0);
  into.counts = new Map(ordered.slice(0, TOP_CAPACITY));
}

function mergeEstimators(into: ColumnSketch, from: ColumnSketch): void {
  mergeRegisters(into.registers as Uint8Array, from.registers as Uint8Array);
  mergeTop(into.top as TopCounter, from.top as TopCounter);
  mergeSample(into, from);
}

/** Adds the counts of `from` (another byte range of the same column) to `into`; `from` may be changed. */
export function mergeSketch(into: ColumnSketch, from: ColumnSketch): void {
  into.present += from.present;
  into.nulls += from.nulls;
  for (const kind of Object.keys(into.kinds) as (keyof ColumnSketch['kinds'])[]) into.kinds[kind] += from.kinds[kind];
  mergeRange(into.numbers, from.numbers);
  mergeRange(into.textLengths, from.textLengths);
  mergeRange(into.arrayLengths, from.arrayLengths);
  if (into.exact && from.exact && into.nested && from.nested) {
    for (const [value, count] of from.exact) into.exact.set(value, (into.exact.get(value) ?? 0) + count);
    for (const text of from.nested) into.nested.add(text);
    if (distinctHeld(into) > EXACT_CAP) leaveExact(into);
    return;
  }
  if (into.exact) leaveExact(into);
  if (from.exact) leaveExact(from);
  mergeEstimators(into, from);
}
