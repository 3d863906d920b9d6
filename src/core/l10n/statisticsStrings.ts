/** User-visible strings of the statistics of docs/semantics.md §12: curves, intervals, resampling and plans. */
import * as l10n from '@vscode/l10n';

export const statisticsStrings = {
  // The log report and the compare view
  wilsonInterval: (low: string, high: string, n: string) => l10n.t('95% Wilson interval {0} – {1} (N = {2})', low, high, n),
  normalBeside: (low: string, high: string) => l10n.t('normal interval {0} – {1}', low, high),
  get wilsonTitle() {
    return l10n.t('The Wilson score interval of a proportion: right at small N, where the normal interval (p ± 1.96·SE) is too narrow. The normal interval is shown beside it from 300 values on.');
  },
  curveShortfall: (k: number, fewer: number, most: number) =>
    fewer === 1
      ? l10n.t('k stops at {0}: {1} sample has only {0} trials with this score (others have up to {2}), and every point averages the same samples.', k, fewer, most)
      : l10n.t('k stops at {0}: {1} samples have only {0} trials with this score (others have up to {2}), and every point averages the same samples.', k, fewer, most),
  get curveNote() {
    return l10n.t('The verified figures are the specification\'s plug-in values; the curve is the unbiased estimator.');
  },
  curveSummary: (score: string, samples: string, k: number, atFirst: string, atLast: string, powLast: string) =>
    l10n.t('Unbiased pass@k and pass^k of {0} over {1} samples, k = 1 … {2}: pass@k from {3} to {4}, pass^k down to {5}', score, samples, k, atFirst, atLast, powLast),
  sampleCurveSummary: (score: string, k: number, atFirst: string, atLast: string, powLast: string) =>
    l10n.t('Unbiased pass@k and pass^k of {0} for this sample, k = 1 … {1}: pass@k from {2} to {3}, pass^k down to {4}', score, k, atFirst, atLast, powLast),
  curvePoint: (k: number, passAtK: string, passAtKSe: string, passPowK: string, passPowKSe: string) =>
    l10n.t('k = {0}: pass@k {1} ± {2}, pass^k {3} ± {4}', k, passAtK, passAtKSe, passPowK, passPowKSe),
  get passAtKLegend() {
    return l10n.t('pass@k (solid)');
  },
  get passPowKLegend() {
    return l10n.t('pass^k (dashed)');
  },
  get seUnknown() {
    return l10n.t('n/a');
  },
  get sampleCurvesHeading() {
    return l10n.t('Unbiased pass@k and pass^k of this sample');
  },
  sampleCurveCaption: (score: string, passes: number, trials: number) =>
    (trials === 1 ? l10n.t('{0}: {1} of {2} trial passes', score, passes, trials) : l10n.t('{0}: {1} of {2} trials pass', score, passes, trials)),
  get planPrefix() {
    return l10n.t('Plan a run: to see a difference of');
  },
  get planDeltaLabel() {
    return l10n.t('Difference to detect, in the units of the values');
  },
  planResult: (samples: string, power: string, alpha: string) => l10n.t('you need {0} samples per run (power {1}, α {2}, two-sided).', samples, power, alpha),
  planResultPaired: (samples: string, power: string, alpha: string) => l10n.t('you need {0} paired samples (power {1}, α {2}, two-sided).', samples, power, alpha),
  get planInvalid() {
    return l10n.t('enter a positive difference.');
  },
  get planTooFew() {
    return l10n.t('too few values to plan from.');
  },
  get planTitle() {
    return l10n.t('n = (z_a + z_b)²·2s²/D² from this log\'s per-sample values (docs: semantics §12); two runs of the same samples need fewer when their scores are correlated.');
  },
  get planTitlePaired() {
    return l10n.t('n = (z_a + z_b)²·s_d²/D² from the variance of the paired differences (docs: semantics §12).');
  },
  // The plan beside each MDE in the compare view
  get planCellPrefix() {
    return l10n.t('plan: Δ');
  },
  planCellLabel: (metric: string) => l10n.t('Difference to detect for {0}', metric),
  get planCellRateUnit() {
    return l10n.t('in percentage points');
  },
  get planCellValueUnit() {
    return l10n.t('in the units of the values');
  },
  planCellResult: (samples: number, formatted: string) => (samples === 1 ? l10n.t('→ 1 pair') : l10n.t('→ {0} pairs', formatted)),
  get planCellUnpaired() {
    return l10n.t('no plan: the logs share no sample, so there are no paired differences to plan from');
  },
  get planCellTooFew() {
    return l10n.t('no plan: fewer than two paired values');
  },
  planCellSettings: (power: string, alpha: string) => l10n.t('Power {0}, α {1}, two-sided. For 0/1 values and rates D is in percentage points; for other scores, in the units of the values.', power, alpha),
  bootstrapInterval: (interval: string) => l10n.t('bootstrap {0}', interval),
  bootstrapTitle: (resamples: string, seed: number) => l10n.t('Paired bootstrap percentile 95% interval of Δ: {0} resamples, seed {1}.', resamples, seed),
  permutationP: (p: string) => l10n.t('permutation p {0}', p),
  permutationExactTitle: (patterns: string) => l10n.t('Sign-flip permutation test, exact over all {0} sign patterns.', patterns),
  permutationRandomTitle: (patterns: string, seed: number) => l10n.t('Sign-flip permutation test over {0} random sign patterns, seed {1}.', patterns, seed),
  get testsDisagree() {
    return l10n.t('The t-test and the permutation test disagree about p < 0.05: with few samples or skewed differences, trust the permutation test.');
  },
  get resamplingPending() {
    return l10n.t('bootstrap and permutation test: computing…');
  },
  get resamplingFailed() {
    return l10n.t('bootstrap and permutation test: not computed');
  },
  get wilsonBaseline() {
    return l10n.t('baseline');
  },
  get wilsonCandidate() {
    return l10n.t('candidate');
  },

  // eval-lens log plan
  get planUsage() {
    return l10n.t('usage: eval-lens log plan LOG [LOG2] --delta D [--power P] [--alpha A] [--json]');
  },
  get planFiles() {
    return l10n.t('give one log (plan from its sample-level values) or two (plan from their paired differences)');
  },
  get planNeedsDelta() {
    return l10n.t('--delta D is required: the difference to detect, in the units of the metric values');
  },
  optionNeedsValue: (option: string) => l10n.t('{0} needs a value', option),
  unknownOption: (option: string) => l10n.t('unknown option {0}', option),
  notANumber: (option: string, text: string) => l10n.t('{0} must be a number, not "{1}"', option, text),
  seedInteger: (text: string) => l10n.t('--seed must be a whole number from 0 to 4294967295, not "{0}"', text),
  deltaPositive: (text: string) => l10n.t('--delta must be a positive number, not "{0}"', text),
  probabilityBetween: (option: string, text: string) => l10n.t('{0} must lie strictly between 0 and 1, not "{1}"', option, text),
  planHeading: (delta: string, power: string, alpha: string) => l10n.t('Samples needed to detect a difference of {0} (power {1}, α {2}, two-sided):', delta, power, alpha),
  get planFromOneLog() {
    return l10n.t('From one log: n = (z_a + z_b)²·2s²/D², s² the variance (n − 1) of each metric key\'s sample-level values (no pairing credit).');
  },
  get planFromPairs() {
    return l10n.t('From the paired samples of the two logs: n = (z_a + z_b)²·s_d²/D², s_d² the variance (n − 1) of the paired differences.');
  },
  get planColumns() {
    return [l10n.t('metric'), l10n.t('values'), l10n.t('variance'), l10n.t('samples needed')];
  },
  get planNone() {
    return l10n.t('No metric key with per-sample numeric values to plan from.');
  },
  get planUnpaired() {
    return l10n.t('The two logs share no sample: there are no paired differences to plan from.');
  },
  planUnknown: '—',
  // eval-lens log verify
  get curvesHeading() {
    return l10n.t('Unbiased pass@k and pass^k over trials (mean over samples ± standard error):');
  },
  get curvesNote() {
    return l10n.t('The log\'s own pass@k/pass^k aggregators (1 − (1 − p)^k, p^k) are what is verified above; these curves are the unbiased estimators 1 − C(n − c, k)/C(n, k) and C(c, k)/C(n, k), shown beside them.');
  },
  curveScore: (scorer: string, score: string, samples: number, k: number) =>
    (samples === 1 ? l10n.t('{0}/{1}: {2} sample, k = 1 … {3}', scorer, score, samples, k) : l10n.t('{0}/{1}: {2} samples, k = 1 … {3}', scorer, score, samples, k)),
  get curveColumns() {
    return [l10n.t('k'), l10n.t('pass@k'), l10n.t('± SE'), l10n.t('pass^k'), l10n.t('± SE')];
  },
  get noCurves() {
    return l10n.t('No 0/1 score with trials: no pass@k curves.');
  },
  get intervalsHeading() {
    return l10n.t('Intervals of 0/1 metrics (95%; Wilson, and the normal interval from 300 samples on):');
  },
  get intervalColumns() {
    return [l10n.t('metric'), l10n.t('n'), l10n.t('value'), l10n.t('Wilson interval'), l10n.t('normal interval')];
  },
  // eval-lens log compare
  get proportionsHeading() {
    return l10n.t('0/1 metrics: each log\'s 95% Wilson interval over the paired samples (normal interval from 300 on)');
  },
  normalInterval: (low: string, high: string) => l10n.t('normal [{0}, {1}]', low, high),
  get proportionColumns() {
    return [l10n.t('metric'), l10n.t('n'), l10n.t('baseline'), l10n.t('Wilson'), l10n.t('candidate'), l10n.t('Wilson')];
  },
  resamplingHeading: (seed: number) => l10n.t('Scores that are not 0/1: paired bootstrap and sign-flip permutation test (seed {0})', seed),
  get resamplingColumns() {
    return [l10n.t('metric'), l10n.t('n'), l10n.t('Δ'), l10n.t('t interval'), l10n.t('bootstrap interval'), l10n.t('t p'), l10n.t('permutation p'), l10n.t('patterns')];
  },
  patternsExact: (count: string) => l10n.t('all {0}', count),
  patternsRandom: (count: string) => l10n.t('{0} random', count),
  disagreement: (metric: string, tP: string, permutationP: string) => l10n.t('{0}: the t-test (p {1}) and the permutation test (p {2}) disagree about p < 0.05; with few samples or skewed differences, trust the permutation test.', metric, tP, permutationP),
  get planColumnsCompare() {
    return [l10n.t('metric'), l10n.t('n'), l10n.t('MDE'), l10n.t('s_d²'), l10n.t('samples needed')];
  },
  comparePlanHeading: (delta: string, power: string, alpha: string) => l10n.t('Samples needed to detect a difference of {0} (power {1}, α {2}; from the variance of the paired differences):', delta, power, alpha),
};
