/**
 * The public shapes of the Node API (docs/api.md). Figures of a log, a sample, a comparison and a preview are the
 * plain JSON-serialisable view models the report, the compare view and the command line are built from; the
 * types of the log file itself are generated from schemas/task-result-log.schema.json (./generated/taskResultLog).
 */
import type {
  AggregatorView,
  ErrorGroup,
  LogLayout,
  MetricGroup,
  RepeatabilityStat,
  RunSummaryView,
  SampleDetail,
  SampleRow,
  SchemaProblem,
  ScoreColumn,
  TokenUsageRow,
  Verdict,
} from '../core/model/logViewTypes';
import type { CandidateComparison, ComparisonSummary, SampleChange } from '../core/model/compareTypes';
import type { FilterStep, PreviewProgress, PreviewRow, PreviewWarning, RecordNoun } from '../core/model/previewTypes';

export type {
  AggregatorView,
  ErrorGroup,
  ErrorView,
  ErrorWhere,
  LogLayout,
  MetricGroup,
  MetricValueView,
  MetricView,
  OutputView,
  PassCurvePoint,
  PassCurveView,
  ProportionInterval,
  RepeatabilityStat,
  RunSummaryView,
  SampleDetail,
  SampleLayout,
  SamplePassCurve,
  SampleRow,
  SampleTarget,
  SchemaProblem,
  ScoreColumn,
  ScoreDetail,
  SpanNode,
  TokenUsageRow,
  TraceItemView,
  TraceView,
  TrialCell,
  TrialDetail,
  Verdict,
  Verification,
} from '../core/model/logViewTypes';
export type { CandidateComparison, CompareLogHeader, ComparisonSummary, MetricComparison, SampleChange } from '../core/model/compareTypes';
export type { FilterStep, PreviewProgress, PreviewRow, PreviewWarning, RecordNoun, RowOrigin } from '../core/model/previewTypes';
export type * from './generated/taskResultLog';

/** Who ran what, and how: the header of a log. */
export interface LogHeader {
  /** The file's base name (or the name given in {@link OpenLogOptions.fileName}). */
  fileName: string;
  /** Size of the file in bytes. */
  fileSize: number;
  displayName: string;
  /** `success` or `failure`. */
  status: string;
  formatVersion: string;
  appVersion: string;
  /** The log's `specification.task`, as written. */
  task: unknown;
  evaluatedEntity?: unknown;
  config: unknown;
  runConfig?: unknown;
  /** Present when the run assessed repeatability. */
  repeatability?: { numRuns: number };
  /** Present when samples have trials: how many, and how their scores are aggregated (docs/semantics.md §8). */
  trials?: { numTrials: number; aggregators: AggregatorView[] };
}

/** When the run started and ended (Unix seconds), how long it took (seconds), and its model usage as written. */
export interface LogTiming {
  startedAt?: number;
  endedAt?: number;
  runtime?: number;
  modelUsage?: unknown;
  /** Tokens per model and purpose. */
  tokenUsage: TokenUsageRow[];
}

/** The log's errors grouped by stage, with the run's failure counts. */
export interface LogErrors {
  /** Every error of the log (log, task, run, sample and trial level). */
  total: number;
  /** One group per stage; each lists its first errors (`total` says how many there are). */
  byStage: ErrorGroup[];
  failures?: { numErrors: number; numTotal: number };
}

/** What the samples look like: how many, their layout and the score columns of {@link SampleRow.scores}. */
export interface LogSamplesInfo {
  count: number;
  layout: LogLayout;
  scoreColumns: ScoreColumn[];
  /** Names of the sample data fields most worth showing. */
  dataColumns: string[];
  errorStages: string[];
  maxTrials: number;
  /** k of the pass@k and pass^k figures. */
  passK: number;
}

/** How a log is opened. */
export interface OpenLogOptions {
  /** Name shown for the log (default: the file's base name; for a stream, `log.json`). */
  fileName?: string;
  /**
   * Logs larger than this many bytes are indexed sample by sample from the file and never held whole; smaller ones
   * are read at once. Default 8 MiB.
   */
  leanAboveBytes?: number;
}

/** A page of samples, as {@link TaskResultLog.page} returns it. */
export interface SamplePageQuery {
  /** First sample of the page in the filtered, sorted list (default 0). */
  offset?: number;
  /** How many samples (default 100). */
  limit?: number;
  /** Column: `sampleId`, `index`, `errors`, `data:<name>` or a {@link ScoreColumn.id}. */
  sort?: { column: string; direction: 'asc' | 'desc' };
  /** Case-insensitive text searched in sample ids, data, outputs and error messages. */
  search?: string;
  /** Keep samples whose (aggregated) score in `column` equals `value` (`'pass'`/`'fail'` for 0/1 and booleans). */
  scoreFilter?: { column: string; value: string | number | boolean };
  /** Samples of one repeatability run (default: the top-level samples). */
  runIndex?: number;
}

