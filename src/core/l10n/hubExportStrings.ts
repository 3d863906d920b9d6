import * as l10n from '@vscode/l10n';
/** Messages of reading a hub split's Parquet files row by row (exports). */
export const hubExportStrings = {
  /** A Parquet file of the split answered 404 while it was read. */
  parquetGone: (file: string) => l10n.t('no Parquet file {0} any more (the hub may have converted the split again; run the export again)', file),
  /** A row group too large to hold in memory at once. */
  rowGroupTooLarge: (file: string, group: number, mb: number, limit: number) =>
    l10n.t('{0}: row group {1} holds {2} MB, more than evalLens.preview.maxEntryMB ({3} MB) allows to read at once', file, group + 1, mb, limit),
};
