/** User-visible strings of the filter preview in the editor: command, code lens, results view. */
import type { PreviewProgress } from '../model/previewTypes';
import * as l10n from '@vscode/l10n';

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** A count with thousands separators: 10000 → "10,000". */
export function formatCount(n: number): string {
  return integer.format(n);
}

/** How far a count has read (bytes or files), 0–100, when the loader knows the size. */
export function countPercent(progress: PreviewProgress): number | undefined {
  if (progress.total === undefined || progress.total <= 0) return undefined;
  return Math.max(0, Math.min(100, Math.floor((100 * progress.done) / progress.total)));
}


export const previewViewStrings = {
  // command and pick
  get pickDatasetPlaceholder() {
    return l10n.t('Choose the dataset to preview');
  },
  pickDatasetDetail: (line: number) => l10n.t('line {0}', line),
  get noActiveSpec() {
    return l10n.t('Open a dataset spec (for example a *.dataset.yaml file) to preview its filters.');
  },
  noDatasetInFile: (file: string) => l10n.t('{0} holds no dataset (a mapping with "key" and "source").', file),
  datasetIndexOutOfRange: (file: string, index: number, count: number) =>
    (count === 1 ? l10n.t('{0} has {1} document; there is no dataset number {2}.', file, formatCount(count), index + 1) : l10n.t('{0} has {1} documents; there is no dataset number {2}.', file, formatCount(count), index + 1)),

  // panel and code lens
  panelTitle: (label: string) => l10n.t('Preview: {0}', label),
  get codeLensPreview() {
    return l10n.t('Preview');
  },
  get codeLensPreviewTooltip() {
    return l10n.t('Load this source, apply its filters and show the kept rows');
  },
  codeLensCounted: (kept: number, total: number) => l10n.t('Preview · {0} kept of {1}', formatCount(kept), formatCount(total)),
  codeLensCountedPartial: (kept: number, total: number) => l10n.t('Preview · at least {0} kept of {1}', formatCount(kept), formatCount(total)),

  // a restored view
  specMissing: (file: string) => l10n.t('The spec file {0} no longer exists, so this preview cannot run.', file),
  get specMissingHint() {
    return l10n.t('Restore the file, or open another dataset spec and run "Eval Lens: Preview Dataset Filters".');
  },

  // the count in the status bar
  statusBarCounting: (label: string) => l10n.t('Counting {0}', label),
  statusBarProgress: (progress: PreviewProgress) => {
    const percent = countPercent(progress);
    const rows = (progress.rowsSeen === 1 ? l10n.t('{0} row read', formatCount(progress.rowsSeen)) : l10n.t('{0} rows read', formatCount(progress.rowsSeen)));
    return percent === undefined ? rows : `${percent}% · ${rows}`;
  },
  get noCountToCancel() {
    return l10n.t('No filter preview is counting.');
  },

  // failures before or around the core
  specParseError: (message: string) => l10n.t('The spec cannot be read: {0}', message),
  get specParseHint() {
    return l10n.t('Fix the spec at the marked line and save: the preview runs again.');
  },
  noSource: (key: string) => l10n.t('Dataset "{0}" has no "source" (it is generated), so there are no rows to preview.', key),
  get noSourceHint() {
    return l10n.t('Add a "source" (local, folder or url) to preview rows and filters.');
  },
  get sourceErrorHint() {
    return l10n.t('Check the path and the filters in the spec and save: the preview runs again.');
  },
  unexpectedError: (message: string) => l10n.t('The preview stopped: {0}', message),

  // URL fetching
  urlFetchNever: (url: string) => l10n.t('Not fetching {0}: the setting "evalLens.preview.urlFetch" is "never".', url),
  get urlFetchNeverHint() {
    return l10n.t('Set "evalLens.preview.urlFetch" to "ask" or "always" to preview URL sources.');
  },
  urlFetchDeclined: (url: string) => l10n.t('Fetching {0} was declined.', url),
  get urlFetchDeclinedHint() {
    return l10n.t('Run the preview again and choose "Fetch" to load the URL.');
  },
  urlFetchQuestion: (url: string) => l10n.t('Download {0} to preview this dataset?', url),
  urlFetchQuestionUntrusted: (url: string) => l10n.t('This workspace is not trusted. Download {0} to preview this dataset?', url),
  get urlFetchDetail() {
    return l10n.t('The file is read for this preview only and not stored.');
  },
  get urlFetchConfirm() {
    return l10n.t('Fetch');
  },

  // results view
  get loading() {
    return l10n.t('Loading the preview…');
  },
  counting: (rowsSeen: number, rowsKept: number) => (rowsSeen === 1 ? l10n.t('Counting… {0} row read, {1} kept', formatCount(rowsSeen), formatCount(rowsKept)) : l10n.t('Counting… {0} rows read, {1} kept', formatCount(rowsSeen), formatCount(rowsKept))),
  countingBytes: (percent: number) => `${percent}%`,
  countingFiles: (done: number, total?: number) =>
    total === undefined ? (done === 1 ? l10n.t('{0} file', formatCount(done)) : l10n.t('{0} files', formatCount(done))) : (total === 1 ? l10n.t('{0} of {1} file', formatCount(done), formatCount(total)) : l10n.t('{0} of {1} files', formatCount(done), formatCount(total))),
  get cancel() {
    return l10n.t('Cancel');
  },
  get rerun() {
    return l10n.t('Run again');
  },
  get cancelled() {
    return l10n.t('Counting stopped before the end: the counts are lower bounds.');
  },
  capped: (cap: number, matched: number) => l10n.t('The table holds the first {0} of {1} kept rows.', formatCount(cap), formatCount(matched)),
  get funnelAria() {
    return l10n.t('Rows through each filter');
  },
  funnelTotal: (n: number) => l10n.t('{0} rows', formatCount(n)),
  funnelKept: (n: number) => l10n.t('{0} kept', formatCount(n)),
  funnelRemoved: (n: number) => l10n.t('−{0} removed', formatCount(n)),
  funnelNotComparable: (n: number) => l10n.t('{0} not comparable', formatCount(n)),
  get funnelNoFilters() {
    return l10n.t('no filters');
  },
  funnelStepTooltip: (label: string, before: number, after: number) => `${label}: ${formatCount(before)} → ${formatCount(after)}`,
  warningsSummary: (n: number) => (n === 1 ? l10n.t('{0} warning', formatCount(n)) : l10n.t('{0} warnings', formatCount(n))),
  warningLocation: (file: string, line?: number) => (line === undefined ? file : `${file}:${line}`),
  get noRowsKept() {
    return l10n.t('No row passes the filters.');
  },
  get noRowsInSource() {
    return l10n.t('The source has no rows.');
  },
  get originColumn() {
    return l10n.t('Origin');
  },
  originTooltip: (file: string, line?: number) => (line === undefined ? l10n.t('Open {0}', file) : l10n.t('Open {0} at line {1}', file, line)),
  get gridAria() {
    return l10n.t('Kept rows');
  },
  rowLoading: '…',
  get detailLabel() {
    return l10n.t('Full value');
  },
  detailTitle: (column: string, row: number) => l10n.t('{0} · row {1}', column, formatCount(row)),
  get detailClose() {
    return l10n.t('Close (Escape)');
  },
  get errorTitle() {
    return l10n.t('The preview could not run');
  },
  openAt: (file: string, line?: number) => (line === undefined ? l10n.t('Open {0}', file) : l10n.t('Open {0} at line {1}', file, line)),
  resizeColumn: (column: string) => l10n.t('Resize column {0}', column),
};
