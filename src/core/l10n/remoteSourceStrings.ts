import * as l10n from '@vscode/l10n';
/** User-visible strings of the network sources: the dataset hub and the two trace platforms. */
export const remoteSourceStrings = {
  refused: (url: string) => l10n.t('fetching from {0} was not allowed (consent refused)', url),
  timeout: (what: string, ms: number) => l10n.t('{0}: no answer within {1} s; check the address and your network, or raise evalLens.preview.urlTimeoutSeconds', what, ms / 1000),
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
};

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
