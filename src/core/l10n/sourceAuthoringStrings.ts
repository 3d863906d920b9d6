import * as l10n from '@vscode/l10n';
/** User-visible strings of authoring the five other sources: column hovers, facts from previews, selection checks. */
export const sourceAuthoringStrings = {
  columnsHeading: (type: string) => l10n.t('**Rows of a `{0}` source**', type),
  columnSet: (label: string, columns: readonly string[]) => l10n.t('One row per {0}: {1}', label, columns.map((c) => `\`${c}\``).join(', ')),
  metadataKeys: (keys: readonly string[]) => l10n.t('Keys seen in `metadata` (last preview): {0}', keys.map((k) => `\`${k}\``).join(', ')),
  scoreKeys: (keys: readonly string[]) => l10n.t('Keys seen in `scores` (last preview): {0}', keys.map((k) => `\`${k}\``).join(', ')),
  sessionsFound: (n: number) => (n === 1 ? l10n.t('{0} session found by the last preview', n) : l10n.t('{0} sessions found by the last preview', n)),
  get noPreviewYet() {
    return l10n.t('Preview this dataset to see the keys of its `metadata` and `scores`.');
  },
  hubHeading: (dataset: string) => l10n.t('**Dataset hub: `{0}`** (as fetched by the last preview)', dataset),
  hubConfigs: (configs: readonly string[], chosen: string) => l10n.t('Configs: {0}', configs.map((c) => (c === chosen ? `**\`${c}\`**` : `\`${c}\``)).join(', ')),
  hubSplits: (splits: readonly string[], chosen: string) => l10n.t('Splits of `{0}`: {1}', chosen, splits.map((s) => `\`${s}\``).join(', ')),
  hubFeatures: (features: readonly string[]) => l10n.t('Columns: {0}', features.join(', ')),
  get hubNotFetched() {
    return l10n.t('Splits, configs and columns appear here once a preview has fetched them (the hub is not asked while you type).');
  },
  hubOrigin: (dataset: string, config: string, split: string) => `${dataset} (${config}/${split})`,
  get sessionDetail() {
    return l10n.t('session found by the last preview');
  },

  // checks
  noFilters: (type: string) =>
    l10n.t('a `{0}` source takes no `filters`: it selects records with its own fields (ids, `from_time`/`to_time`, tags, `limit`…). Remove `filters`, or filter the rows later in a task.', type),
  badTime: (field: string, value: string) =>
    l10n.t('`{0}`: "{1}" is not an ISO 8601 time. Write a date (2026-11-01, midnight UTC) or a date and time (2026-11-01T09:30:00Z; without a zone it is UTC).', field, value),
  emptyRange: (from: string, to: string) => l10n.t('`from_time` {0} is not before `to_time` {1}: no record can be in this range.', from, to),
  limitTooSmall: (value: number) => l10n.t('`limit` must be at least 1 (it is {0}): it keeps the N most recent records.', value),
} as const;
