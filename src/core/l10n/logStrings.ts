/** User-visible strings of the task result log model, its verification and `eval-lens log verify`. */
export const logStrings = {
  // Verification
  metricTypeMissing: 'metric_type missing',
  metricTypeNotRecomputable: (type: string) => `metric type "${type}" cannot be recomputed from per-sample scores`,
  reportedNotNumeric: 'the reported value is not a number',
  noPerSampleValues: 'no per-sample score carries this key',
  perSampleNotNumeric: 'some per-sample values are not numbers or booleans',
  noOwningScorer: (key: string) => `the metric names no scorer and several scorers carry "${key}"`,
  mismatchReason: (reported: number, recomputed: number, count: number) =>
    `reported ${reported}, recomputed ${recomputed} from ${count} sample(s)`,
  collisionMatch: (label: string) => `aggregators collide on this name; the value matches the ${label} result`,
  collisionMismatch: (labels: string) => `aggregators collide on this name; no computed value matches (${labels})`,
  noTrialAggregation: (key: string) => `no trial aggregation produces "${key}"`,
  noTrialValues: 'the trials carry no values for this score',

  // Missing data (docs/semantics.md §8)
  metricsNullFailure: 'Metrics are not reported because the run failed; see the errors.',
  metricsNullNoError: 'The log carries no metrics (the field is null).',
  metricsAbsent: 'The log carries no metrics.',
  noSampleData: 'This sample carries no data.',
  dataFromTrial: 'The sample-level `sample` is absent (only present for legacy evidence or repeatability); showing the data of its first trial.',
  noSolverOutput: 'No solver output was recorded.',
  solverAbsent: 'The sample-level `solver` is absent: it is only present for legacy evidence; the outputs are in the trials.',
  scoresDerived: 'The log has no sample-level scores for this sample (they are only present when score aggregation occurred); the scores shown are aggregated here from the trials.',
  noScores: 'No scores were recorded for this sample.',
  noTrials: 'This sample has no trials and no legacy sample/solver/scores.',
  legacyPseudoTrial: 'Legacy sample: its solver output and scores are shown as a single trial.',
  trialErrorsExcluded: 'Trials without a value for a score are left out of its aggregation.',
  sampleParseError: (message: string) => `This sample could not be read: ${message}`,

  // Loading
  unreadableFile: (file: string, message: string) => `cannot read ${file}: ${message}`,
  invalidJson: (file: string, line: number, column: number, message: string) => `${file}:${line}:${column}: invalid JSON: ${message}`,
  notAnObject: (file: string) => `${file}: a task result log must be a JSON object`,
  workerExited: (code: number) => `the log worker stopped unexpectedly (exit code ${code})`,
  workerDisposed: 'the log worker was disposed',
  sampleOutOfRange: (index: number) => `no sample at index ${index}`,
  runOutOfRange: (index: number) => `no run with index ${index}`,

  // CLI
  verifyUsage: 'usage: eval-lens log verify LOG [--json]',
  verifyUnknownOption: (option: string) => `unknown option '${option}'`,
  verifyOneFile: 'expects exactly one LOG file',
  verifyHeaderMetrics: 'Metrics',
  verifyHeaderSamples: 'Sample-level aggregated scores',
  verifyNone: '(none)',
  verifySummary: (match: number, mismatch: number, notVerifiable: number) =>
    `${match} match, ${mismatch} mismatch, ${notVerifiable} not verifiable`,
  verifyStatus: (status: string) => `status: ${status}`,
  verifyMoreMismatches: (count: number) => `… ${count} more sample-level mismatch(es) (use --json for all)`,
  verifyNoMismatchSamples: (count: number) => `${count} sample-level aggregated value(s) checked against their trials`,
};
