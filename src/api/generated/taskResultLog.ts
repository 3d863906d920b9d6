// Generated from schemas/task-result-log.schema.json by scripts/generateLogTypes.js. Do not edit.

/**
 * The self-contained record of one task run: aggregated metrics, per-sample evidence, the configuration that produced them, execution timing and errors.
 */
export interface TaskResultLogConfiguration {
  /**
   * **Required.** Format version: `v1`.
   */
  format_version: "v1";
  /**
   * **Required.** Version of the platform that computed the log.
   */
  app_version: string;
  /**
   * **Required.** `success` or `failure`.
   */
  status: TaskResultStatus;
  /**
   * **Required.** The results: metrics, samples, runs, errors and token usage.
   */
  evidence: TaskResultEvidence;
  /**
   * **Required.** What was evaluated and how.
   */
  specification: TaskResultSpecification;
  /**
   * **Required.** Timing and usage.
   */
  execution: TaskExecution;
  /**
   * **Required.** Errors that prevented the task from completing.
   */
  errors: TaskResultError[];
}

/**
 * Outcome of the task run.
 */
export type TaskResultStatus = "success" | "failure";

/**
 * The results of the run.
 */
export interface TaskResultEvidence {
  /**
   * **Required.** The aggregated metrics, each the aggregation of the per-sample scores of this log. `null` if an error occurred.
   */
  metrics: MetricData[] | null;
  /**
   * Per-sample evidence as produced by the task. Optional.
   */
  samples?: SampleEvidence[] | null;
  /**
   * Per-run evidence for repeatability results; absent when repeatability is not assessed.
   */
  runs?: RunEvidence[] | null;
  /**
   * Task-level errors. Default: `[]`.
   */
  errors?: TaskResultError[];
  /**
   * Count of errors (`num_errors`) against the total (`num_total`). Optional.
   */
  failures?: TaskResultFailures | null;
  /**
   * Token usage per model and purpose. Default: `[]`.
   */
  model_token_usages?: ModelTokenUsage[];
}

/**
 * What was evaluated and how.
 */
export interface TaskResultSpecification {
  /**
   * **Required.** Display name of the evaluation.
   */
  display_name: string;
  /**
   * **Required.** The stored task that was run.
   */
  task: Record<string, unknown>;
  /**
   * **Required.** Task configuration used for this run; trial settings are under `trials`.
   */
  config: TaskConfig;
  /**
   * The stored dataset or model that was evaluated; present only for benchmark tasks.
   */
  evaluated_entity?: Record<string, unknown> | null;
  /**
   * **Required.** The run configuration.
   */
  run_config: unknown;
  /**
   * Repeatability settings (`num_runs`). Optional.
   */
  repeatability_config?: RepeatabilityConfig | null;
}

/**
 * Timing and usage of the run.
 */
export interface TaskExecution {
  /**
   * **Required.** Duration of the run, in seconds.
   */
  runtime: number;
  /**
   * **Required.** Start time: Unix timestamp in seconds.
   */
  started_at: number;
  /**
   * **Required.** End time: Unix timestamp in seconds.
   */
  ended_at: number;
  /**
   * Model usage of the run. Optional.
   */
  model_usage?: unknown;
}

/**
 * An error raised during the run.
 */
export interface TaskResultError {
  /**
   * **Required.** Type of the error.
   */
  error_type: string;
  /**
   * **Required.** The error message raised during evaluation.
   */
  message: string;
  /**
   * A suggestion for fixing the issue. Optional.
   */
  hint?: string | null;
  /**
   * Where in the run the error arose: `configuration`, `dataset`, `solver`, `score`, `metric` or `action`. Optional.
   */
  stage?: TaskResultErrorStage | null;
}

/**
 * One aggregated metric: the aggregation of the per-sample scores of the same log.
 */