/** One page of samples. */
export interface SamplesPage {
  /** Samples that pass the search and filter. */
  total: number;
  offset: number;
  rows: SampleRow[];
}

/** Which samples {@link TaskResultLog.samples} iterates. */
export interface SamplesOptions {
  /** The samples of one repeatability run (default: the top-level samples). */
  runIndex?: number;
  /** How many samples are read from the index at a time (default 1000). */
  batchSize?: number;
}

/** One value `log verify` recomputed: a metric value, or a sample-level value aggregated over trials. */
export interface VerifiedValue {
  key: string;
  reported: unknown;
  recomputed: number | null;
  verdict: Verdict;
  reason?: string;
  run_index?: number;
}

/** A verified metric value. */
export interface VerifiedMetric extends VerifiedValue {
  metric_key: string;
  scorer_key: string | null;
}

/** A verified sample-level aggregated value. */
export interface VerifiedSampleValue extends VerifiedValue {
  sample_id: string | number;
  scorer_key: string;
}

/** The 95% interval of a metric value whose sample-level values are all 0/1 (docs/semantics.md §12). */
export interface VerifiedInterval {
  metric_key: string;
  scorer_key: string | null;
  key: string;
  n: number;
  value: number;
  wilson: [number, number];
  normal?: [number, number];
}

/** The unbiased pass@k and pass^k curves of one 0/1 score over trials (docs/semantics.md §12). */
export interface VerifiedCurves {
  scorer_key: string;
  score: string;
  samples: number;
  k_max: number;
  /** Present when k stops before the most trials a sample has: that number and how many samples have fewer trials. */
  shortfall?: { most_trials: number; samples_with_fewer: number };
  curve: { k: number; pass_at_k: number; pass_at_k_se: number | null; pass_pow_k: number; pass_pow_k_se: number | null }[];
  per_sample: { sample_id: string | number; trials: number; passes: number; pass_at_k: number[]; pass_pow_k: number[] }[];
}

/** What `eval-lens log verify --json` prints: every verifiable value recomputed, and the log's statistics. */
export interface LogVerificationResult {
  status: string;
  metrics: VerifiedMetric[];
  samples: VerifiedSampleValue[];
  statistics: { note?: string; intervals: VerifiedInterval[]; pass_curves?: VerifiedCurves[] };
}

/** Options of {@link TaskResultLog.verify}. */
export interface VerifyOptions {
  /** Add the pass@k and pass^k curves (`log verify --curves`); they read every sample again. */
  curves?: boolean;
}

/** An open task result log: its figures at once, its samples on demand. Close it when done. */
export interface TaskResultLog {
  readonly header: LogHeader;
  /** Metric values by scorer, each with its verification; null when the log carries none (see `metricsMissingReason`). */
  readonly metrics: MetricGroup[] | null;
  readonly metricsMissingReason?: string;
  readonly errors: LogErrors;
  readonly timing: LogTiming;
  readonly samplesInfo: LogSamplesInfo;
  /** Each repeatability run's metrics and the statistics across runs. */
  readonly runs?: { runs: RunSummaryView[]; stats: RepeatabilityStat[] };
  /** Where the file breaks its JSON Schema (the log is still read). Large logs are checked in the background. */
  schemaProblems(): Promise<SchemaProblem[]>;
  /** Every sample in order, with its trial outcomes and sample-level (aggregated) scores, read from the index. */
  samples(options?: SamplesOptions): AsyncIterableIterator<SampleRow>;
  /**
   * Every sample in order, in full as {@link TaskResultLog.sample} gives it: each trial with its output and scores.
   * Each sample is read back from the file when its turn comes, so this takes longer than `samples()`.
   */
  sampleDetails(options?: { runIndex?: number }): AsyncIterableIterator<SampleDetail>;
  /** One page of samples, searched, filtered and sorted. */
  page(query?: SamplePageQuery): Promise<SamplesPage>;
  /** Everything about one sample (its index in the samples array): data, trials, outputs, scores, errors. */
  sample(index: number, runIndex?: number): Promise<SampleDetail>;
  /** The same result as `eval-lens log verify --json`. */
  verify(options?: VerifyOptions): Promise<LogVerificationResult>;
  /** Releases the log (and a background check); the log cannot be read after. */
  close(): Promise<void>;
}

/** Options of {@link compareLogs}. */
export interface CompareLogsOptions {
  /** A key of the sample data that groups samples into clusters (clustered standard errors). */
  cluster?: string;
  /** Metrics where lower is better: a metric key, a value key, `metricKey/valueKey` or a score column id. */
  lowerIsBetter?: string[];
  /** A difference to plan for: the samples needed per metric key (`--delta`). */
  delta?: number;
  /** The paired bootstrap and sign-flip permutation test (`--resampling`). */
  resampling?: boolean;
  /** Seed of the resampling (implies `resampling`). */
  seed?: number;
}

