/** User-visible strings of the network sources: the dataset hub and the two trace platforms. */
export const remoteSourceStrings = {
  refused: (url: string) => `fetching from ${url} was not allowed (consent refused)`,
  timeout: (what: string, ms: number) => `${what}: no answer within ${ms / 1000} s; check the address and your network, or raise evalLens.preview.urlTimeoutSeconds`,
  network: (what: string, reason: string) => `${what}: cannot reach the server (${reason}); check the address and your network`,
  badUrl: (field: string, url: string) => `'${field}' is not an http(s) URL: ${url}`,
  unauthorized: (what: string, status: number, check: string) => `${what}: the server refused the credentials (HTTP ${status}); check the key in ${check}`,
  notFound: (what: string, missing: string) => `${what}: ${missing} (HTTP 404)`,
  refusedRequest: (what: string, reason: string) => `${what}: the server refused the request (HTTP 422): ${reason}`,
  httpStatus: (what: string, status: number, reason: string) => `${what}: HTTP ${status}${reason ? `: ${reason}` : ''}`,
  rateLimited: (what: string) => `${what}: still rate limited (HTTP 429) after 3 tries; wait a moment and preview again`,
  answerTooLarge: (what: string, limit: number) => `${what}: the server's answer is larger than ${formatBytes(limit)}; not read`,
  notJson: (what: string) => `${what}: the server's answer is not JSON`,
  unexpectedAnswer: (what: string, expected: string) => `${what}: unexpected answer (expected ${expected})`,
  missingCredential: (field: string, envNames: readonly string[]) =>
    `no credential: set '${field}' in the source (a string, { secret: NAME } or { env: NAME }) or the environment variable ${envNames.join(' or ')}`,
  secretNotFound: (field: string, name: string) => `'${field}' refers to the secret '${name}', which is not stored; store it with "Eval Lens: Store Credential"`,
  secretUnavailable: (field: string, name: string) => `'${field}' refers to the secret '${name}'; secrets are read only in the editor (use { env: NAME } on the command line)`,
  envNotSet: (field: string, name: string) => `'${field}' refers to the environment variable ${name}, which is not set`,
  badCredential: (field: string) => `'${field}' must be a string, { secret: NAME } or { env: NAME }`,
  badTime: (field: string, text: string) => `'${field}' is not an ISO 8601 date or time: ${text}`,
  noRangeSupport: (url: string) => `${url}: the server does not answer range requests; the file is not downloaded whole`,

  hubNoConfig: (dataset: string, configs: readonly string[]) =>
    `${dataset} has several configs (${configs.join(', ')}); choose one with load_dataset_kwargs.name`,
  hubUnknownConfig: (dataset: string, config: string, configs: readonly string[]) =>
    `${dataset} has no config named '${config}' (configs: ${configs.join(', ')})`,
  hubNoSplit: (dataset: string, config: string, split: string, splits: readonly string[]) =>
    `${dataset} (config '${config}') has no split named '${split}' (splits: ${splits.join(', ')})`,
  hubNoDataset: (dataset: string) => `no dataset named '${dataset}' on the hub, or no access to it`,
  hubKwargsIgnored: (keys: readonly string[]) =>
    `load_dataset_kwargs ${keys.map((k) => `'${k}'`).join(', ')} ignored: the preview reads the hub's latest conversion and cannot apply them`,
  hubAuthCheck: 'HF_TOKEN',
  hubNoParquet: (dataset: string, split: string) => `${dataset}: the hub has no Parquet files for split '${split}'; the filters cannot be counted`,
  parquetUnreadable: (file: string, reason: string) => `${file}: not a readable Parquet file (${reason})`,
  cliCountedBy: (countedBy: string, lowerBound: boolean) => `(${countedBy}${lowerBound ? '; every count is a lower bound' : ''})\n`,
  hubFilterFailed: (reason: string) => `the hub could not count the filters (${reason}); counted here from the Parquet files instead`,
  hubCountedByHub: 'counted by the hub',
  hubCountedHere: (used: number, all: number, bytes: number) => `counted here from ${used} of ${all} columns, ${formatBytes(bytes)} read`,
  hubPartial: 'the hub indexed only part of this split: every count is a lower bound',
  hubTruncatedCells: (count: number) => `${count} cells of the first page were truncated by the hub`,

  platformNoSelection: "a trace_platform_a source needs 'project' or 'dataset'",
  platformNoProject: (project: string) => `no project named '${project}'`,
  platformNoDataset: (dataset: string) => `no dataset named '${dataset}'`,
  platformProjectMismatch: (asked: string, actual: string) =>
    `the keys belong to project '${actual}', not '${asked}'; check 'project' or the keys`,
  platformBadKey: "'api_key' of a trace_platform_b source is PUBLIC_KEY:SECRET_KEY (the two keys joined by a colon)",
  platformCountedBy: (platform: string) => `selected by ${platform}`,
  stepFrom: (text: string) => `from ${text}`,
  stepTo: (text: string) => `before ${text}`,
  stepTags: (tags: readonly string[]) => `tagged ${tags.join(', ')}`,
  stepMetadata: 'root span metadata matches',
  stepLimit: (limit: number) => `kept by limit ${limit}`,
  stepTraceIds: (count: number) => (count === 1 ? 'the trace id' : `one of ${count} trace ids`),
  stepSessionIds: (count: number) => (count === 1 ? 'the session id' : `one of ${count} session ids`),
  missingProject: "a trace_platform_b source needs 'project' (the project the keys belong to)",
  examplesIgnoreTags: "'tags' selects runs; a dataset's examples are not selected by it",
};

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
