/** User-visible strings of the filter preview in the editor: command, code lens, results view. */
import type { PreviewProgress } from '../model/previewTypes';

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

function plural(n: number, one: string, many: string): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}

export const previewViewStrings = {
  // command and pick
  pickDatasetPlaceholder: 'Choose the dataset to preview',
  pickDatasetDetail: (line: number) => `line ${line}`,
  noActiveSpec: 'Open a dataset spec (for example a *.dataset.yaml file) to preview its filters.',
  noDatasetInFile: (file: string) => `${file} holds no dataset (a mapping with "key" and "source").`,
  datasetIndexOutOfRange: (file: string, index: number, count: number) =>
    `${file} has ${plural(count, 'document', 'documents')}; there is no dataset number ${index + 1}.`,

  // panel and code lens
  panelTitle: (label: string) => `Preview: ${label}`,
  codeLensPreview: 'Preview',
  codeLensPreviewTooltip: 'Load this source, apply its filters and show the kept rows',
  codeLensCounted: (kept: number, total: number) => `Preview · ${formatCount(kept)} kept of ${formatCount(total)}`,
  codeLensCountedPartial: (kept: number, total: number) => `Preview · at least ${formatCount(kept)} kept of ${formatCount(total)}`,

  // a restored view
  specMissing: (file: string) => `The spec file ${file} no longer exists, so this preview cannot run.`,
  specMissingHint: 'Restore the file, or open another dataset spec and run "Eval Lens: Preview Dataset Filters".',

  // the count in the status bar
  statusBarCounting: (label: string) => `Counting ${label}`,
  statusBarProgress: (progress: PreviewProgress) => {
    const percent = countPercent(progress);
    const rows = `${plural(progress.rowsSeen, 'row', 'rows')} read`;
    return percent === undefined ? rows : `${percent}% · ${rows}`;
  },
  noCountToCancel: 'No filter preview is counting.',

  // failures before or around the core
  specParseError: (message: string) => `The spec cannot be read: ${message}`,
  specParseHint: 'Fix the spec at the marked line and save: the preview runs again.',
  noSource: (key: string) => `Dataset "${key}" has no "source" (it is generated), so there are no rows to preview.`,
  noSourceHint: 'Add a "source" (local, folder or url) to preview rows and filters.',
  sourceErrorHint: 'Check the path and the filters in the spec and save: the preview runs again.',
  unexpectedError: (message: string) => `The preview stopped: ${message}`,

  // URL fetching
  urlFetchNever: (url: string) => `Not fetching ${url}: the setting "evalLens.preview.urlFetch" is "never".`,
  urlFetchNeverHint: 'Set "evalLens.preview.urlFetch" to "ask" or "always" to preview URL sources.',
  urlFetchDeclined: (url: string) => `Fetching ${url} was declined.`,
  urlFetchDeclinedHint: 'Run the preview again and choose "Fetch" to load the URL.',
  urlFetchQuestion: (url: string) => `Download ${url} to preview this dataset?`,
  urlFetchQuestionUntrusted: (url: string) => `This workspace is not trusted. Download ${url} to preview this dataset?`,
  urlFetchDetail: 'The file is read for this preview only and not stored.',
  urlFetchConfirm: 'Fetch',

  // results view
  loading: 'Loading the preview…',
  counting: (rowsSeen: number, rowsKept: number) => `Counting… ${plural(rowsSeen, 'row', 'rows')} read, ${formatCount(rowsKept)} kept`,
  countingBytes: (percent: number) => `${percent}%`,
  countingFiles: (done: number, total?: number) =>
    total === undefined ? plural(done, 'file', 'files') : `${formatCount(done)} of ${plural(total, 'file', 'files')}`,
  cancel: 'Cancel',
  rerun: 'Run again',
  cancelled: 'Counting stopped before the end: the counts are lower bounds.',
  capped: (cap: number, matched: number) => `The table holds the first ${formatCount(cap)} of ${formatCount(matched)} kept rows.`,
  funnelAria: 'Rows through each filter',
  funnelTotal: (n: number) => `${formatCount(n)} rows`,
  funnelKept: (n: number) => `${formatCount(n)} kept`,
  funnelRemoved: (n: number) => `−${formatCount(n)} removed`,
  funnelNotComparable: (n: number) => `${formatCount(n)} not comparable`,
  funnelNoFilters: 'no filters',
  funnelStepTooltip: (label: string, before: number, after: number) => `${label}: ${formatCount(before)} → ${formatCount(after)}`,
  warningsSummary: (n: number) => plural(n, 'warning', 'warnings'),
  warningLocation: (file: string, line?: number) => (line === undefined ? file : `${file}:${line}`),
  noRowsKept: 'No row passes the filters.',
  noRowsInSource: 'The source has no rows.',
  originColumn: 'Origin',
  originTooltip: (file: string, line?: number) => (line === undefined ? `Open ${file}` : `Open ${file} at line ${line}`),
  gridAria: 'Kept rows',
  rowLoading: '…',
  detailLabel: 'Full value',
  detailTitle: (column: string, row: number) => `${column} · row ${formatCount(row)}`,
  detailClose: 'Close (Escape)',
  errorTitle: 'The preview could not run',
  openAt: (file: string, line?: number) => (line === undefined ? `Open ${file}` : `Open ${file} at line ${line}`),
  resizeColumn: (column: string) => `Resize column ${column}`,
};
