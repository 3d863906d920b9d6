/**
 * View model of a task result log: what the extension host computes from a log and serves to the report
 * (webview, standalone HTML export, CLI). Plain JSON-serialisable data only.
 * Shared contract between src/core/log (producer) and webview/logReport (consumer).
 */

export type ScorerPurpose = 'score' | 'qa';
/** Whether a reported value agrees with the one recomputed from the per-sample scores. */
export type Verdict = 'match' | 'mismatch' | 'not_verifiable';
/** How one sample carries its evidence: at sample level (`legacy`) or in `trials`. */
export type SampleLayout = 'legacy' | 'trials';
/** How the samples of a log carry their evidence: `legacy`, `trials`, both (`mixed`) or no samples (`none`). */
export type LogLayout = SampleLayout | 'mixed' | 'none';
type ErrorLevel = 'log' | 'task' | 'run' | 'sample' | 'trial';
type TokenPurpose = 'test' | 'judge' | 'generate' | 'auxiliary';

/** A reported value checked against the per-sample scores (docs/semantics.md §7). */
export interface Verification {
  verdict: Verdict;
  /** The value recomputed from the per-sample scores (when verifiable). */
  recomputed?: number;
  /** Why a value is not verifiable, or how the mismatch arose, in plain words. */
  reason?: string;
  /** Number of samples that contributed to the recomputation. */
  sampleCount?: number;
  /** Not verified yet: the samples are still being read, and a later summary verifies the value. */
  pending?: boolean;
}

/** One value of a metric, with its verification against the per-sample scores. */
export interface MetricValueView {
  key: string;
  value: unknown;
  verification: Verification;
  /** Histogram of the per-sample values behind this metric value (bins of equal width), when numeric. */
  distribution?: { min: number; max: number; counts: number[] };
  /** The 95% Wilson interval (and the normal one from 300 values on) of a mean of 0/1 values (docs/semantics.md §12). */
  interval?: ProportionInterval;
  /** How many numeric per-sample values there are and their variance (n − 1): what a plan is made from. */
  spread?: { n: number; variance: number };
  /** The unbiased pass@k and pass^k curves of the score of the same name over trials, when it is 0/1. */
  curve?: PassCurveView;
}

/** The 95% interval of a mean of 0/1 values (docs/semantics.md §12): Wilson, and the normal one from N ≥ 300. */
export interface ProportionInterval {
  n: number;
  passes: number;
  estimate: number;
  wilsonLow: number;
  wilsonHigh: number;
  /** p̂ ± z·SE, only when n ≥ 300. */
  normalLow?: number;
  normalHigh?: number;
}

/** One point of the unbiased pass@k and pass^k curves: means over samples with their standard errors. */
export interface PassCurvePoint {
  k: number;
  passAtK: number;
  passAtKSe: number | null;
  passPowK: number;
  passPowKSe: number | null;
}

/** The unbiased curves of one 0/1 score over k = 1 … K (docs/semantics.md §12). */
export interface PassCurveView {
  /** Samples with trials that carry the score. */
  samples: number;
  points: PassCurvePoint[];
  /** When the curves stop before the most trials a sample has: that number, and how many samples have fewer (they end the curve). */
  shortfall?: { mostTrials: number; fewer: number };
}

/** One sample's own unbiased curves for one 0/1 score: n trials, c passes, a value per k = 1 … n. */
export interface SamplePassCurve {
  scorerKey: string;
  score: string;
  trials: number;
  passes: number;
  passAtK: number[];
  passPowK: number[];
}

/** One metric of the log: its values, the scorer that owns it and its type. */
export interface MetricView {
  metricKey: string;
  metricType?: string;
  scorerKey?: string;
  scorerName?: string;
  scorerPurpose: ScorerPurpose;
  reason?: string;
  /**
   * The per-sample score column the metric's values are computed from, when it is not `scorerKey/valueKey`: an
   * Inspect metric reads its score's epoch-reduced values (docs/inspect-logs.md).
   */
  column?: string;
  values: MetricValueView[];
}

/** The metrics of one scorer. */
export interface MetricGroup {
  /** Scorer key; undefined for metrics without an owning scorer. */
  scorerKey?: string;
  scorerName?: string;
  purpose: ScorerPurpose;
  metrics: MetricView[];
}

/** Where an error happened: the log, the task, a run, a sample or one of its trials. */
export interface ErrorWhere {
  level: ErrorLevel;
  runIndex?: number;
  /** Position of the sample in its samples array (stable id for requests). */
  sampleIndex?: number;
  sampleId?: string | number;
  trialIndex?: number;
}

/** One error of the log, with where it happened. */
export interface ErrorView {
  errorType: string;
  message: string;
  hint?: string;
  stage?: string;
  where: ErrorWhere;
}

/** The errors of one stage. */
export interface ErrorGroup {
  /** One of the six stages, or 'unknown' when the error has none. */
  stage: string;
  total: number;
  /** The first errors of the group (capped; `total` says how many there are). */
  errors: ErrorView[];
}