export interface MetricData {
  /**
   * **Required.** The metric values, by score name.
   */
  values: Record<string, unknown>;
  /**
   * **Required.** Key of the metric.
   */
  metric_key: string;
  /**
   * Type of the metric (e.g. `mean`, `accuracy`). Present for newly computed results; may be missing in legacy logs.
   */
  metric_type?: string | null;
  /**
   * Display name of the owning scorer; present only for benchmark tasks.
   */
  scorer_name?: string | null;
  /**
   * Key of the owning scorer; present only for benchmark tasks.
   */
  scorer_key?: string | null;
  /**
   * Purpose of the owning scorer: `score` or `qa`. Default: `score`. Present only for benchmark tasks.
   */
  scorer_purpose?: ScorerPurpose | null;
  /**
   * Freeform explanation of the value; present only for system tasks.
   */
  reason?: string | null;
}

/**
 * The evidence of one sample. Legacy evidence carries `sample`, `solver` and `scores` here; otherwise the data lives in `trials`.
 */
export interface SampleEvidence {
  /**
   * **Required.** Id of the sample.
   */
  sample_id: string | number;
  /**
   * The sample's data. Present only for legacy evidence or when computing repeatability; otherwise in `trials`.
   */
  sample?: SampleData | null;
  /**
   * The solver output. Present only for legacy evidence; otherwise in `trials`.
   */
  solver?: SolverData | null;
  /**
   * Scores of the sample. Present only for legacy evidence, or when scores were aggregated across trials or runs.
   */
  scores?: ScoresData[] | null;
  /**
   * Records of the task actions run on the sample. Optional.
   */
  action_records?: unknown;
  /**
   * **Required.** Errors of this sample.
   */
  errors: TaskResultError[];
  /**
   * One entry per trial of the sample. Optional (absent in legacy evidence).
   */
  trials?: SampleTrialEvidence[] | null;
}

/**
 * The evidence of one run when repeatability is assessed.
 */
export interface RunEvidence {
  /**
   * **Required.** Index of the run.
   */
  index: number;
  /**
   * **Required.** Metrics of the run; `null` if an error occurred.
   */
  metrics: MetricData[] | null;
  /**
   * Sample evidence of the run. Optional.
   */
  samples?: SampleEvidence[] | null;
  /**
   * Errors of the run. Default: `[]`.
   */
  errors?: TaskResultError[];
  /**
   * Count of errors against the total. Optional.
   */
  failures?: TaskResultFailures | null;
}

/**
 * How many units failed out of the total.
 */
export interface TaskResultFailures {
  /**
   * **Required.** Number of errors.
   */
  num_errors: number;
  /**
   * **Required.** Total number.
   */
  num_total: number;
}

/**
 * Tokens used by one model for one purpose.
 */
export interface ModelTokenUsage {
  /**
   * **Required.** Id of the model.
   */
  model_id: number;
  /**
   * **Required.** What the model was used for: `test`, `judge`, `generate` or `auxiliary`.
   */
  purpose: ModelTokenUsagePurpose;
  /**
   * **Required.** Prompt (input) tokens.
   */
  prompt_tokens: number;
  /**
   * **Required.** Completion (output) tokens.
   */
  completion_tokens: number;
}

/**
 * Task configuration used for the run. Its fields depend on the task; trial settings are read from `trials`.
 */
export interface TaskConfig {
  /**
   * Trial settings: `num_trials` and optional `score_aggregators`. Without them the default aggregation applies (mean of numeric and boolean scores).
   */
  trials?: TrialsDefinitionTemplate | null;
}

/**
 * Repeatability settings of a run.
 */
export interface RepeatabilityConfig {
  /**
   * **Required.** Number of times the task is run.
   */
  num_runs: number;
}

/**
 * Where in the run an error arose.
 */
export type TaskResultErrorStage = "configuration" | "dataset" | "solver" | "score" | "metric" | "action";

/**
 * What a scorer is for: `score` (a score of the evaluated entity) or `qa` (a quality check).
 */
export type ScorerPurpose = "score" | "qa";

/**
 * The raw data of one evaluated sample.
 */
export interface SampleData {
  /**
   * **Required.** The sample's field values.
   */
  data: Record<string, unknown>;
}

/**
 * What the solver produced for a sample.
 */
export interface SolverData {
  /**
   * **Required.** The solver output, including the full conversation trace.
   */
  output: unknown;
}

/**
 * The values produced by one scorer for one sample.
 */
