/**
 * View model of a comparison of task result logs (docs/semantics.md §10): what the core computes and serves to the
 * compare view, the CLI (table, --json) and the standalone HTML page. Plain JSON-serialisable data only.
 */
import type { LogLayout, ProportionInterval, SampleDetail } from './logViewTypes';

export type { ProportionInterval } from './logViewTypes';

export interface CompareOptions {
  /** A key of the sample data whose values group samples into clusters (clustered SE). */
  clusterKey?: string;
  /** Metrics where lower is better: a metric key, a value key, `metricKey/valueKey` or a score column id. */
  lowerIsBetter?: readonly string[];
  /**
   * Also the paired bootstrap and sign-flip permutation test of scores that are not 0/1 (docs/semantics.md §12).
   * Off unless asked for: on large logs they take a large part of the comparison's time.
   */
  resampling?: boolean;
  /** The seed of the bootstrap and of the random sign patterns; a fixed default when absent. */
  resamplingSeed?: number;
}

export interface CompareLogHeader {
  fileName: string;
  displayName: string;
  status: string;
  sampleCount: number;
  layout: LogLayout;
  maxTrials: number;
  startedAt?: number;
  runtime?: number;
  evaluatedEntity?: unknown;
}

/** The four counts of paired 0/1 values and McNemar's exact two-sided p. */
export interface BinaryCounts {
  bothPass: number;
  bothFail: number;
  onlyBaseline: number;
  onlyCandidate: number;
  mcnemarP: number;
}

/** The paired bootstrap percentile 95% interval of d̄ (docs/semantics.md §12). */
export interface BootstrapInterval {
  seed: number;
  resamples: number;
  low: number;
  high: number;
}

/** The paired sign-flip permutation test of d̄: exact over all 2^n patterns, or over seeded random ones. */
export interface PermutationTest {
  exact: boolean;
  patterns: number;
  /** Set when the patterns are random. */
  seed?: number;
  p: number;
}

/** The resampling figures of a paired score that is not 0/1 (docs/semantics.md §12). */
export interface ResamplingFigures {
  bootstrap: BootstrapInterval;
  permutation: PermutationTest;
  /** The paired t-test and the permutation test disagree about p < 0.05. */
  disagreesWithT: boolean;
}

/** Samples needed to detect a difference `delta` (docs/semantics.md §12). */
export interface SamplePlan {
  delta: number;
  power: number;
  alpha: number;
  /** s² of one log (counted twice) or s_d² of the paired differences. */
  variance: number;
  paired: boolean;
  /** Rounded up to a whole sample; null when the variance is not known (fewer than two values). */
  samples: number | null;
}

/** Better, worse (significant after Holm), or neither. */
export type MetricVerdict = 'better' | 'worse' | 'no_difference' | 'untested';

/** Which metric key of the two logs is compared, and in which direction. */
export interface ComparedMetricKey {
  /** `${scorerKey}|${metricKey}|${valueKey}`: the key for filters and page requests. */
  id: string;
  scorerKey?: string;
  metricKey: string;
  valueKey: string;
  metricType: string;
  /** The score column the per-sample values come from. */
  column: string;
  lowerIsBetter: boolean;
}

export interface MetricComparison extends ComparedMetricKey {
  /** The values the two logs report for this metric key. */
  baseline: number | null;
  candidate: number | null;
  /** Means of the per-sample values the figures use (the paired samples, or every sample when unpaired). */
  baselineMean: number | null;
  candidateMean: number | null;
  /** Δ = candidate − baseline with its SE, interval, p and MDE. */
  estimate: DifferenceEstimate;
  correlation: number | null;
  pHolm: number | null;
  significant: boolean;
  verdict: MetricVerdict;
  binary?: BinaryCounts;
  /** When the values of both logs are all 0/1: each log's interval over the same samples as Δ. */
  proportions?: { baseline: ProportionInterval; candidate: ProportionInterval };
  /** Paired scores that are not 0/1: the bootstrap interval and permutation test of Δ. */
  resampling?: ResamplingFigures;
  /** The variance (n − 1) of the paired differences (planning, docs/semantics.md §12); absent when unpaired. */
  differenceVariance?: number;
  /** Samples needed to detect a given difference, when one is asked for (`log compare --delta`). */
  plan?: SamplePlan;
  /** Per-sample changes: improvements, regressions, and how many of them are within noise. */
  changes: { improvements: number; regressions: number; withinNoise: number };
}

