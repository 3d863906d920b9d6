import * as l10n from '@vscode/l10n';
/** User-visible strings of `eval-lens preview`. */
export const previewCliStrings = {
  get missingSpec() {
    return l10n.t('preview needs a dataset spec file: eval-lens preview SPEC [--limit N] [--json] [--doc N]');
  },
  unknownOption: (option: string) => l10n.t("unknown option '{0}'", option),
  extraArgument: (arg: string) => l10n.t("unexpected argument '{0}' (preview takes one spec file)", arg),
  badNumber: (flag: string, text: string | undefined) =>
    text === undefined ? l10n.t('{0} needs a number', flag) : (flag === '--doc' ? l10n.t("{0} needs a whole number ≥ 1, not '{1}'", flag, text) : l10n.t("{0} needs a whole number ≥ 0, not '{1}'", flag, text)),
  noSuchDocument: (doc: number, count: number) => (count === 1 ? l10n.t('--doc {0}: the file has {1} document', doc, count) : l10n.t('--doc {0}: the file has {1} documents', doc, count)),
  cannotReadSpec: (path: string, reason: string) => l10n.t(`eval-lens preview: cannot read {0}: {1}
`, path, reason),
  yamlErrors: (path: string, errors: string[]) => l10n.t(`eval-lens preview: {0} is not valid YAML:
{1}`, path, errors.map((e) => `  ${e}\n`).join('')),
  severalDocuments: (path: string, count: number) => l10n.t(`eval-lens preview: {0} holds {1} datasets; previewing the first (choose one with --doc N)
`, path, count),
  invalidSpec: (path: string, messages: string[]) => l10n.t(`eval-lens preview: {0} is not a valid dataset spec:
{1}`, path, messages.map((m) => `  ${m}\n`).join('')),
  previewFailed: (path: string, message: string) => l10n.t(`eval-lens preview: {0}: {1}
`, path, message),
  previewFailedInSpec: (message: string) => l10n.t(`eval-lens preview: {0}
`, message),
  get noRows() {
    return l10n.t(`(no rows kept)
`);
  },
  moreRows: (shown: number, matched: number) => l10n.t(`… {0} of {1} kept rows shown
`, shown, matched),
  rows: (count: number) => l10n.t('{0} rows', count.toLocaleString('en-US')),
  afterFilter: (count: number, index: number) => l10n.t('{0} after filter {1}', count.toLocaleString('en-US'), index),
  kept: (count: number) => l10n.t('{0} kept', count.toLocaleString('en-US')),
  get noFilters() {
    return l10n.t('no filters');
  },
  filterLine: (index: number, label: string, removed: number, notComparable: number) =>
    (notComparable ? l10n.t(`  filter {0}: {1} — removed {2} ({3} not comparable)
`, index, label, removed.toLocaleString('en-US'), notComparable.toLocaleString('en-US')) : l10n.t(`  filter {0}: {1} — removed {2}
`, index, label, removed.toLocaleString('en-US'))),
  get incomplete() {
    return l10n.t(`(counting stopped early: the counts are lower bounds)
`);
  },
  warningsHeader: (count: number) => (count === 1 ? l10n.t(`{0} warning:
`, count) : l10n.t(`{0} warnings:
`, count)),
  warningLine: (where: string, message: string) => (where ? `  ${where}: ${message}
` : `  ${where}${message}
`),
};
