/** Messages of reading a hub split's Parquet files row by row (exports). */
export const hubExportStrings = {
  /** A Parquet file of the split answered 404 while it was read. */
  parquetGone: (file: string) => `no Parquet file ${file} any more (the hub may have converted the split again; run the export again)`,
  /** A row group too large to hold in memory at once. */
  rowGroupTooLarge: (file: string, group: number, mb: number, limit: number) =>
    `${file}: row group ${group + 1} holds ${mb} MB, more than evalLens.preview.maxEntryMB (${limit} MB) allows to read at once`,
};
