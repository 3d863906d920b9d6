/**
 * The filter preview's result: shared contract between src/core/sources (producer), the CLI and the
 * preview webview (consumer). Plain JSON-serialisable data only.
 */

import type { ColumnStatistics } from './columnStatisticsTypes';

type RowValue = unknown;

/** Where a row came from. */
export interface RowOrigin {
  /** Absolute path (or URL) of the file the row came from. */
  file: string;
  /** 1-based line of the row's first line in that file (CSV/JSONL); absent for folder rows. */
  line?: number;
}

/** One kept row: its values and where it came from. */
export interface PreviewRow {
  values: Record<string, RowValue>;
  origin: RowOrigin;
}

/** A row a filter step (or a record a selection step) removed (src/core/sources/removedRows.ts), with why. */
export interface RemovedRow {
  values: Record<string, unknown>;
  origin: RowOrigin;
  /** `failed`: the filter (or selecting field) was false; `notComparable`: an ordering filter met a value it cannot order. */
  outcome: 'failed' | 'notComparable';
  /** The value the filter or field read, as short text; undefined when the path led nowhere (missing). */
  value?: string;
}

/** One page of the rows a filter step (or the records a selection step) removed. */
export interface RemovedRowsPage {
  filterIndex: number;
  /** Selection steps (docs/semantics.md §9.1): the source field whose step removed the records. */
  field?: string;
  label: string;
  offset: number;
  rows: RemovedRow[];
  /** More removed rows follow this page. */
  more: boolean;
}

/** A problem met while reading the source, with the file and line when there is one. */
export interface PreviewWarning {
  message: string;
  file?: string;
  /** 1-based line, when the warning is about a line of a data file. */
  line?: number;
}

/** One step of the selection funnel: what one filter (or selection field) removed. */
export interface FilterStep {
  /** 0-based index of the filter in the source's `filters` (for a selection step: of the step). */
  index: number;
  /**
   * Selection steps only (docs/semantics.md §9.1, sources that take no `filters`): the source field that removed the
   * records (`session_id`, `from_time`, `limit`, …), so the view can link the step to the spec.
   */
  field?: string;
  /** Human label, e.g. "category in [math, code]". */
  label: string;
  /** Rows this filter removed from the rows that passed every filter before it. */
  removed: number;
  /** Of those removed, rows whose value could not be compared (missing, null, non-numeric). */
  notComparable: number;
  /** Selection steps: the records this step removed can be listed (src/core/sources/removedRows.ts). */
  listable?: boolean;
}

/**
 * A watch on one step of a selection funnel (the drill-down, src/core/sources/removedRows.ts): called for each record
 * the step of `field` removes, in the order the source offers them. `describe` builds the record's row with why, only
 * when the watcher wants it.
 */
export interface RemovedRecordWatch {
  field: string;
  removed(describe: () => RemovedRow, label: string): void;
}

/** How far a preview's count has gone. */
export interface PreviewProgress {
  /** Bytes read so far and in all (files: number of files). */
  done: number;
  total?: number;
  unit: 'bytes' | 'files' | 'records';
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
  /**
   * Sources that select records with their own fields (docs/semantics.md §9.1): `removedPerFilter` then holds the
   * selection steps (one per field that removed records, labelled "from 2026-11-01", "kept by limit", …).
   */
  selection?: boolean;
  /** What one record is, for the funnel's words ("412 sessions → …"); default rows. */
  recordNoun?: RecordNoun;
  /** How the count was made, in words: "counted by the hub", "counted here from 3 of 12 columns, 41 MB read". */
  countedBy?: string;
  /** The source said only part of the data was counted (the hub's `partial`): every count is a lower bound. */
  lowerBound?: boolean;
  /** Facts the source learned while loading, for completion and hovers in the editor. */
  sourceFacts?: SourceFacts;
  /**
   * Set when `traceRows` left kept rows without their `trace` (sources with a `trace` column): copies of the
   * given rows with it built again from the source (rows of other runs are returned as they are).
   */
  fillTraces?: (rows: readonly PreviewRow[], signal?: AbortSignal) => Promise<PreviewRow[]>;
  /** Statistics of every column of the kept rows, when `PreviewOptions.columnStatistics` asked for them. */
  columnStatistics?: ColumnStatistics[];
}

/** What one record of a source is. */
export type RecordNoun = 'rows' | 'sessions' | 'samples' | 'transcripts' | 'traces' | 'runs' | 'examples';

/** What a preview learned about its source, cached by the editor for completion and hovers. */
export interface SourceFacts {
  /** dataset_hub: the dataset's configs and splits, and the previewed split's features (name and hub type). */
  hub?: {
    dataset: string;
    config: string;
    split: string;
    configs: string[];
    splits: { config: string; split: string }[];
    features: { name: string; type: unknown }[];
  };
  /** coding_agent_sessions: ids of the sessions found (newest first, at most 200). */
  sessionIds?: string[];
  /** Keys seen in the first records' `metadata` and `scores` (coding_agent_sessions, eval_logs). */
  metadataKeys?: string[];
  scoreKeys?: string[];
}

export interface PreviewOptions {
  /** How many kept rows to return in `rows`. */
  limit: number;
  signal?: AbortSignal;
  onProgress?: (progress: PreviewProgress) => void;
  /** Called once as soon as `limit` rows are kept (or the source ended): the first page. */
  onFirstPage?: (partial: PreviewResult) => void;
  /**
   * Sources with a `trace` column: only the first `traceRows` kept rows carry their trace, the others null (the
   * result's `fillTraces` builds theirs when a page shows them), so that keeping many rows keeps little memory.
   * Default: every row of `rows`.
   */
  traceRows?: number;
  /** Path of the spec file: relative paths resolve against its directory (docs/semantics.md §2). */
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
  /**
   * Environment for default paths and credentials (`CLAUDE_CONFIG_DIR`, `HF_TOKEN`, `LANGSMITH_API_KEY`, …,
   * docs/semantics.md §7, §9); default `process.env`.
   */
  env?: Record<string, string | undefined>;
  /**
   * The `secrets:` map `<< secrets.NAME >>` values are read through (docs/semantics.md §11.2); `preview` takes the
   * dataset's own when it has one. A NAME the map does not hold is read from the environment variable NAME.
   */
  secrets?: Record<string, unknown>;
  /** Looks up a `{ secret: NAME }` credential (the editor's secret storage); absent: such a reference is an error. */
  resolveSecret?: (name: string) => Promise<string | undefined>;
  /** Largest archive entry read, uncompressed, in MB (`evalLens.preview.maxEntryMB`, default 1024). */
  maxEntryMB?: number;
  /**
   * Called with every kept row, in source order, decoded in full (for exports). Set, the source is read
   * on the calling thread without the column-skipping fast path; `rows` still holds the first `limit`.
   */
  onRow?: (values: Record<string, unknown>, origin: RowOrigin) => void;
  /**
   * With `onRow`: awaited by the source before each read (a chunk of a file or a download, a request of a page); it
   * resolves when the receiver of the rows wants more, so that a slow receiver slows the reading (backpressure), and
   * at once when the run is cancelled. Undefined or an absent hook: read on.
   */
  rowsWanted?: () => Promise<void> | undefined;
  /**
   * Local CSV/JSONL files: sketch every column of every kept row in the same pass (in the counting workers) and
   * return `columnStatistics` (docs/semantics.md §13). Other sources ignore it (see sources/columnStatistics.ts).
   */
  columnStatistics?: boolean;
  /** Sources that select with their own fields: each record the step of `removedBy.field` removes goes to it. */
  removedBy?: RemovedRecordWatch;
}
