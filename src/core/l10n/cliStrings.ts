/** Words of the command line: usage, validate, preview and dataset commands. */
import * as l10n from '@vscode/l10n';
import { PRODUCT_VERSION } from '../model/productVersion';

export const cliStrings = {
  version: `eval-lens ${PRODUCT_VERSION}`,
  get usage() {
    return l10n.t(`Usage: eval-lens <command> [options]

Commands:
  validate FILE... [--json]                 Recognise and validate dataset specs, generator definitions,
                                            task result logs, traces and agent connection configs.
  preview SPEC [--limit N] [--json] [--doc N]
                                            Load a dataset spec's source, apply its filters, print the kept
                                            rows and the funnel.
  preview GENERATOR [--limit N] [--page N] [--json]
                                            Show what a generator definition produces for its first source
                                            samples: template samples page by page, prompts, snippets.
  log verify LOG [--json] [--curves]        Recompute every verifiable metric from the per-sample scores;
                                            --curves adds the unbiased pass@k and pass^k curves.
  log report LOG [-o FILE.html]             Write the log's report as one standalone HTML file (LOG.html
                                            beside the log without -o).
  log compare BASE CAND [CAND...] [--json] [-o FILE.html] [--cluster KEY] [--fail-on-regression]
              [--lower-is-better KEY...] [--delta D] [--resampling] [--seed N]
                                            Compare runs sample by sample: paired differences, intervals,
                                            p-values (Holm), per-sample regressions.
  log plan LOG [LOG2] --delta D [--power P] [--alpha A] [--json]
                                            Samples needed to detect a difference D, from one log's values
                                            or from two logs' paired differences.
  dataset list [DIR] [--json]               List every dataset spec under DIR: key, name, source type, file:line, valid.
  dataset validate | dataset preview        The validate and preview commands.
  dataset export SPEC -o FILE.jsonl|FILE.csv [--doc N]
                                            Write every kept row of the spec's source (progress on stderr).
  trace show FILE [--json] [--full]         Print a Trace file (or a .jsonl of Traces, or of rows with a trace
                                            field) as a readable transcript.

Exit codes: 0 success, 1 a finding (invalid file, unreadable source, metric mismatch), 2 usage or I/O error.
`);
  },
  unknownCommand: (words: string) => l10n.t(`eval-lens: unknown command '{0}'. Run 'eval-lens --help'.
`, words),
  cannotStart: (file: string, reason: string) => l10n.t(`eval-lens: cannot start ({0}): {1}. Reinstall the package: its dist/cli/ folder is incomplete.
`, file, reason),

  // validateCli
  noSuchFile: (shown: string, full: string) => l10n.t('{0}: no such file (looked for {1}). Check the name and the folder you run eval-lens from.', shown, full),
  permissionDenied: (shown: string) => l10n.t("{0}: cannot be read (permission denied). Check the file's permissions.", shown),
  isFolder: (shown: string) => l10n.t('{0}: is a folder that could not be listed.', shown),
  cannotRead: (shown: string, reason: string) => l10n.t('{0}: cannot be read ({1}).', shown, reason),
  summary: (checked: number, invalid: number) =>
    checked === 1 ? l10n.t('{0} file checked, {1} with errors', checked, invalid) : l10n.t('{0} files checked, {1} with errors', checked, invalid),
  summaryWithUnreadable: (checked: number, invalid: number, unreadable: number) =>
    checked === 1
      ? l10n.t('{0} file checked, {1} with errors, {2} could not be read', checked, invalid, unreadable)
      : l10n.t('{0} files checked, {1} with errors, {2} could not be read', checked, invalid, unreadable),

  // previewCli
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
  rows: (count: number) => (count === 1 ? l10n.t('{0} row', count.toLocaleString('en-US')) : l10n.t('{0} rows', count.toLocaleString('en-US'))),
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

/** User-visible strings of the `eval-lens dataset` commands and the preview's export. */
export const datasetCommandStrings = {
  exportInvalidSpec: (spec: string, errors: string[]) => l10n.t('eval-lens dataset export: {0} is not a valid dataset spec; nothing written:\n{1}', spec, errors.map((e) => `  ${e}\n`).join('')),
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
  listSummary: (count: number, invalid: number) =>
    count === 1
      ? l10n.t(`{0} dataset, {1} invalid
`, count, invalid)
      : l10n.t(`{0} datasets, {1} invalid
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