export interface SkippedMetric {
  scorerKey?: string;
  metricKey: string;
  valueKey: string;
  reason: string;
}

interface AlignmentFacts {
  paired: number;
  onlyBaseline: string[];
  onlyCandidate: string[];
  /** Sample ids found more than once in a log: left out of the paired figures. */
  duplicateBaseline: string[];
  duplicateCandidate: string[];
  /** Paired samples whose data differs between the logs (kept in the figures); complete when `inputsChecked`. */
  inputChanged: string[];
  inputsChecked: boolean;
}

/** Token usage of one purpose in both logs, with the models that used it on each side (named where the log names them, else `#id`). */
export interface UsageDelta {
  purpose: string;
  baselineModels: string[];
  candidateModels: string[];
  baseline: { promptTokens: number; completionTokens: number };
  candidate: { promptTokens: number; completionTokens: number };
  /** Change of prompt + completion tokens. */
  delta: number;
}

export interface CountDelta {
  stage: string;
  baseline: number;
  candidate: number;
  delta: number;
}

export interface RuntimeDelta {
  baseline?: number;
  candidate?: number;
  delta?: number;
}

export interface RunsDelta {
  scorerKey?: string;
  metricKey: string;
  valueKey: string;
  baseline: { mean: number | null; std: number | null; runs: number };
  candidate: { mean: number | null; std: number | null; runs: number };
  delta: number | null;
}

export interface CandidateComparison {
  /** Position of the log among the compared ones (0 is the baseline). */
  position: number;
  log: CompareLogHeader;
  alignment: AlignmentFacts;
  /** True when no sample is in both logs and the figures are unpaired (Welch). */
  unpaired: boolean;
  metrics: MetricComparison[];
  skipped: SkippedMetric[];
  usage: UsageDelta[];
  errors: CountDelta[];
  errorTotal: CountDelta;
  runtime: RuntimeDelta;
  runs: RunsDelta[];
}

export interface ComparisonSummary {
  baseline: CompareLogHeader;
  candidates: CandidateComparison[];
  clusterKey?: string;
  lowerIsBetter: string[];
  /** Keys of the sample data that can be chosen as the cluster column. */
  clusterKeys: string[];
  /** True when some metric of some candidate is significantly worse after Holm's adjustment. */
  anyRegression: boolean;
  /**
   * The bootstrap and permutation figures of docs/semantics.md §12: `pending` while they are computed apart (they
   * follow in `resampling` messages), `complete` once every metric key that can have them has them.
   */
  resampling?: 'pending' | 'complete';
}

/** The resampling figures of one compared metric key of one candidate, computed apart from the comparison. */
export interface ResamplingResult {
  candidate: number;
  metricId: string;
  figures: ResamplingFigures;
}

export type ChangeKind = 'improvement' | 'regression' | 'unchanged';

/** One paired sample's values for one metric key. */
export interface SampleChange {
  sampleId: string;
  baselineIndex: number;
  candidateIndex: number;
  metricId: string;
  baseline: number | null;
  candidate: number | null;
  delta: number | null;
  kind: ChangeKind;
  /** Fisher's exact p on the two samples' trial pass counts, when both have trials of a 0/1 score. */
  fisherP?: number;
  withinNoise?: boolean;
  /** Undefined until the sample's data has been compared. */
  inputChanged?: boolean;
}

export interface ChangeQuery {
  /** Position of the candidate log (1 for the first candidate). */
  candidate: number;
  offset: number;
  limit: number;
  metricId?: string;
  /** `changes` (default): improvements and regressions by size; `all`: every paired sample in baseline order. */
  view?: 'changes' | 'all';
  kind?: 'improvement' | 'regression';
  /** Leave out changes within noise. */
  onlySignificant?: boolean;
  onlyInputChanged?: boolean;
}

export interface ChangePage {
  total: number;
  offset: number;
  rows: SampleChange[];
}

/** Both sides of one paired sample, for the side-by-side view. */
export interface PairDetail {
  sampleId: string;
  baseline: SampleDetail;
  candidate: SampleDetail;
  inputChanged: boolean;
}

/** A difference with its uncertainty. Figures are null where they cannot be computed (too few values). */
export interface DifferenceEstimate {
  method: 'paired' | 'clustered' | 'unpaired';
  /** Paired samples, or the two group sizes added for the unpaired figures. */
  n: number;
  delta: number;
  se: number | null;
  df: number | null;
  ciLow: number | null;
  ciHigh: number | null;
  t: number | null;
  p: number | null;
  mde: number | null;
  clusters?: number;
}
