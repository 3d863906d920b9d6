import * as l10n from '@vscode/l10n';
/** User-visible strings of the zip reader and the `eval_logs` source. */

/** 12,345 (without the cost of loading locale data on the first page's path). */
const grouped = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

export const evalLogStrings = {
  notAZip: (file: string) => l10n.t('{0} is not a zip archive (no end of central directory record found)', file),
  truncatedArchive: (file: string, what: string) => l10n.t('{0} is truncated or damaged: {1}', file, what),
  get cdOutsideFile() {
    return l10n.t('the central directory lies outside the file');
  },
  badCentralEntry: (index: number) => l10n.t('central directory entry {0} is damaged', index + 1),
  get badZip64() {
    return l10n.t('the ZIP64 end of central directory record is missing or damaged');
  },
  get tooSmall() {
    return l10n.t('the file is shorter than a zip end record');
  },

  entryTooLarge: (entry: string, file: string, mb: number, maxMb: number) =>
    l10n.t('entry {0} of {1} is {2} MB uncompressed, above the {3} MB limit (evalLens.preview.maxEntryMB); not read', entry, file, mb.toFixed(1), maxMb),
  entryCorrupt: (entry: string, file: string, reason: string) => l10n.t('entry {0} of {1} is damaged ({2}); not read', entry, file, reason),
  get badCrc() {
    return l10n.t('CRC-32 does not match');
  },
  get badLocalHeader() {
    return l10n.t('its local header is missing');
  },
  get dataTruncated() {
    return l10n.t('its data runs past the end of the file');
  },
  unknownMethod: (method: number) => l10n.t('compression method {0} is not supported (stored, deflate and zstd are)', method),
  get encrypted() {
    return l10n.t('it is encrypted');
  },
  sizeMismatch: (got: number, expected: number) => l10n.t('{0} bytes decoded where the directory says {1}', got, expected),
  zstdBadMagic: (offset: number) => l10n.t('no zstd frame at byte {0}', offset),
  get zstdTruncated() {
    return l10n.t('a zstd frame is cut short');
  },
  get zstdReservedBlock() {
    return l10n.t('a zstd block has the reserved type');
  },
  get zstdFrameTooLarge() {
    return l10n.t('a zstd frame declares more bytes than the entry holds');
  },
  get zstdWindowTooLarge() {
    return l10n.t('a zstd frame without a content size asks for a window above 128 MB');
  },
  invalidJson: (entry: string, file: string, reason: string) => l10n.t('entry {0} of {1} is not valid JSON ({2}); skipped', entry, file, reason),
  notASample: (entry: string, file: string) => l10n.t('entry {0} of {1} is not an Inspect sample (no id); skipped', entry, file),

  noHeader: (file: string) => l10n.t('{0} has neither header.json nor _journal/start.json; task and model are unknown', file),
  notAnInspectLog: (file: string) => l10n.t('{0} is not an Inspect log (no "eval" object); skipped', file),
  jsonLogTooLarge: (file: string, mb: number, maxMb: number) => l10n.t('{0} is {1} MB, above the {2} MB limit for .json logs; skipped', file, mb.toFixed(0), maxMb),
  unreadableLog: (file: string, reason: string) => l10n.t('cannot read {0}: {1}; skipped', file, reason),
  noLogs: (path: string) => l10n.t('{0} holds no .eval or .json logs and no transcripts_*.parquet files', path),
  notALogFile: (path: string) => l10n.t('{0}: an eval_logs path is a .eval file, a .json log, or a directory', path),
  badLimit: (value: unknown) => l10n.t("'limit' must be a whole number ≥ 1 (it is {0})", JSON.stringify(value)),
  parquetFailed: (file: string, reason: string) => l10n.t('cannot read {0} as Parquet: {1}', file, reason),
  jsonColumnInvalid: (column: string, row: number, file: string) => l10n.t('column {0} of row {1} in {2} is not valid JSON; kept as text', column, row, file),
  get keptByLimit() {
    return l10n.t('kept by limit (the most recent)');
  },
  get cappedByLimit() {
    return l10n.t('kept by limit');
  },
  countedArchive: (files: number, records: number, threads: number) =>
    (threads > 1 ? (files === 1 ? l10n.t('read here on {0} threads: {1} log file, {2} samples', threads, grouped(files), grouped(records)) : l10n.t('read here on {0} threads: {1} log files, {2} samples', threads, grouped(files), grouped(records))) : (files === 1 ? l10n.t('read here: {0} log file, {1} samples', grouped(files), grouped(records)) : l10n.t('read here: {0} log files, {1} samples', grouped(files), grouped(records)))),
  countedDatabase: (files: number) => (files === 1 ? l10n.t('counted from the Parquet footers of {0} file', files) : l10n.t('counted from the Parquet footers of {0} files', files)),
};
