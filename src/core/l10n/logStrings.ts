/** Words of task result logs: verification, loading, the report view and log paths. */
import * as l10n from '@vscode/l10n';
import { formatCount } from './numberFormat';

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
    count === 1
      ? l10n.t('reported {0}, recomputed {1} from {2} sample', reported, recomputed, count)
      : l10n.t('reported {0}, recomputed {1} from {2} samples', reported, recomputed, count),
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
  notALog: (file: string) => l10n.t('{0} is not a task result log (its top level has no format_version and evidence); pass the log an evaluation run wrote', file),
  traceNotLog: (file: string) => l10n.t('{0} is a Trace, not a task result log; show it with eval-lens trace show', file),
  workerExited: (code: number) => l10n.t('the log worker stopped unexpectedly (exit code {0})', code),
  get workerDisposed() {
    return l10n.t('the log worker was disposed');
  },
  sampleOutOfRange: (index: number) => l10n.t('no sample at index {0}', index),
  runOutOfRange: (index: number) => l10n.t('no run with index {0}', index),

  // CLI
  get verifyUsage() {
    return l10n.t('usage: eval-lens log verify LOG [--json] [--curves]');
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
  verifyMoreMismatches: (count: number) =>
    count === 1
      ? l10n.t('… {0} more sample-level mismatch (use --json for all)', count)
      : l10n.t('… {0} more sample-level mismatches (use --json for all)', count),
  verifyNoMismatchSamples: (count: number) =>
    count === 1
      ? l10n.t('{0} sample-level aggregated value checked against its trials', count)
      : l10n.t('{0} sample-level aggregated values checked against their trials', count),

  // logReport
  // header
  get loading() {
    return l10n.t('Reading the log…');
  },
  get parsing() {
    return l10n.t('Parsing the log…');
  },
  get indexing() {
    return l10n.t('Indexing samples…');
  },
  get statusSuccess() {
    return l10n.t('success');
  },
  get statusFailure() {
    return l10n.t('failure');
  },
  taskArrow: '→',
  get started() {
    return l10n.t('Started');
  },
  get ended() {
    return l10n.t('Ended');
  },
  get runtime() {
    return l10n.t('Runtime');
  },
  versions: (format: string, app: string) => (app ? l10n.t('format {0} · app {1}', format, app) : l10n.t('format {0}', format)),
  get config() {
    return l10n.t('Configuration');
  },
  repeatability: (runs: number) => (runs === 1 ? l10n.t('Repeatability: {0} run', runs) : l10n.t('Repeatability: {0} runs', runs)),
  trialsSetting: (n: number) => (n === 1 ? l10n.t('{0} trial per sample', n) : l10n.t('{0} trials per sample', n)),
  get aggregators() {
    return l10n.t('Score aggregators');
  },
  get aggregatorCollides() {
    return l10n.t('Two aggregators of this score store under the same name: both computed values are shown.');
  },
  get openAsJson() {
    return l10n.t('Open as JSON');
  },
  get exportHtml() {
    return l10n.t('Export as HTML');
  },
  unknownValue: '—',
  // tabs
  get tabOverview() {
    return l10n.t('Overview');
  },
  get tabSamples() {
    return l10n.t('Samples');
  },
  get tabErrors() {
    return l10n.t('Errors');
  },
  get tabUsage() {
    return l10n.t('Usage');
  },
  get tabRuns() {
    return l10n.t('Runs');
  },
  get tabSpecification() {
    return l10n.t('Specification');
  },
  // schema / load problems
  archiveNotText: (file: string) => l10n.t('{0} is an Inspect log archive (a zip file): it opens as a report, not as text.', file),
  readerNotes: (n: number) => (n === 1 ? l10n.t('{0} note on what this log lacks or what was left out.', n) : l10n.t('{0} notes on what this log lacks or what was left out.', n)),
  schemaBanner: (n: number) => (n === 1 ? l10n.t('This log does not match the task result log schema ({0} problem). Everything readable is shown.', n) : l10n.t('This log does not match the task result log schema ({0} problems). Everything readable is shown.', n)),
  schemaProblemAt: (path: string, line?: number, column?: number) =>
    line !== undefined ? (column !== undefined ? l10n.t('{0} (line {1}, column {2})', path || '/', line, column) : l10n.t('{0} (line {1})', path || '/', line)) : path || '/',
  partNotJson: (message: string) => l10n.t('not valid JSON: {0}', message),
  loadErrorTitle: (file: string) => l10n.t('Cannot open {0} as a task result log', file),
  loadErrorAt: (line: number, column?: number) => (column !== undefined ? l10n.t('at line {0}, column {1}', line, column) : l10n.t('at line {0}', line)),
  get loadErrorHint() {
    return l10n.t('Fix the JSON at that position (or open the file as JSON to see it), then save: the report reloads by itself.');
  },
  get notALogHint() {
    return l10n.t('A task result log is a JSON object with `format_version` and `evidence` at its top level.');
  },
  get readErrorHint() {
    return l10n.t('Check that the file exists and can be read.');
  },
  get staleReloaded() {
    return l10n.t('The file changed on disk: the report was reloaded.');
  },
  // overview
  get metrics() {
    return l10n.t('Metrics');
  },
  get noMetrics() {
    return l10n.t('This log carries no metrics.');
  },
  get qaMetrics() {
    return l10n.t('Quality checks (qa)');
  },
  get noScorer() {
    return l10n.t('Metrics without a scorer');
  },
  get metricTypeUnknown() {
    return l10n.t('type not given');
  },
  get verifyMatch() {
    return l10n.t('verified');
  },
  verifyMatchTitle: (count?: number) =>
    count === undefined ? l10n.t('Recomputed from the per-sample scores: the same value.') : l10n.t('Recomputed from {0} per-sample scores: the same value.', count),
  verifyMismatch: (recomputed: string) => l10n.t('mismatch: recomputed {0}', recomputed),
  verifyMismatchTitle: (reason?: string) => reason ?? l10n.t('The value recomputed from the per-sample scores differs.'),
  get verifyNotVerifiable() {
    return l10n.t('not verifiable');
  },
  get verifyPending() {
    return l10n.t('verifying…');
  },
  get verifyPendingTitle() {
    return l10n.t('The samples are still being read: the value is recomputed from them once they are.');
  },
  get loadingSamples() {
    return l10n.t('Loading samples…');
  },
  verifyNotVerifiableTitle: (reason?: string) => reason ?? l10n.t('This metric type cannot be recomputed from the per-sample scores.'),
  get showSamples() {
    return l10n.t('Show the samples behind this value');
  },
  distributionTitle: (min: string, max: string, total: number) => l10n.t('Distribution of {0} per-sample values, {1} to {2}', total, min, max),
  get errorsByStage() {
    return l10n.t('Errors by stage');
  },
  get noErrors() {
    return l10n.t('No errors.');
  },
  failures: (errors: number, total: number) => l10n.t('{0} of {1} failed', errors, total),
  get tokenUsage() {
    return l10n.t('Token usage');
  },
  get noTokenUsage() {
    return l10n.t('No token usage was recorded.');
  },
  // samples
  samplesCount: (shown: number, total: number) => {
    if (shown !== total) return total === 1 ? l10n.t('{0} of {1} sample', shown, total) : l10n.t('{0} of {1} samples', shown, total);
    return total === 1 ? l10n.t('{0} sample', total) : l10n.t('{0} samples', total);
  },
  searchingCount: (found: number, searched: number, total: number) => l10n.t('{0} matches so far · searching {1}% of {2} samples…', found, Math.floor((searched / Math.max(total, 1)) * 100), total),
  get searchPlaceholder() {
    return l10n.t('Search id, data, outputs, errors');
  },
  get filterScore() {
    return l10n.t('Score');
  },
  filterScorePass: (score: string) => l10n.t('{0}: pass (1 or true)', score),
  filterScoreFail: (score: string) => l10n.t('{0}: fail (0 or false)', score),
  get filterScoreMeaning() {
    return l10n.t('Samples whose score is 1 or true (pass), or 0 or false (fail). Offered only for the scores that take no other values.');
  },
  get filterScoreAny() {
    return l10n.t('Any score');
  },
  get filterStage() {
    return l10n.t('Errors');
  },
  get filterStageAll() {
    return l10n.t('All samples');
  },
  get filterStageAny() {
    return l10n.t('With any error');
  },
  get filterStageUnknown() {
    return l10n.t('Stage unknown');
  },
  filterMetric: (label: string) => l10n.t('Samples behind {0}', label),
  get clearFilters() {
    return l10n.t('Clear filters');
  },
  colIndex: '#',
  get colSampleId() {
    return l10n.t('Sample id');
  },
  get colTrials() {
    return l10n.t('Trials');
  },
  get colErrors() {
    return l10n.t('Errors');
  },
  passAtK: (k: number) => `pass@${k}`,
  passPowK: (k: number) => `pass^${k}`,
  get pass() {
    return l10n.t('pass');
  },
  get fail() {
    return l10n.t('fail');
  },
  trialCell: (index: number, outcome: string) => l10n.t('Trial {0}: {1}', index + 1, outcome),
  errorMarker: (n: number, stages: string) => (n === 1 ? l10n.t('{0} error ({1})', n, stages) : l10n.t('{0} errors ({1})', n, stages)),
  get noSamples() {
    return l10n.t('No samples in this log.');
  },
  get noMatch() {
    return l10n.t('No sample matches these filters.');
  },
  get selectSample() {
    return l10n.t('Select a sample to see its data, trials and conversation (arrow keys, Enter).');
  },
  get loadingRows() {
    return l10n.t('Loading…');
  },
  get runSelector() {
    return l10n.t('Samples from');
  },
  get topLevelSamples() {
    return l10n.t('the log (top level)');
  },
  namedModel: (name: string, id: number) => l10n.t('{0} (model {1})', name, id),
  modelById: (id: number) => l10n.t('model {0}', id),
  runLabel: (index: number) => l10n.t('Run {0}', index + 1),
  // detail
  get closeDetail() {
    return l10n.t('Close (Escape)');
  },
  sampleTitle: (id: string) => l10n.t('Sample {0}', id),
  get sampleData() {
    return l10n.t('Sample data');
  },
  /** Trials are counted from 1 for people; the log's index (from 0) goes in the tooltip. */
  trial: (index: number) => l10n.t('Trial {0}', index + 1),
  trialIndexTitle: (index: number) => l10n.t('index {0} in the log', index),
  get legacyTrial() {
    return l10n.t('Solver output (legacy sample)');
  },
  get output() {
    return l10n.t('Solver output');
  },
  get scores() {
    return l10n.t('Scores');
  },
  get sampleScores() {
    return l10n.t('Sample scores (aggregated)');
  },
  get scoreMetadata() {
    return l10n.t('Metadata');
  },
  get scoreAnswer() {
    return l10n.t('answer');
  },
  get scoreExplanation() {
    return l10n.t('Explanation');
  },
  directIos: (n: number) => l10n.t('Model calls ({0})', n),
  get errors() {
    return l10n.t('Errors');
  },
  get sampleErrors() {
    return l10n.t('Sample errors');
  },
  get notes() {
    return l10n.t('Notes');
  },
  get noOutput() {
    return l10n.t('No solver output.');
  },
  preamble: (n: number) => (n === 1 ? l10n.t('Preamble ({0} item)', n) : l10n.t('Preamble ({0} items)', n)),
  get reasoning() {
    return l10n.t('Reasoning');
  },
  functionCall: (name: string) => l10n.t('Call {0}', name),
  get functionOutput() {
    return l10n.t('Output');
  },
  foldedOutput: (lines: number, characters: number) => l10n.t('({0} lines, {1} characters)', formatCount(lines), formatCount(characters)),
  get noFunctionOutput() {
    return l10n.t('No output was recorded for this call.');
  },
  scoreItem: (value: string) => l10n.t('Score {0}', value),
  get scoreItemAnswer() {
    return l10n.t('Answer');
  },
  get scoreItemTarget() {
    return l10n.t('Target');
  },
  unknownItem: (type?: string) => l10n.t('Item {0}', type ?? l10n.t('(no type)')),
  get traceMetadata() {
    return l10n.t('Trace metadata');
  },
  get spans() {
    return l10n.t('Spans');
  },
  subAgent: (name: string) => l10n.t('Sub-agent {0}', name),
  subAgentMessages: (n: number) => (n === 1 ? l10n.t('{0} message', formatCount(n)) : l10n.t('{0} messages', formatCount(n))),
  subAgentTokens: (n: number) => l10n.t('{0} tokens', formatCount(n)),
  get subAgentEmpty() {
    return l10n.t('This sub-agent recorded no items.');
  },
  linkConfirm: (href: string) => l10n.t('Open {0}?', href),
  // errors tab
  get errorStageUnknown() {
    return l10n.t('unknown');
  },
  errorLevel: (level: string) => l10n.t('{0} level', level),
  errorsShown: (shown: number, total: number) => (shown === total ? `${total}` : l10n.t('{0} shown of {1}', shown, total)),
  get hint() {
    return l10n.t('Hint');
  },
  openSample: (id: string) => l10n.t('Open sample {0}', id),
  errorWhereRun: (index: number) => l10n.t('run {0}', index + 1),
  errorWhereTrial: (index: number) => l10n.t('trial {0}', index + 1),
  // usage
  get usageModel() {
    return l10n.t('Model');
  },
  get usagePurpose() {
    return l10n.t('Purpose');
  },
  get usagePrompt() {
    return l10n.t('Prompt tokens');
  },
  get usageCompletion() {
    return l10n.t('Completion tokens');
  },
  get usageTotal() {
    return l10n.t('Total');
  },
  get usageChartTitle() {
    return l10n.t('Prompt and completion tokens per model and purpose');
  },
  // runs
  get runsTitle() {
    return l10n.t('Metrics per run');
  },
  get runsMean() {
    return l10n.t('Mean');
  },
  get runsStd() {
    return l10n.t('Std');
  },
  get runsRange() {
    return l10n.t('Min–max');
  },
  runSamples: (index: number, n: number) => (n === 1 ? l10n.t('Run {0}: {1} sample', index + 1, n) : l10n.t('Run {0}: {1} samples', index + 1, n)),
  get noRuns() {
    return l10n.t('Repeatability was not assessed in this log.');
  },
  // specification
  get specTask() {
    return l10n.t('Task');
  },
  get specConfig() {
    return l10n.t('Configuration');
  },
  get specEntity() {
    return l10n.t('Evaluated entity');
  },
  get specRunConfig() {
    return l10n.t('Run configuration');
  },
  get specNoEntity() {
    return l10n.t('No evaluated entity recorded.');
  },
  // json tree
  jsonItems: (n: number) => (n === 1 ? l10n.t('{0} item', n) : l10n.t('{0} items', n)),
  jsonKeys: (n: number) => (n === 1 ? l10n.t('{0} key', n) : l10n.t('{0} keys', n)),
  // extension host
  get openLinkButton() {
    return l10n.t('Open');
  },
  notALogFile: (file: string) => l10n.t('{0} is not a task result log (no top-level `format_version` and `evidence`).', file),
  get noActiveLog() {
    return l10n.t('Open a task result log first.');
  },
  get exportSaveLabel() {
    return l10n.t('Export report');
  },
  exportDone: (file: string) => l10n.t('Report written to {0}.', file),
  exportBuildMissing: (file: string) => l10n.t("The report's web assets are missing ({0}). Build the extension first.", file),
  get uriMissingPath() {
    return l10n.t('The link does not name a log file (?path=…).');
  },
  uriFileNotFound: (file: string) => l10n.t('The link names a log file that does not exist: {0}', file),
  // CLI
  get cliReportUsage() {
    return l10n.t('Usage: eval-lens log report LOG [-o FILE.html]');
  },
  cliReportWritten: (file: string, samples: number) => (samples === 1 ? l10n.t('Wrote {0} ({1} sample).', file, samples) : l10n.t('Wrote {0} ({1} samples).', file, samples)) + '\n',

  // largeLogReport
  /** Runs are counted from 1 for people, as trials are; the log's index (from 0) goes in the tooltip. */
  runIndexTitle: (index: number) => l10n.t('run index {0} in the log', index),
  /** Tooltip of the status badge when a reported metric does not match its per-sample scores. */
  statusMismatchTitle: (status: string, n: number) => (n === 1 ? l10n.t('{0}, but {1} reported metric value does not match the per-sample scores', status, n) : l10n.t('{0}, but {1} reported metric values do not match the per-sample scores', status, n)),

  // reportView
  mismatchBanner: (n: number) => (n === 1 ? l10n.t('{0} metric does not match its per-sample scores', n) : l10n.t('{0} metrics do not match their per-sample scores', n)),
  mismatchLink: (label: string) => l10n.t('Show {0}', label),
  qaGroupTitle: (group: string) => l10n.t('Quality checks (qa): {0}', group),
  get expected() {
    return l10n.t('Expected');
  },
  expectedFrom: (key: string) => l10n.t('Expected ({0})', key),
  get finalOutput() {
    return l10n.t('Final output');
  },
  get noFinalOutput() {
    return l10n.t('No final answer in the output.');
  },
  get resizeDetail() {
    return l10n.t('Resize the sample detail');
  },
};