export interface ScoresData {
  /**
   * **Required.** Key identifying the scorer.
   */
  scorer_key: string;
  /**
   * Purpose of the scorer: `score` or `qa`. Default: `score`.
   */
  scorer_purpose?: ScorerPurpose | null;
  /**
   * Display name of the scorer. Optional.
   */
  scorer_name?: string | null;
  /**
   * **Required.** The score values, by score name.
   */
  values: Record<string, unknown>;
  /**
   * Metadata of the scorer output. Optional.
   */
  metadata?: Record<string, unknown> | null;
  /**
   * Raw model endpoint input and output of each prediction call, when the scorer uses a model. Default: `[]`.
   */
  direct_ios?: unknown[] | null;
}

/**
 * The evidence of one trial of a sample.
 */
export interface SampleTrialEvidence {
  /**
   * **Required.** Index of the trial.
   */
  index: number;
  /**
   * **Required.** Id of the sample.
   */
  sample_id: string | number;
  /**
   * **Required.** The sample's data.
   */
  sample: SampleData;
  /**
   * **Required.** The solver output of this trial.
   */
  solver: SolverData;
  /**
   * **Required.** The scores of this trial.
   */
  scores: ScoresData[];
  /**
   * **Required.** Errors of this trial.
   */
  errors: TaskResultError[];
}

/**
 * What a model was used for.
 */
export type ModelTokenUsagePurpose = "test" | "judge" | "generate" | "auxiliary";

/**
 * Trial settings of a benchmark task definition template: trials per sample and how their scores are aggregated.
 */
export interface TrialsDefinitionTemplate {
  /**
   * **Required.** Number of trials per sample (an integer, or a string such as a template value).
   */
  num_trials: number | string;
  /**
   * How scores are aggregated across trials. A score with no matching aggregator is averaged (mean) when numeric or boolean; other types are not aggregated. Optional.
   */
  score_aggregators?: ScoreAggregator[] | null;
}

/**
 * Aggregates one score across the trials of a sample.
 */
export interface ScoreAggregator {
  /**
   * **Required.** Name of the score being aggregated.
   */
  score_name: string;
  /**
   * **Required.** The aggregation function, chosen by `function`: `mean`, `min`, `max`, `pass@k` or `pass^k`.
   */
  aggregator: Aggregator;
}

/**
 * An aggregation function across trials, chosen by `function`: `mean`, `min`, `max`, `pass@k` or `pass^k`.
 */
export type Aggregator = MeanAggregator | MinAggregator | MaxAggregator | PassAtKAggregator | PassPowerKAggregator;

/**
 * Mean of the numeric scores across trials.
 */
export interface MeanAggregator {
  /**
   * `mean`: mean of the numeric scores.
   */
  function: "mean";
  /**
   * Name given to the aggregated score. Default: the name of the score itself.
   */
  score_name?: string | null;
}

/**
 * Minimum of the numeric scores across trials.
 */
export interface MinAggregator {
  /**
   * `min`: minimum of the numeric scores.
   */
  function: "min";
  /**
   * Name given to the aggregated score. Default: the name of the score itself.
   */
  score_name?: string | null;
}

/**
 * Maximum of the numeric scores across trials.
 */
export interface MaxAggregator {
  /**
   * `max`: maximum of the numeric scores.
   */
  function: "max";
  /**
   * Name given to the aggregated score. Default: the name of the score itself.
   */
  score_name?: string | null;
}

/**
 * For binary scores: `1 - (1 - p)^k`, with `p` the pass rate across trials — the probability that at least one of `k` independent attempts succeeds.
 */
export interface PassAtKAggregator {
  /**
   * `pass@k`: at least one of `k` attempts succeeds.
   */
  function: "pass@k";
  /**
   * **Required.** Number of attempts `k`.
   */
  k: number;
  /**
   * Name given to the aggregated score. Default: the name of the score itself.
   */
  score_name?: string | null;
}

/**
 * For binary scores: `p^k`, with `p` the pass rate across trials — the probability that all `k` independent attempts succeed.
 */
export interface PassPowerKAggregator {
  /**
   * `pass^k`: all `k` attempts succeed.
   */
  function: "pass^k";
  /**
   * **Required.** Number of attempts `k`.
   */
  k: number;
  /**
   * Name given to the aggregated score. Default: the name of the score itself.
   */
  score_name?: string | null;
}