/** What `eval-lens log compare --json` prints: the summary, with each candidate's per-sample changes. */
export interface ComparisonReport extends Omit<ComparisonSummary, 'candidates'> {
  candidates: (CandidateComparison & { sampleChanges: SampleChange[] })[];
}

/** A spec given as text rather than as a file. */
export interface SpecText {
  text: string;
  /**
   * The file name it stands for (default `spec.yaml`): it decides how the text is recognised, and relative paths in
   * it resolve against its folder (see `baseDir`).
   */
  name?: string;
}

/** Options of {@link previewDataset}. */
export interface PreviewDatasetOptions {
  /**
   * How many kept rows `rows` yields (default 20, as `eval-lens preview`), the funnel counted over the whole source
   * before the promise resolves; or `'all'`: every kept row, read from the source as `rows` is iterated, the funnel
   * known when the iteration ends ({@link DatasetRowStream}).
   */
  limit?: number | 'all';
  /** The 1-based YAML document of a multi-document spec (default 1). */
  doc?: number;
  /** Folder that relative paths resolve against when the spec is given as text (default the current folder). */
  baseDir?: string;
  /**
   * Stops the count; the figures are then lower bounds (`complete: false`). With `limit: 'all'`, stops the reading:
   * `rows` ends after the rows already read.
   */
  signal?: AbortSignal;
  /** Called as the source is read: bytes, records or files done, rows seen and kept. */
  onProgress?: (progress: PreviewProgress) => void;
}

/** The selection funnel: rows read, then what each filter removed, then rows kept. */
export interface PreviewFunnel {
  /** Rows (or records) read from the source. */
  total: number;
  /** Rows kept by every filter. */
  matched: number;
  steps: FilterStep[];
  /** Rows removed because a value could not be compared. */
  notComparable: number;
  /** False when the count stopped early; the figures are then lower bounds. */
  complete: boolean;
  recordNoun?: RecordNoun;
  countedBy?: string;
  lowerBound?: boolean;
}

/** A dataset's preview. */
export interface DatasetPreview {
  columns: string[];
  /** The first kept rows (at most `limit`). */
  rows: AsyncIterableIterator<PreviewRow>;
  funnel: PreviewFunnel;
  warnings: PreviewWarning[];
}

/**
 * Every kept row of a dataset, read from its source as `rows` is iterated: what `previewDataset(spec, { limit:
 * 'all' })` resolves to. The source is opened at the first row asked for; a few hundred rows at most wait in memory
 * (a consumer that is behind holds the source's next read back), so a source of any size streams in bounded memory.
 */
export interface DatasetRowStream {
  /**
   * Every kept row, in the order `eval-lens dataset export` writes them, with credentials named by the environment
   * masked. `break` out of a `for await` (or `return()`) stops the reading and resolves once the source's files are
   * closed and its requests aborted. A source that fails throws a {@link PreviewError} from the iteration.
   */
  rows: AsyncIterableIterator<PreviewRow>;
  /**
   * The funnel of what was read, once `rows` ended: the whole source's (`complete: true`), or, after a `break` or
   * the signal, the part read (`complete: false`, lower bounds). Undefined while rows remain, and after a failure.
   */
  readonly funnel: PreviewFunnel | undefined;
  /** The columns of the rows read, once `rows` ended; undefined before. */
  readonly columns: string[] | undefined;
  /** The source's warnings, once `rows` ended; undefined before. */
  readonly warnings: PreviewWarning[] | undefined;
}

/** `jsonl` or `csv`. */
export type ExportFormat = 'jsonl' | 'csv';

/** Options of {@link exportDataset}. */
export interface ExportOptions {
  /** The 1-based YAML document of a multi-document spec (default 1). */
  doc?: number;
  /** Folder that relative paths resolve against when the spec is given as text (default the current folder). */
  baseDir?: string;
  /** Cancels the export; nothing is written. */
  signal?: AbortSignal;
  onProgress?: (progress: PreviewProgress) => void;
}

/** What {@link exportDataset} wrote. */
export interface ExportResult {
  /** Rows written. */
  rows: number;
  outPath: string;
}

/** One problem of a file, as `eval-lens validate --json` gives it (1-based lines and columns). */
export interface SpecDiagnostic {
  severity: 'error' | 'warning' | 'info';
  message: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  /** JSON pointer of the value concerned. */
  path: string;
}

/** A file's validation, as one entry of `eval-lens validate --json`. */
export interface ValidationReport {
  file: string;
  /** What the file was recognised as (`dataset`, `taskResultLog`, …), or null. */
  kind: string | null;
  /** No diagnostic of severity `error`. */
  valid: boolean;
  /** A file named on its own that is none of ours (nothing was checked). */
  skipped?: true;
  diagnostics: SpecDiagnostic[];
}
