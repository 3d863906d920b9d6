/**
 * A Parquet footer is checked against its file before any row is read (docs/security.md, "Untrusted files"): row
 * counts whole and not negative, the row groups adding up to the file's count, no row group larger than a reader
 * can hold, and every column chunk inside the file. A footer that lies makes the file damaged, with the reason.
 */
import type { FileMetaData } from 'hyparquet';
import { sourceStrings } from '../../l10n/sourceStrings';

/** More rows in one row group than any writer makes (and than an array of them can hold). */
const MAX_GROUP_ROWS = 2 ** 31 - 1;

function count(value: bigint | number | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  return Number.isSafeInteger(n) && n >= 0 ? n : undefined;
}

/** Why the footer cannot be believed, or undefined when it agrees with a file of `fileSize` bytes. */
export function footerProblem(metadata: FileMetaData, fileSize: number): string | undefined {
  const total = count(metadata.num_rows);
  if (total === undefined) return sourceStrings.footerRows(String(metadata.num_rows));
  let sum = 0;
  for (const [g, group] of metadata.row_groups.entries()) {
    const rows = count(group.num_rows);
    if (rows === undefined || rows > MAX_GROUP_ROWS) return sourceStrings.footerGroupRows(g + 1, String(group.num_rows));
    sum += rows;
    for (const chunk of group.columns) {
      const meta = chunk.meta_data;
      if (meta === undefined) continue;
      const size = count(meta.total_compressed_size);
      const starts = [meta.data_page_offset, meta.dictionary_page_offset].filter((o): o is bigint => o !== undefined).map((o) => count(o));
      if (size === undefined || starts.some((start) => start === undefined || start + size > fileSize)) {
        return sourceStrings.footerChunkOutside(g + 1, meta.path_in_schema.join('.'));
      }
    }
  }
  if (sum !== total) return sourceStrings.footerSum(total, sum);
  return undefined;
}
