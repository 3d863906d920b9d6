/** Words of the dataset sources: evaluation logs, sessions, the remote sources and the hub export. */
import * as l10n from '@vscode/l10n';
import { formatCount } from './numberFormat';

export const sourceStrings = {
  notAZip: (file: string) => l10n.t('{0} is not a zip archive (no end of central directory record found)', file),
  truncatedArchive: (file: string, what: string) => l10n.t('{0} is truncated or damaged: {1}', file, what),
  get cdOutsideFile() {
    return l10n.t('the central directory lies outside the file');
  },
  entriesOverlap: (other: string) => l10n.t('it shares bytes with entry {0} (overlapping entries, as in a zip bomb)', other),
  get entryIntoDirectory() {
    return l10n.t('it runs into the central directory');
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
  pageSizeInvalid: (value: string) => l10n.t('a page declares {0} bytes, which is not a size', value),
  pageTooLarge: (mb: number, maxMb: number) => l10n.t('a page declares {0} MB uncompressed, above the {1} MB limit (evalLens.preview.maxEntryMB)', mb.toFixed(1), maxMb),
  pageExpands: (size: number) => l10n.t('a page expands past the {0} bytes it declares', size),
  parquetDamaged: (file: string, reason: string) => l10n.t('{0} is damaged: its footer says {1}; the file is not read (write it again, or remove it)', file, reason),
  footerRows: (value: string) => l10n.t('the file holds {0} rows, which is not a row count', value),
  footerGroupRows: (group: number, value: string) => l10n.t('row group {0} holds {1} rows, which is not a row count', group, value),
  footerChunkOutside: (group: number, column: string) => l10n.t('column {0} of row group {1} lies outside the file', column, group),
  footerSum: (total: number, sum: number) => l10n.t('the file holds {0} rows, but its row groups add up to {1}', total, sum),
  parquetFailed: (file: string, reason: string) => l10n.t('cannot read {0} as Parquet: {1}', file, reason),
  jsonColumnInvalid: (column: string, row: number, file: string) => l10n.t('column {0} of row {1} in {2} is not valid JSON; kept as text', column, row, file),
  get keptByLimit() {
    return l10n.t('kept by limit (the most recent)');
  },
  get cappedByLimit() {
    return l10n.t('kept by limit');
  },
  /** "counted by reading the 12 samples of 1 log file", "… the 1,200 samples of 3 log files on 4 threads". */
  countedArchive: (files: number, records: number, threads: number) => {
    const samples = records === 1 ? l10n.t('the {0} sample', formatCount(records)) : l10n.t('the {0} samples', formatCount(records));
    const logs = files === 1 ? l10n.t('{0} log file', formatCount(files)) : l10n.t('{0} log files', formatCount(files));
    return l10n.t('counted by reading {0} of {1}', samples, logs) + (threads > 1 ? l10n.t(' on {0} threads', threads) : '');
  },
  countedDatabase: (files: number) => (files === 1 ? l10n.t('counted from the Parquet footers of {0} file', files) : l10n.t('counted from the Parquet footers of {0} files', files)),

  // evalLogSpeed
  /** Appended to how a source with `limit` was counted: its first page waits for the whole pass. */
  limitNeedsFullPass: (limit: number) => l10n.t('; limit (the {0} most recent) reads every sample before the first page', limit),

  // remoteSource
  refused: (url: string) => l10n.t('fetching from {0} was not allowed (consent refused)', url),
  timeout: (what: string, host: string, ms: number) => l10n.t('{0}: no complete answer from {1} within {2} s; check the address and your network, or raise evalLens.preview.urlTimeoutSeconds', what, host, ms / 1000),
  badRedirect: (what: string, host: string) => l10n.t('{0}: {1} redirected to an address that is not http(s) or cannot be read; check the address', what, host),
  tooManyRedirects: (what: string, host: string, max: number) => l10n.t('{0}: {1} redirected more than {2} times; check the address', what, host, max),
  network: (what: string, reason: string) => l10n.t('{0}: cannot reach the server ({1}); check the address and your network', what, reason),
  badUrl: (field: string, url: string) => l10n.t("'{0}' is not an http(s) URL: {1}", field, url),
  unauthorized: (what: string, status: number, check: string) => l10n.t('{0}: the server refused the credentials (HTTP {1}); check the key in {2}', what, status, check),
  notFound: (what: string, missing: string) => l10n.t('{0}: {1} (HTTP 404)', what, missing),
  refusedRequest: (what: string, reason: string) => l10n.t('{0}: the server refused the request (HTTP 422): {1}', what, reason),
  httpStatus: (what: string, status: number, reason: string) => (reason ? l10n.t('{0}: HTTP {1}: {2}', what, status, reason) : l10n.t('{0}: HTTP {1}', what, status)),
  rateLimited: (what: string) => l10n.t('{0}: still rate limited (HTTP 429) after 3 tries; wait a moment and preview again', what),
  answerTooLarge: (what: string, limit: number) => l10n.t("{0}: the server's answer is larger than {1}; not read", what, formatBytes(limit)),
  notJson: (what: string) => l10n.t("{0}: the server's answer is not JSON", what),
  unexpectedAnswer: (what: string, expected: string) => l10n.t('{0}: unexpected answer (expected {1})', what, expected),
  missingCredential: (field: string, envNames: readonly string[]) =>
    l10n.t("no credential: set '{0}' in the source (a string, { secret: NAME } or { env: NAME }) or the environment variable {1}", field, envNames.join(l10n.t(' or '))),
  secretNotFound: (field: string, name: string) => l10n.t('\'{0}\' refers to the secret \'{1}\', which is not stored; store it with "Eval Lens: Store Credential"', field, name),
  secretUnavailable: (field: string, name: string) => l10n.t("'{0}' refers to the secret '{1}'; secrets are read only in the editor (use { env: NAME } on the command line)", field, name),
  envNotSet: (field: string, name: string) => l10n.t("'{0}' refers to the environment variable {1}, which is not set", field, name),
  envNotSetHowTo: (field: string, name: string) =>
    l10n.t("'{0}' is ${1}, an environment variable that is not set: set {1} in the environment Eval Lens runs in (the terminal, or the one VS Code was started from) and run again", field, name),
  secretNotSetHowTo: (field: string, secret: string, variable: string | undefined, inSecretsMap: boolean) =>
    (variable === undefined
      ? l10n.t("'{0}' is the secret {1}, which the file's secrets: map leaves empty: give it a value there (best ${1}, read from the environment) and run again", field, secret)
      : inSecretsMap
        ? l10n.t("'{0}' is the secret {1}, which the file's secrets: map reads from the environment variable {2}, not set: set {2} in the environment Eval Lens runs in (the terminal, or the one VS Code was started from) and run again", field, secret, variable)
        : l10n.t("'{0}' is the secret {1}: the file's secrets: map does not hold it and the environment variable {1} is not set: add {1}: ${1} under secrets: and set {1} in the environment Eval Lens runs in, then run again", field, secret)),
  badCredential: (field: string) => l10n.t("'{0}' must be a string, { secret: NAME } or { env: NAME }", field),
  badTime: (field: string, text: string) => l10n.t("'{0}' is not an ISO 8601 date or time: {1}", field, text),
  noRangeSupport: (url: string) => l10n.t('{0}: the server does not answer range requests; the file is not downloaded whole', url),
  hubNoConfig: (dataset: string, configs: readonly string[]) =>
    l10n.t('{0} has several configs ({1}); choose one with load_dataset_kwargs.name', dataset, configs.join(', ')),
  hubUnknownConfig: (dataset: string, config: string, configs: readonly string[]) =>
    l10n.t("{0} has no config named '{1}' (configs: {2})", dataset, config, configs.join(', ')),
  hubNoSplit: (dataset: string, config: string, split: string, splits: readonly string[]) =>
    l10n.t("{0} (config '{1}') has no split named '{2}' (splits: {3})", dataset, config, split, splits.join(', ')),
  hubNoDataset: (dataset: string) => l10n.t("no dataset named '{0}' on the hub, or no access to it", dataset),
  hubKwargsIgnored: (keys: readonly string[]) =>
    l10n.t("load_dataset_kwargs {0} ignored: the preview reads the hub's latest conversion and cannot apply them", keys.map((k) => `'${k}'`).join(', ')),
  get hubAuthCheck() {
    return l10n.t('HF_TOKEN');
  },
  hubNoParquet: (dataset: string, split: string) => l10n.t("{0}: the hub has no Parquet files for split '{1}'; the filters cannot be counted", dataset, split),
  parquetUnreadable: (file: string, reason: string) => l10n.t('{0}: not a readable Parquet file ({1})', file, reason),
  cliCountedBy: (countedBy: string, lowerBound: boolean) => (lowerBound ? l10n.t(`({0}; every count is a lower bound)
`, countedBy) : `(${countedBy})
`),
  hubFilterFailed: (reason: string) => l10n.t('the hub could not count the filters ({0}); counted here from the Parquet files instead', reason),
  get hubCountedByHub() {
    return l10n.t('counted by the hub');
  },
  hubCountedHere: (used: number, all: number, bytes: number) => l10n.t('counted here from {0} of {1} columns, {2} read', used, all, formatBytes(bytes)),
  get hubPartial() {
    return l10n.t('the hub indexed only part of this split: every count is a lower bound');
  },
  hubTruncatedCells: (count: number) => l10n.t('{0} cells of the first page were truncated by the hub', count),
  get phoenixNoProject() {
    return l10n.t("a phoenix source needs 'project' (or the environment variable PHOENIX_PROJECT)");
  },
  phoenixNoProjectFound: (project: string) => l10n.t("no project '{0}' on this Phoenix server: check 'project' (a name or an id) and 'base_url'", project),
  get platformNoSelection() {
    return l10n.t("a trace_platform_a source needs 'project' or 'dataset'");
  },
  platformNoProject: (project: string) => l10n.t("no project named '{0}'", project),
  platformNoDataset: (dataset: string) => l10n.t("no dataset named '{0}'", dataset),
  platformProjectMismatch: (asked: string, actual: string) =>
    l10n.t("the keys belong to project '{0}', not '{1}'; check 'project' or the keys", actual, asked),
  get platformBadKey() {
    return l10n.t("'api_key' of a trace_platform_b source is PUBLIC_KEY:SECRET_KEY (the two keys joined by a colon)");
  },
  platformCountedBy: (platform: string) => l10n.t('selected by {0}', platform),
  stepFrom: (text: string) => l10n.t('from {0}', text),
  stepTo: (text: string) => l10n.t('before {0}', text),
  stepTags: (tags: readonly string[]) => l10n.t('tagged {0}', tags.join(', ')),
  get stepMetadata() {
    return l10n.t('root span metadata matches');
  },
  stepLimit: (limit: number) => l10n.t('kept by limit {0}', limit),
  stepTraceIds: (count: number) => (count === 1 ? l10n.t('the trace id') : l10n.t('one of {0} trace ids', count)),
  stepSessionIds: (count: number) => (count === 1 ? l10n.t('the session id') : l10n.t('one of {0} session ids', count)),
  get missingProject() {
    return l10n.t("a trace_platform_b source needs 'project' (the project the keys belong to)");
  },
  get examplesIgnoreTags() {
    return l10n.t("'tags' selects runs; a dataset's examples are not selected by it");
  },

  // hubExport
  /** A Parquet file of the split answered 404 while it was read. */
  parquetGone: (file: string) => l10n.t('no Parquet file {0} any more (the hub may have converted the split again; run the export again)', file),
  /** A row group too large to hold in memory at once. */
  rowGroupTooLarge: (file: string, group: number, mb: number, limit: number) =>
    l10n.t('{0}: row group {1} holds {2} MB, more than evalLens.preview.maxEntryMB ({3} MB) allows to read at once', file, group + 1, mb, limit),

  // hostileSource
  exportPartial: (written: number, kept: number) =>
    l10n.t('the source handed over {0} of its {1} kept rows, so it cannot be exported in full; the output file was left as it was', written, kept),
  get zstdExpandsBeyond() {
    return l10n.t('a zstd frame decodes to more bytes than the entry holds');
  },
};

/** User-visible strings of the `coding_agent_sessions` source. */
export const sessionStrings = {
  noDefaultFolder: (tried: string[]) =>
    l10n.t("no session folder found (looked in {0}); set 'path' to a session file or folder, or CLAUDE_CONFIG_DIR", tried.join(', ')),
  cannotRead: (path: string, reason: string) => l10n.t('cannot read {0}: {1}', path, reason),
  notASessionFile: (path: string) => l10n.t('{0} is not a session file (.jsonl) or a folder', path),
  invalidJson: (reason: string) => l10n.t('not valid JSON ({0}); line skipped', reason),
  get notAnObject() {
    return l10n.t('not a JSON object; line skipped');
  },
  lineTooLong: (mb: number) => l10n.t('a line longer than {0} MB; line skipped', mb),
  badUsage: (count: number, field: string) => (count === 1
    ? l10n.t("a usage count ('{0}') is not a whole number ≥ 0; it counts as 0 in the token totals", field)
    : l10n.t("{0} usage counts (the first: '{1}') are not whole numbers ≥ 0; they count as 0 in the token totals", count, field)),
  unreadableEntry: (entry: string, reason: string) => l10n.t('cannot read {0}: {1}; skipped', entry, reason),
  symlinkLoop: (dir: string) => l10n.t('{0} was already read (a symbolic link to a folder read before); not read again', dir),
  orphanSubagent: (sessionId: string) => l10n.t('a sub-agent of session {0}, whose session file was not found; not shown', sessionId),
  badMeta: (file: string, reason: string) => l10n.t('{0}: unreadable sub-agent metadata ({1}); the agent is named by its id', file, reason),
  badTime: (field: string, text: string) =>
    l10n.t("{0} '{1}' is not an ISO 8601 time (e.g. 2026-11-01 or 2026-11-01T09:30:00Z)", field, text),
  badLimit: (value: unknown) => l10n.t('limit must be a whole number ≥ 1, not {0}', JSON.stringify(value)),
  badString: (field: string) => l10n.t("'{0}' must be a string", field),
  stepSession: (id: string) => `session_id = ${id}`,
  stepFrom: (text: string) => l10n.t('from {0}', text),
  stepTo: (text: string) => l10n.t('to {0}', text),
  stepLimit: (limit: number) => l10n.t('kept by limit {0}', limit),
  get funnelLimit() {
    return l10n.t('kept by limit');
  },
  get imageAttachment() {
    return l10n.t('image');
  },
  truncated: '…',
};

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
