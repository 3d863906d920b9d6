/** Entries that overlap, or run into the central directory, are marked whatever order the directory lists them in. */
import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import { markOverlaps } from '../../../src/core/archive/zipOverlap';
import { seededRandom } from '../randomInput';

interface Entry {
  name: string;
  localHeaderOffset: number;
  compressedSize: number;
  damage?: string;
}

/** Which entries are marked, found the plain way: each entry against every entry before it in the order of offsets. */
function expectedMarks(entries: readonly Entry[], directoryOffset: number): boolean[] {
  const order = entries.map((_, k) => k).sort((a, b) => entries[a].localHeaderOffset - entries[b].localHeaderOffset || a - b);
  const marked = entries.map(() => false);
  let reach = 0;
  let reached = false;
  for (const k of order) {
    const { localHeaderOffset, compressedSize } = entries[k];
    const end = localHeaderOffset + 30 + compressedSize;
    if (reached && localHeaderOffset < reach) marked[k] = true;
    else if (end > directoryOffset) marked[k] = true;
    else {
      reach = end;
      reached = true;
    }
  }
  return marked;
}

test('overlaps are marked alike for entries listed in the order of their data, shuffled, or with equal offsets', () => {
  const next = seededRandom(17);
  for (let round = 0; round < 400; round++) {
    const count = 1 + Math.floor(next() * 12);
    let offset = 0;
    const entries: Entry[] = Array.from({ length: count }, (_, k) => {
      // Mostly one after another, sometimes overlapping the one before or starting where it starts.
      const roll = next();
      const start = roll < 0.1 ? Math.max(0, offset - 40) : roll < 0.15 ? Math.max(0, offset - 30 - 20) : offset;
      const size = Math.floor(next() * 50);
      offset = start + 30 + size;
      return { name: `e${k}`, localHeaderOffset: start, compressedSize: size };
    });
    const listing = next();
    if (listing < 0.33) entries.reverse();
    else if (listing < 0.66) entries.sort(() => next() - 0.5);
    const directoryOffset = next() < 0.2 ? Math.max(0, offset - 10) : offset;
    const expected = expectedMarks(entries, directoryOffset);
    markOverlaps(entries, directoryOffset);
    assert.deepEqual(entries.map((e) => e.damage !== undefined), expected, `round ${round}: ${JSON.stringify(entries)}`);
  }
});
