/**
 * The filter preview's result: shared contract between src/core/sources (producer), the CLI and the
 * preview webview (consumer). Plain JSON-serialisable data only.
 */

export type RowValue = unknown;

export interface RowOrigin {
  /** Absolute path (or URL) of the file the row came from. */
  file: string;
  /** 1-based line of the row's first line in that file (CSV/JSONL); absent for folder rows. */
  line?: number;
}

export interface PreviewRow {
  values: Record<string, RowValue>;
  origin: RowOrigin;
}

export interface PreviewWarning {
  message: string;
  file?: string;
  /** 1-based line, when the warning is about a line of a data file. */
  line?: number;
}

export interface FilterStep {
  /** 0-based index of the filter in the source's `filters`. */
  index: number;
  /** Human label, e.g. "category in [math, code]". */
  label: string;
  /** Rows this filter removed from the rows that passed every filter before it. */
  removed: number;
  /** Of those removed, rows whose value could not be compared (missing, null, non-numeric). */
  notComparable: number;
}

export interface PreviewProgress {
  /** Bytes read so far and in all (files: number of files). */
  done: number;
  total?: number;
  unit: 'bytes' | 'files';
  rowsSeen: number;
  rowsKept: number;
}

export interface PreviewResult {
  columns: string[];
  /** The first `limit` kept rows. */
  rows: PreviewRow[];
  /** Rows loaded from the source. */
  total: number;
  /** Rows kept by all filters. */
  matched: number;
  removedPerFilter: FilterStep[];
  /** Rows (over all filters) that were removed because a value was not comparable. */
  notComparable: number;
  warnings: PreviewWarning[];
  /** False when the count was cancelled or stopped early; totals are then lower bounds. */
  complete: boolean;
}

export interface PreviewOptions {
  /** How many kept rows to return in `rows`. */
  limit: number;
  signal?: AbortSignal;
  onProgress?: (progress: PreviewProgress) => void;
  /** Called once as soon as `limit` rows are kept (or the source ended): the first page. */
  onFirstPage?: (partial: PreviewResult) => void;
  /** Path of the spec file: relative paths resolve against its directory (SEMANTICS §2). */
  specPath?: string;
  /** Asked before any network fetch; resolve false to refuse. Absent: fetch allowed. */
  confirmFetch?: (url: string) => Promise<boolean>;
  /** Timeout for URL sources, milliseconds. */
  urlTimeoutMs?: number;
  /** Worker threads for counting large local CSV/JSONL files; 0 counts on the calling thread. Default: the CPU count (at most 4). */
  workers?: number;
  /** Path of the built counting worker (`dist/worker/rangeCount.js`); found beside the bundle when absent. */
  workerScript?: string;
  /** Decode every row in full (no column-skipping fast path); for checks that the fast path agrees. */
  plainParsing?: boolean;
  /** Home directory for a leading `~` in paths; default the user's home. */
  homeDir?: string;
}
