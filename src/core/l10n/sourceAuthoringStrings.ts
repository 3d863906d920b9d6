/** User-visible strings of authoring the five other sources: column hovers, facts from previews, selection checks. */
export const sourceAuthoringStrings = {
  columnsHeading: (type: string) => `**Rows of a \`${type}\` source**`,
  columnSet: (label: string, columns: readonly string[]) => `One row per ${label}: ${columns.map((c) => `\`${c}\``).join(', ')}`,
  metadataKeys: (keys: readonly string[]) => `Keys seen in \`metadata\` (last preview): ${keys.map((k) => `\`${k}\``).join(', ')}`,
  scoreKeys: (keys: readonly string[]) => `Keys seen in \`scores\` (last preview): ${keys.map((k) => `\`${k}\``).join(', ')}`,
  sessionsFound: (n: number) => `${n} session${n === 1 ? '' : 's'} found by the last preview`,
  noPreviewYet: 'Preview this dataset to see the keys of its `metadata` and `scores`.',
  hubHeading: (dataset: string) => `**Dataset hub: \`${dataset}\`** (as fetched by the last preview)`,
  hubConfigs: (configs: readonly string[], chosen: string) => `Configs: ${configs.map((c) => (c === chosen ? `**\`${c}\`**` : `\`${c}\``)).join(', ')}`,
  hubSplits: (splits: readonly string[], chosen: string) => `Splits of \`${chosen}\`: ${splits.map((s) => `\`${s}\``).join(', ')}`,
  hubFeatures: (features: readonly string[]) => `Columns: ${features.join(', ')}`,
  hubNotFetched: 'Splits, configs and columns appear here once a preview has fetched them (the hub is not asked while you type).',
  hubOrigin: (dataset: string, config: string, split: string) => `${dataset} (${config}/${split})`,
  sessionDetail: 'session found by the last preview',

  // checks
  noFilters: (type: string) =>
    `a \`${type}\` source takes no \`filters\`: it selects records with its own fields (ids, \`from_time\`/\`to_time\`, tags, \`limit\`…). Remove \`filters\`, or filter the rows later in a task.`,
  badTime: (field: string, value: string) =>
    `\`${field}\`: "${value}" is not an ISO 8601 time. Write a date (2026-11-01, midnight UTC) or a date and time (2026-11-01T09:30:00Z; without a zone it is UTC).`,
  emptyRange: (from: string, to: string) => `\`from_time\` ${from} is not before \`to_time\` ${to}: no record can be in this range.`,
  limitTooSmall: (value: number) => `\`limit\` must be at least 1 (it is ${value}): it keeps the N most recent records.`,
} as const;
