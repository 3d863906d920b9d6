import * as l10n from '@vscode/l10n';
/** User-visible strings of the task result log model, its verification and `eval-lens log verify`. */
export const logStrings = {
  // Verification
  get metricTypeMissing() {
    return l10n.t('metric_type missing');
  },
  metricTypeNotRecomputable: (type: string) => l10n.t('metric type "{0}" cannot be recomputed from per-sample scores', type),
  get reportedNotNumeric() {
    return l10n.t('the reported value is not a number');
  },
  get noPerSampleValues() {
    return l10n.t('no per-sample score carries this key');
  },
  get perSampleNotNumeric() {
    return l10n.t('some per-sample values are not numbers or booleans');
  },
  noOwningScorer: (key: string) => l10n.t('the metric names no scorer and several scorers carry "{0}"', key),
  mismatchReason: (reported: number, recomputed: number, count: number) =>
    l10n.t('reported {0}, recomputed {1} from {2} sample(s)', reported, recomputed, count),
  collisionMatch: (label: string) => l10n.t('aggregators collide on this name; the value matches the {0} result', label),
  collisionMismatch: (labels: string) => l10n.t('aggregators collide on this name; no computed value matches ({0})', labels),
  noTrialAggregation: (key: string) => l10n.t('no trial aggregation produces "{0}"', key),
  get noTrialValues() {
    return l10n.t('the trials carry no values for this score');
  },

  // Missing data (docs/semantics.md §8)
  get metricsNullFailure() {
    return l10n.t('Metrics are not reported because the run failed; see the errors.');
  },
  get metricsNullNoError() {
    return l10n.t('The log carries no metrics (the field is null).');
  },
  get metricsAbsent() {
    return l10n.t('The log carries no metrics.');
  },
  get noSampleData() {
    return l10n.t('This sample carries no data.');
  },
  get dataFromTrial() {
    return l10n.t('The sample-level `sample` is absent (only present for legacy evidence or repeatability); showing the data of its first trial.');
  },
  get noSolverOutput() {
    return l10n.t('No solver output was recorded.');
  },
  get solverAbsent() {
    return l10n.t('The sample-level `solver` is absent: it is only present for legacy evidence; the outputs are in the trials.');
  },
  get scoresDerived() {
    return l10n.t('The log has no sample-level scores for this sample (they are only present when score aggregation occurred); the scores shown are aggregated here from the trials.');
  },
  get noScores() {
    return l10n.t('No scores were recorded for this sample.');
  },
  get noTrials() {
    return l10n.t('This sample has no trials and no legacy sample/solver/scores.');
  },
  get legacyPseudoTrial() {
    return l10n.t('Legacy sample: its solver output and scores are shown as a single trial.');
  },
  get trialErrorsExcluded() {
    return l10n.t('Trials without a value for a score are left out of its aggregation.');
  },
  sampleParseError: (message: string) => l10n.t('This sample could not be read: {0}', message),

  // Loading
  unreadableFile: (file: string, message: string) => l10n.t('cannot read {0}: {1}', file, message),
  invalidJson: (file: string, line: number, column: number, message: string) => l10n.t('{0}:{1}:{2}: invalid JSON: {3}', file, line, column, message),
  notAnObject: (file: string) => l10n.t('{0}: a task result log must be a JSON object', file),
  workerExited: (code: number) => l10n.t('the log worker stopped unexpectedly (exit code {0})', code),
  get workerDisposed() {
    return l10n.t('the log worker was disposed');
  },
  sampleOutOfRange: (index: number) => l10n.t('no sample at index {0}', index),
  runOutOfRange: (index: number) => l10n.t('no run with index {0}', index),

  // CLI
  get verifyUsage() {
    return l10n.t('usage: eval-lens log verify LOG [--json]');
  },
  verifyUnknownOption: (option: string) => l10n.t("unknown option '{0}'", option),
  get verifyOneFile() {
    return l10n.t('expects exactly one LOG file');
  },
  get verifyHeaderMetrics() {
    return l10n.t('Metrics');
  },
  get verifyHeaderSamples() {
    return l10n.t('Sample-level aggregated scores');
  },
  get verifyNone() {
    return l10n.t('(none)');
  },
  verifySummary: (match: number, mismatch: number, notVerifiable: number) =>
    l10n.t('{0} match, {1} mismatch, {2} not verifiable', match, mismatch, notVerifiable),
  verifyStatus: (status: string) => l10n.t('status: {0}', status),
  verifyMoreMismatches: (count: number) => l10n.t('… {0} more sample-level mismatch(es) (use --json for all)', count),
  verifyNoMismatchSamples: (count: number) => l10n.t('{0} sample-level aggregated value(s) checked against their trials', count),
};
