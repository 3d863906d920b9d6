/** User-visible strings of the zip reader and the `eval_logs` source. */

/** 12,345 (without the cost of loading locale data on the first page's path). */
const grouped = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

export const evalLogStrings = {
  notAZip: (file: string) => `${file} is not a zip archive (no end of central directory record found)`,
  truncatedArchive: (file: string, what: string) => `${file} is truncated or damaged: ${what}`,
  cdOutsideFile: 'the central directory lies outside the file',
  badCentralEntry: (index: number) => `central directory entry ${index + 1} is damaged`,
  badZip64: 'the ZIP64 end of central directory record is missing or damaged',
  tooSmall: 'the file is shorter than a zip end record',

  entryTooLarge: (entry: string, file: string, mb: number, maxMb: number) =>
    `entry ${entry} of ${file} is ${mb.toFixed(1)} MB uncompressed, above the ${maxMb} MB limit (evalLens.preview.maxEntryMB); not read`,
  entryCorrupt: (entry: string, file: string, reason: string) => `entry ${entry} of ${file} is damaged (${reason}); not read`,
  badCrc: 'CRC-32 does not match',
  badLocalHeader: 'its local header is missing',
  dataTruncated: 'its data runs past the end of the file',
  unknownMethod: (method: number) => `compression method ${method} is not supported (stored, deflate and zstd are)`,
  encrypted: 'it is encrypted',
  sizeMismatch: (got: number, expected: number) => `${got} bytes decoded where the directory says ${expected}`,
  zstdBadMagic: (offset: number) => `no zstd frame at byte ${offset}`,
  zstdTruncated: 'a zstd frame is cut short',
  zstdReservedBlock: 'a zstd block has the reserved type',
  zstdFrameTooLarge: 'a zstd frame declares more bytes than the entry holds',
  zstdWindowTooLarge: 'a zstd frame without a content size asks for a window above 128 MB',
  invalidJson: (entry: string, file: string, reason: string) => `entry ${entry} of ${file} is not valid JSON (${reason}); skipped`,
  notASample: (entry: string, file: string) => `entry ${entry} of ${file} is not an Inspect sample (no id); skipped`,

  noHeader: (file: string) => `${file} has neither header.json nor _journal/start.json; task and model are unknown`,
  notAnInspectLog: (file: string) => `${file} is not an Inspect log (no "eval" object); skipped`,
  jsonLogTooLarge: (file: string, mb: number, maxMb: number) => `${file} is ${mb.toFixed(0)} MB, above the ${maxMb} MB limit for .json logs; skipped`,
  unreadableLog: (file: string, reason: string) => `cannot read ${file}: ${reason}; skipped`,
  noLogs: (path: string) => `${path} holds no .eval or .json logs and no transcripts_*.parquet files`,
  notALogFile: (path: string) => `${path}: an eval_logs path is a .eval file, a .json log, or a directory`,
  badLimit: (value: unknown) => `'limit' must be a whole number ≥ 1 (it is ${JSON.stringify(value)})`,
  parquetFailed: (file: string, reason: string) => `cannot read ${file} as Parquet: ${reason}`,
  jsonColumnInvalid: (column: string, row: number, file: string) => `column ${column} of row ${row} in ${file} is not valid JSON; kept as text`,
  keptByLimit: 'kept by limit (the most recent)',
  cappedByLimit: 'kept by limit',
  countedArchive: (files: number, records: number, threads: number) =>
    `read here${threads > 1 ? ` on ${threads} threads` : ''}: ${grouped(files)} log file${files === 1 ? '' : 's'}, ${grouped(records)} samples`,
  countedDatabase: (files: number) => `counted from the Parquet footers of ${files} file${files === 1 ? '' : 's'}`,
};