/** Tokens one model used for one purpose. */
export interface TokenUsageRow {
  modelId: number;
  /** The model's name where the log gives it (the evaluated entity's key for its `model_id`). */
  modelName?: string;
  purpose: TokenPurpose | string;
  promptTokens: number;
  completionTokens: number;
}

/** One score of the samples, as a column: the key of `SampleRow.scores`. */
export interface ScoreColumn {
  /** `${scorerKey}/${valueKey}`: the key used in SampleRow.scores and in sort/filter requests. */
  id: string;
  scorerKey: string;
  scorerName?: string;
  valueKey: string;
  kind: 'number' | 'boolean' | 'string' | 'mixed';
  /** Every value is 0, 1, true or false, so "pass" (1 or true) and "fail" (0 or false) sort every sample. */
  binary?: boolean;
}

/** How one score is aggregated over the trials of a sample (docs/semantics.md §8). */
export interface AggregatorView {
  scoreName: string;
  function: 'mean' | 'min' | 'max' | 'pass@k' | 'pass^k' | string;
  k?: number;
  /** Name the aggregated value is stored under. */
  targetName: string;
  /** True when two aggregators of one score store under the same name (docs/semantics.md §8). */
  collides?: boolean;
}

/** One metric value across the runs of a repeatability assessment. */
export interface RepeatabilityStat {
  scorerKey?: string;
  metricKey: string;
  valueKey: string;
  /** One value per run (null when the run has none). */
  perRun: (number | null)[];
  mean: number | null;
  std: number | null;
  min: number | null;
  max: number | null;
}

/** One run of a repeatability assessment. */
export interface RunSummaryView {
  index: number;
  metrics: MetricGroup[] | null;
  sampleCount: number;
  errorCount: number;
  failures?: { numErrors: number; numTotal: number };
}

/** Where a file breaks its JSON Schema. */
export interface SchemaProblem {
  message: string;
  /** JSON pointer of the offending value. */
  path: string;
  line?: number;
  column?: number;
}

export interface LogSummary {
  fileName: string;
  fileSize: number;
  /** Increases each time the file is reloaded; pages of an older generation are stale. */
  generation: number;
  displayName: string;
  status: string;
  formatVersion: string;
  appVersion: string;
  task: unknown;
  evaluatedEntity?: unknown;
  config: unknown;
  runConfig?: unknown;
  repeatability?: { numRuns: number };
  trials?: { numTrials: number; aggregators: AggregatorView[] };
  execution: { startedAt?: number; endedAt?: number; runtime?: number; modelUsage?: unknown };
  /** null when the log carries no metrics; `metricsMissingReason` then says why. */
  metrics: MetricGroup[] | null;
  metricsMissingReason?: string;
  errors: ErrorGroup[];
  errorTotal: number;
  failures?: { numErrors: number; numTotal: number };
  tokenUsage: TokenUsageRow[];
  samples: {
    count: number;
    layout: LogLayout;
    scoreColumns: ScoreColumn[];
    /** Names of the sample data fields most worth showing as table columns. */
    dataColumns: string[];
    errorStages: string[];
    maxTrials: number;
    /** k used for the pass@k / pass^k columns (number of trials unless an aggregator names k). */
    passK: number;
  };
  runs?: { runs: RunSummaryView[]; stats: RepeatabilityStat[] };
  /** Schema problems: the report still opens and shows a banner. */
  schemaProblems: SchemaProblem[];
  /** What a log read by another reader (an Inspect log) lacks or left out, in plain words: shown as a banner. */
  notes?: string[];
  /**
   * The samples are still being read: this summary is the log's header and its stored metrics (each verification
   * `pending`), the count is the one the log states, and a complete summary follows (LogSource.earlySummary).
   */
  samplesPending?: boolean;
}

export interface SampleQuery {
  offset: number;
  limit: number;
  /** Column: 'sampleId', 'index', 'errors', a data column `data:${name}` or a ScoreColumn id. */
  sort?: { column: string; direction: 'asc' | 'desc' };
  /** Case-insensitive text search across sample id, data, outputs and error messages. */
  search?: string;
  /** Keep samples whose (aggregated) score in `column` equals `value` (`'pass'`/`'fail'` for booleans and 1/0). */
  scoreFilter?: { column: string; value: string | number | boolean };
  /** Keep samples that have an error at this stage ('unknown' for none given, 'any' for any error). */
  errorStage?: string;
  /** Samples of one run (repeatability); undefined for the top-level samples. */
  runIndex?: number;
  /** Keep samples that carry the value behind one metric (clicking a metric card). */
  metric?: { scorerKey?: string; valueKey: string };
  /** A sample (its index) whose place in the filtered, sorted list the page reports as `located`. */
  locate?: number;
}

