/** User-visible strings of `eval-lens preview`. */
export const previewCliStrings = {
  missingSpec: 'preview needs a dataset spec file: eval-lens preview SPEC [--limit N] [--json] [--doc N]',
  unknownOption: (option: string) => `unknown option '${option}'`,
  extraArgument: (arg: string) => `unexpected argument '${arg}' (preview takes one spec file)`,
  badNumber: (flag: string, text: string | undefined) =>
    text === undefined ? `${flag} needs a number` : `${flag} needs a whole number${flag === '--doc' ? ' ≥ 1' : ' ≥ 0'}, not '${text}'`,
  noSuchDocument: (doc: number, count: number) => `--doc ${doc}: the file has ${count} document${count === 1 ? '' : 's'}`,
  cannotReadSpec: (path: string, reason: string) => `eval-lens preview: cannot read ${path}: ${reason}\n`,
  yamlErrors: (path: string, errors: string[]) => `eval-lens preview: ${path} is not valid YAML:\n${errors.map((e) => `  ${e}\n`).join('')}`,
  severalDocuments: (path: string, count: number) => `eval-lens preview: ${path} holds ${count} datasets; previewing the first (choose one with --doc N)\n`,
  invalidSpec: (path: string, messages: string[]) => `eval-lens preview: ${path} is not a valid dataset spec:\n${messages.map((m) => `  ${m}\n`).join('')}`,
  previewFailed: (path: string, message: string) => `eval-lens preview: ${path}: ${message}\n`,
  previewFailedInSpec: (message: string) => `eval-lens preview: ${message}\n`,
  noRows: '(no rows kept)\n',
  moreRows: (shown: number, matched: number) => `… ${shown} of ${matched} kept rows shown\n`,
  rows: (count: number) => `${count.toLocaleString('en-US')} rows`,
  afterFilter: (count: number, index: number) => `${count.toLocaleString('en-US')} after filter ${index}`,
  kept: (count: number) => `${count.toLocaleString('en-US')} kept`,
  noFilters: 'no filters',
  filterLine: (index: number, label: string, removed: number, notComparable: number) =>
    `  filter ${index}: ${label} — removed ${removed.toLocaleString('en-US')}${notComparable ? ` (${notComparable.toLocaleString('en-US')} not comparable)` : ''}\n`,
  incomplete: '(counting stopped early: the counts are lower bounds)\n',
  warningsHeader: (count: number) => `${count} warning${count === 1 ? '' : 's'}:\n`,
  warningLine: (where: string, message: string) => `  ${where}${where ? ': ' : ''}${message}\n`,
};