/** User-visible strings of `task_result_log_path` (docs/datasets.md): diagnostics, code lens, completion. */
export const logPathStrings = {
  missing: (path: string) => l10n.t('task_result_log_path: {0} does not exist. Give the path of an existing task result log (relative to this file).', path),
  folder: (path: string) => l10n.t('task_result_log_path: {0} is a folder, not a task result log file.', path),
  notALog: (path: string, reason: string) => l10n.t('task_result_log_path: {0} is not a valid task result log ({1}).', path, reason),
  get notALogShape() {
    return l10n.t('its top level has no "format_version" and "evidence"');
  },
  schemaProblems: (count: number, first: string) => (count === 1 ? l10n.t('{0} schema problem; first: {1}', count, first) : l10n.t('{0} schema problems; first: {1}', count, first)),
  lensOpen: (verified: number, mismatches: number) => (verified === 1 ? (mismatches === 1 ? l10n.t('Open report · {0} metric verified / {1} mismatch', verified, mismatches) : l10n.t('Open report · {0} metric verified / {1} mismatches', verified, mismatches)) : (mismatches === 1 ? l10n.t('Open report · {0} metrics verified / {1} mismatch', verified, mismatches) : l10n.t('Open report · {0} metrics verified / {1} mismatches', verified, mismatches))),
  get lensChecking() {
    return l10n.t('Open report · verifying…');
  },
  lensTooltip: (notVerifiable: number) => (notVerifiable ? l10n.t('Recomputes every verifiable metric from the per-sample scores, as `eval-lens log verify` does ({0} not verifiable).', notVerifiable) : l10n.t('Recomputes every verifiable metric from the per-sample scores, as `eval-lens log verify` does.')),
  get linkTooltip() {
    return l10n.t('Open the task result log as a report');
  },
  notFound: (file: string) => l10n.t('There is no task result log at {0}. Run the evaluation again, or correct task_result_log_path to name the log (relative to this file).', file),
  isFolder: (file: string) => l10n.t('{0} is a folder, not a task result log. Correct task_result_log_path to name the log file inside it.', file),
} as const;