/** One trial's outcome in a samples-table row. */
export interface TrialCell {
  index: number;
  outcome: 'pass' | 'fail' | 'error' | 'unknown';
}

/** One sample as a row of the samples table: id, data previews, sample-level scores, trial outcomes. */
export interface SampleRow {
  /** Position in the samples array: the id used for detail requests. */
  index: number;
  sampleId: string | number;
  /** Short text previews of the data columns (truncated). */
  data: Record<string, string>;
  /** Sample-level value per ScoreColumn id (aggregated across trials where there are trials). */
  scores: Record<string, number | boolean | string | null>;
  trials: TrialCell[];
  passAtK?: number;
  passPowK?: number;
  errorStages: string[];
  errorCount: number;
}

export interface SamplePage {
  generation: number;
  total: number;
  offset: number;
  rows: SampleRow[];
  /** Present while a search covers only the first `searched` of `total` samples (their texts are still being built). */
  searching?: { searched: number; total: number };
  /** Where the query's `locate` sample stands in the list; -1 when the filters leave it out. */
  located?: number;
}

/** One item of a conversation: a message, reasoning, a function call or its output, a scorer's score. */
export type TraceItemView =
  | { kind: 'message'; role: string; parts: { type: string; text: string }[]; raw?: unknown }
  | { kind: 'reasoning'; text: string; summary?: string }
  | { kind: 'function_call'; name: string; callId?: string; arguments: string; output?: string; subAgents?: SubAgentView[] }
  | { kind: 'function_call_output'; callId?: string; output: string }
  /** A score a scorer gave (an Inspect `score` event): its value, and the answer, target and explanation when given. */
  | { kind: 'score'; value: string; answer?: string; target?: string; explanation?: string }
  | { kind: 'unknown'; itemType?: string; value: unknown };

/** A sub-agent's transcript, shown under the call that started it (docs/semantics.md §9.1). */
export interface SubAgentView {
  spanId: string;
  name: string;
  type?: string;
  messageCount: number;
  tokens?: number;
  error?: string;
  /** Its conversation; calls in it carry their own sub-agents. */
  items: TraceItemView[];
}

/** One span of a trace's span tree. */
export interface SpanNode {
  id?: string;
  name?: string;
  type?: string;
  children: SpanNode[];
  /** Anything else the event carried, for display as JSON. */
  attributes?: Record<string, unknown>;
}

/** A conversation in turns, with the items before the first user message apart. */
export interface TraceView {
  /** Items before the first user message (collapsed by default). */
  preamble: TraceItemView[];
  turns: TraceItemView[];
  metadata?: Record<string, unknown>;
  spans?: SpanNode[];
  spanId?: string;
  spanName?: string;
  spanType?: string;
}

/** What a trial produced: a conversation, text, JSON, or why there is nothing to show. */
export type OutputView =
  | { kind: 'trace'; trace: TraceView }
  | { kind: 'text'; text: string }
  | { kind: 'json'; value: unknown }
  | { kind: 'none'; reason: string };

/** The values one scorer gave a sample or a trial. */
export interface ScoreDetail {
  scorerKey: string;
  scorerName?: string;
  purpose: ScorerPurpose;
  values: Record<string, unknown>;
  metadata?: unknown;
  directIos?: unknown[];
  /** Verification of sample-level aggregated values against the trials, per value key. */
  verification?: Record<string, Verification>;
  /** True when the log has no sample-level scores here and `values` were aggregated from the trials. */
  derived?: boolean;
  /** Value key on which trial aggregators collide → every computed value (docs/semantics.md §8). */
  collisions?: Record<string, { function: string; label: string; value: number; k?: number }[]>;
}

/** The expected output named in a sample's data. */
export interface SampleTarget {
  /** The data field it comes from. */
  key: string;
  value: unknown;
}

/** One trial of a sample: its output, scores and errors. */
export interface TrialDetail {
  index: number;
  data?: unknown;
  output: OutputView;
  scores: ScoreDetail[];
  errors: ErrorView[];
}

/** Everything about one sample: its data, trials, outputs, scores, errors and curves. */
export interface SampleDetail {
  generation: number;
  index: number;
  runIndex?: number;
  sampleId: string | number;
  layout: SampleLayout;
  data: unknown;
  /** For legacy samples: one pseudo-trial holding the sample-level solver output and scores. */
  trials: TrialDetail[];
  /** Sample-level scores (legacy, or aggregated across trials). */
  scores: ScoreDetail[];
  errors: ErrorView[];
  passAtK?: number;
  passPowK?: number;
  /** Why some data is absent (docs/semantics.md §8), in plain words. */
  notes: string[];
  /** The expected output named in the sample's data (`target`, `answer`, …), shown beside the final output. */
  target?: SampleTarget;
  /** The sample's unbiased pass@k and pass^k curves, per 0/1 score over its trials (docs/semantics.md §12). */
  curves?: SamplePassCurve[];
}
