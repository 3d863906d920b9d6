/**
 * Entries of a zip archive must not share bytes (docs/security.md, "Untrusted files"): overlapping entries are how
 * a small "zip bomb" expands to gigabytes, and an entry read twice counts its samples twice. The check uses the
 * central directory only: each entry takes at least its 30-byte local header and its compressed bytes. Of two
 * entries that overlap, the one later in the file (or, at the same place, later in the directory) is damaged.
 */
import { sourceStrings } from '../l10n/sourceStrings';

const LOCAL_HEADER = 30;

interface Placed {
  name: string;
  localHeaderOffset: number;
  compressedSize: number;
  /** Why the entry is not read (set here for an overlap). */
  damage?: string;
}

/** Marks every entry that overlaps an earlier one, or runs into the central directory at `directoryOffset`. */
export function markOverlaps(entries: readonly Placed[], directoryOffset: number): void {
  // Writers list the entries in the order of their data: then that order is already the sorted one.
  let ascending = true;
  for (let k = 1; k < entries.length && ascending; k++) ascending = entries[k - 1].localHeaderOffset <= entries[k].localHeaderOffset;
  const order = ascending ? undefined : entries.map((_, k) => k).sort((a, b) => entries[a].localHeaderOffset - entries[b].localHeaderOffset || a - b);
  let reach = 0;
  let reachedBy: Placed | undefined;
  for (let at = 0; at < entries.length; at++) {
    const entry = entries[order ? order[at] : at];
    const end = entry.localHeaderOffset + LOCAL_HEADER + entry.compressedSize;
    if (reachedBy !== undefined && entry.localHeaderOffset < reach) {
      entry.damage = sourceStrings.entriesOverlap(reachedBy.name);
      continue;
    }
    if (end > directoryOffset) {
      entry.damage = sourceStrings.entryIntoDirectory;
      continue;
    }
    reach = end;
    reachedBy = entry;
  }
}
