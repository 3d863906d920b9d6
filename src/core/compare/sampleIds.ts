/**
 * The sample ids of one log as text (docs/semantics.md §10 aligns by `sample_id` compared as text), kept as ONE
 * string and where each id ends in it, and a table that finds a sample by its id without a Map of a million
 * keys: an open-addressing hash table of positions in one Int32Array.
 */
import type { SampleIds } from '../model/compareSampleTypes';

export type { SampleIds } from '../model/compareSampleTypes';

/** The ids of `values` as text (String(id), so the number 1 and the text "1" are the same id). */
export function sampleIdsOf(values: ArrayLike<string | number>): SampleIds {
  const ends = new Int32Array(values.length);
  const parts: string[] = new Array(values.length);
  let at = 0;
  for (let i = 0; i < values.length; i++) {
    parts[i] = String(values[i]);
    at += parts[i].length;
    ends[i] = at;
  }
  return { text: parts.join(''), ends };
}

export function idStart(ids: SampleIds, i: number): number {
  return i === 0 ? 0 : ids.ends[i - 1];
}

/** The id of sample `i` as text. */
export function sampleIdAt(ids: SampleIds, i: number): string {
  return ids.text.slice(idStart(ids, i), ids.ends[i]);
}

/** Whether the id of sample `i` is `id` (false for a position the log does not have). */
export function isIdAt(ids: SampleIds, i: number, id: string): boolean {
  if (!Number.isInteger(i) || i < 0 || i >= ids.ends.length) return false;
  const start = idStart(ids, i);
  return ids.ends[i] - start === id.length && ids.text.startsWith(id, start);
}

/**
 * The first position whose id starts at `start` and ends at `end`, or −1. Positions ascend with both (an empty id
 * starts where the one before it ends), so a binary search finds it.
 */
function positionAt(ids: SampleIds, start: number, end: number): number {
  const { ends } = ids;
  let low = 0;
  let high = ends.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const middleStart = idStart(ids, middle);
    if (ends[middle] < end || (ends[middle] === end && middleStart < start)) low = middle + 1;
    else if (ends[middle] > end || middleStart > start) high = middle - 1;
    else {
      let first = middle;
      while (first > 0 && ends[first - 1] === end && idStart(ids, first - 1) === start) first--;
      return first;
    }
  }
  return -1;
}

/**
 * The first position whose id is `id`, or −1, found by searching the ids' text: one lookup reads the text once,
 * where a table of every id would be built first (docs/performance.md, "Opening one pair").
 */
export function firstPositionOf(ids: SampleIds, id: string): number {
  const { text } = ids;
  // An empty id is found at every offset up to the text's end, and again at its end after it: the search stops there.
  for (let at = text.indexOf(id); at >= 0; at = at < text.length ? text.indexOf(id, at + 1) : -1) {
    const position = positionAt(ids, at, at + id.length);
    if (position >= 0) return position;
  }
  return -1;
}

function hashOf(text: string, start: number, end: number): number {
  let hash = 0x811c9dc5;
  for (let k = start; k < end; k++) hash = Math.imul(hash ^ text.charCodeAt(k), 0x01000193);
  return hash >>> 0;
}

function sameText(a: string, aStart: number, aEnd: number, b: string, bStart: number): boolean {
  for (let k = 0; k < aEnd - aStart; k++) if (a.charCodeAt(aStart + k) !== b.charCodeAt(bStart + k)) return false;
  return true;
}

/**
 * The positions of a log's sample ids, by id: for each id, its first position and whether it appears more than
 * once; the duplicated ids in the order their second occurrence comes.
 */
export class SampleIdTable {
  private readonly slots: Int32Array;
  private readonly mask: number;
  /** Per position of a first occurrence: 1 when its id appears again later. */
  private readonly repeated: Uint8Array;
  /** Per position: the position of the first sample with the same id. */
  readonly first: Int32Array;
  readonly duplicates: string[] = [];

  constructor(readonly ids: SampleIds) {
    const count = ids.ends.length;
    let size = 16;
    while (size < count * 2) size *= 2;
    this.slots = new Int32Array(size).fill(-1);
    this.mask = size - 1;
    this.repeated = new Uint8Array(count);
    this.first = new Int32Array(count);
    for (let i = 0; i < count; i++) this.first[i] = this.insert(i);
  }

  private insert(position: number): number {
    const { text, ends } = this.ids;
    const start = idStart(this.ids, position);
    const end = ends[position];
    for (let slot = hashOf(text, start, end) & this.mask; ; slot = (slot + 1) & this.mask) {
      const found = this.slots[slot];
      if (found < 0) {
        this.slots[slot] = position;
        return position;
      }
      if (ends[found] - idStart(this.ids, found) === end - start && sameText(text, start, end, text, idStart(this.ids, found))) {
        if (!this.repeated[found]) {
          this.repeated[found] = 1;
          this.duplicates.push(text.slice(start, end));
        }
        return found;
      }
    }
  }

  /** The first position of the id text[start, end) in this log, or −1. */
  find(text: string, start: number, end: number): number {
    const own = this.ids;
    for (let slot = hashOf(text, start, end) & this.mask; ; slot = (slot + 1) & this.mask) {
      const found = this.slots[slot];
      if (found < 0) return -1;
      const foundStart = idStart(own, found);
      if (own.ends[found] - foundStart === end - start && sameText(text, start, end, own.text, foundStart)) return found;
    }
  }

  /** Whether the id at `position` appears once only in this log. */
  unique(position: number): boolean {
    return this.first[position] === position && this.repeated[position] === 0;
  }

  /** Whether the id first found at `position` appears more than once. */
  duplicated(position: number): boolean {
    return this.repeated[this.first[position]] === 1;
  }
}
