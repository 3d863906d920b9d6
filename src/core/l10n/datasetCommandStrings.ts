import * as l10n from '@vscode/l10n';
/** User-visible strings of the `eval-lens dataset` commands and the preview's export. */
export const datasetCommandStrings = {
  get listUsage() {
    return l10n.t('eval-lens dataset list [DIR] [--json]');
  },
  get exportUsage() {
    return l10n.t('eval-lens dataset export SPEC -o FILE.jsonl|FILE.csv [--doc N]');
  },
  unknownOption: (option: string) => l10n.t("unknown option '{0}'", option),
  extraArgument: (arg: string) => l10n.t("unexpected argument '{0}'", arg),
  outputFormat: (file: string) => l10n.t('{0}: the output must end with .jsonl or .csv', file),
  notADirectory: (dir: string) => l10n.t('{0} is not a directory', dir),
  noDatasets: (dir: string) => l10n.t(`no dataset specs under {0}
`, dir),
  listSummary: (count: number, invalid: number) => l10n.t(`{0} dataset(s), {1} invalid
`, count, invalid),
  get valid() {
    return l10n.t('valid');
  },
  invalid: (errors: number) => (errors === 1 ? l10n.t('invalid ({0} error)', errors) : l10n.t('invalid ({0} errors)', errors)),
  get generator() {
    return l10n.t('generator');
  },
  none: '—',
  cannotRead: (file: string, reason: string) => l10n.t('{0}: cannot read: {1}', file, reason),
  exportProgress: (rows: number, kept: number, percent: number | undefined) =>
    (percent === undefined ? l10n.t('{0} rows read, {1} kept', rows.toLocaleString('en-US'), kept.toLocaleString('en-US')) : l10n.t('{0}% · {1} rows read, {2} kept', percent, rows.toLocaleString('en-US'), kept.toLocaleString('en-US'))),
  exported: (rows: number, file: string) => (rows === 1 ? l10n.t('Wrote {0} kept row to {1}', rows.toLocaleString('en-US'), file) : l10n.t('Wrote {0} kept rows to {1}', rows.toLocaleString('en-US'), file)),
  get exportCancelled() {
    return l10n.t('export cancelled; the output file was left as it was');
  },
  get exportIncomplete() {
    return l10n.t('the source could not be read to its end; the output file was left as it was');
  },
  exportFailed: (file: string, reason: string) => l10n.t('cannot write {0}: {1}', file, reason),
  get exportButton() {
    return l10n.t('Export kept rows…');
  },
  get exportTitle() {
    return l10n.t('Export kept rows');
  },
  get exportSaveLabel() {
    return l10n.t('Export');
  },
  get exportFilterJsonl() {
    return l10n.t('JSON Lines');
  },
  exportFilterCsv: 'CSV',
  exportDone: (rows: number, file: string) => (rows === 1 ? l10n.t('Exported {0} kept row to {1}.', rows.toLocaleString('en-US'), file) : l10n.t('Exported {0} kept rows to {1}.', rows.toLocaleString('en-US'), file)),
};
