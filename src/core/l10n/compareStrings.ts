/** Words of comparing runs: the compare view, the CLI and the standalone compare file. */
import * as l10n from '@vscode/l10n';
import { formatCount } from './numberFormat';

export const compareStrings = {
  metricOnlyIn: (which: 'baseline' | 'candidate') => l10n.t('reported by the {0} only', which),
  perSampleMeanOf: (type: string) => l10n.t('mean per sample, not the reported {0}', type),
  reportedValues: (type: string, baseline: string, candidate: string) => l10n.t('reported {0}: {1} → {2}', type, baseline, candidate),
  notComparedType: (type: string, compared: string) => l10n.t('metric type "{0}" is not compared pair by pair (only {1} are)', type, compared),
  get typeMissing() {
    return l10n.t('the metric has no metric_type');
  },
  get noColumn() {
    return l10n.t('no per-sample score carries this key');
  },
  get notNumeric() {
    return l10n.t('per-sample values are not numbers or booleans');
  },
  get unpairedNote() {
    return l10n.t('No sample is in both logs: these figures are unpaired (Welch), comparing all samples of each log.');
  },
  noCandidate: (n: number, count: number) => l10n.t('no candidate log {0} (there are {1})', n, count),
  noPairedSample: (id: string) => l10n.t('no sample with id "{0}" is in both logs', id),
  get missingCluster() {
    return l10n.t('(missing)');
  },
  // VS Code
  panelTitle: (base: string, candidates: string[]) => l10n.t('Compare: {0} ↔ {1}', base, candidates.join(', ')),
  loadingLogs: (total: number) => l10n.t('Reading {0} logs…', total),
  get loadFailed() {
    return l10n.t('The logs could not be compared.');
  },
  get staleComparison() {
    return l10n.t('The comparison was computed again; this answer is out of date.');
  },
  get browse() {
    return l10n.t('Browse…');
  },
  get compareButton() {
    return l10n.t('Compare');
  },
  get pickBaseline() {
    return l10n.t('Pick the baseline log');
  },
  pickCandidates: (base: string) => l10n.t('Pick one or more logs to compare with {0}', base),
  notALog: (file: string) => l10n.t('{0} is not a task result log.', file),
  // Compare view
  view: {
    get metricsHeading() {
      return l10n.t('Metrics');
    },
    get metricsNote() {
      return l10n.t('Δ = candidate − baseline over the paired samples. The bar is the 95% interval around zero; p is adjusted by Holm over the metric keys.');
    },
    /** The header of the metric table: the interval's text and bar share one column. */
    get columns() {
      return [l10n.t('Metric'), 'n', l10n.t('Baseline'), l10n.t('Candidate'), 'Δ', l10n.t('95% interval'), 'p', l10n.t('p (Holm)'), l10n.t('MDE'), l10n.t('Significance'), l10n.t('Lower is better')];
    },
    get checkingInputs() {
      return l10n.t("Comparing the samples' data…");
    },
    /** What each column of the metric table means, shown on its header (same order as `columns`). */
    get columnHelp() {
      return [
        l10n.t('The metric; click it to list the samples that changed'),
        l10n.t('Samples in both logs that carry the value (pairs)'),
        l10n.t('Mean of the per-sample values in the baseline'),
        l10n.t('Mean of the per-sample values in the candidate'),
        l10n.t('Candidate minus baseline'),
        l10n.t('95% confidence interval of Δ; the bar shows it around zero'),
        l10n.t('p-value of the paired test: how often a Δ this large would appear if the runs did not differ'),
        l10n.t('p-value adjusted for comparing several metrics at once (Holm); what the verdict uses'),
        l10n.t('Minimum detectable effect: the smallest Δ these samples would detect 80% of the time'),
        l10n.t('Better or worse when p (Holm) < 0.05; "within noise" when the difference could be chance'),
        l10n.t('Tick when a lower value is better (errors, cost, latency)'),
      ];
    },
    get changeColumns() {
      return [l10n.t('Sample'), l10n.t('Metric'), l10n.t('Baseline → candidate'), 'Δ', l10n.t('Change')];
    },
    valuesTitle: (baseline: string, candidate: string) => l10n.t('baseline {0} → candidate {1}', baseline, candidate),
    get binaryHeading() {
      return l10n.t('0/1 scores: paired counts');
    },
    get candidatePass() {
      return l10n.t('candidate pass');
    },
    get candidateFail() {
      return l10n.t('candidate fail');
    },
    get baselinePass() {
      return l10n.t('baseline pass');
    },
    get baselineFail() {
      return l10n.t('baseline fail');
    },
    mcnemar: (p: string) => l10n.t('McNemar exact p = {0}', p),
    get changesHeading() {
      return l10n.t('Per-sample changes');
    },
    get allMetrics() {
      return l10n.t('All metrics');
    },
    get allChanges() {
      return l10n.t('Improvements and regressions');
    },
    get onlyImprovements() {
      return l10n.t('Improvements');
    },
    get onlyRegressions() {
      return l10n.t('Regressions');
    },
    get onlySignificant() {
      return l10n.t('Only beyond noise');
    },
    get onlyInputChanged() {
      return l10n.t('Only changed input');
    },
    get clusterLabel() {
      return l10n.t('Cluster by');
    },
    get noCluster() {
      return l10n.t('No clusters (paired)');
    },
    showing: (shown: number, total: number) => l10n.t('{0} of {1}', shown, total),
    get more() {
      return l10n.t('Load more');
    },
    get noChanges() {
      return l10n.t('No per-sample change matches the filters.');
    },
    get closePair() {
      return l10n.t('Close');
    },
    get output() {
      return l10n.t('Output');
    },
    get outputDiff() {
      return l10n.t('Diff of the final outputs (first trial)');
    },
    get noDiff() {
      return l10n.t('The final outputs are identical.');
    },
    trial: (n: number) => l10n.t('Trial {0}', n),
    get loading() {
      return l10n.t('Loading…');
    },
    candidateTab: (n: number, name: string) => l10n.t('Candidate {0}: {1}', n, name),
    get flipTitle() {
      return l10n.t('Lower is better for this metric');
    },
    sampleFacts: (samples: number, trials: number) => {
      const count = samples === 1 ? l10n.t('{0} sample', formatCount(samples)) : l10n.t('{0} samples', formatCount(samples));
      if (!trials) return count;
      return trials === 1 ? l10n.t('{0} × {1} trial', count, trials) : l10n.t('{0} × {1} trials', count, trials);
    },
    fisherP: (p: string) => l10n.t("Fisher's exact p = {0}", p),
    samplesLine: (paired: number, onlyBase: number, onlyCand: number, changed: number) =>
      l10n.t('{0} paired · {1} only in baseline · {2} only in candidate · {3} with changed input', paired, onlyBase, onlyCand, changed),
  },
  // CLI
  get usage() {
    return l10n.t('eval-lens log compare BASE CAND [CAND…] [--json] [-o compare.html] [--cluster KEY] [--fail-on-regression] [--lower-is-better KEY…]');
  },
  noExportPairs: (a: string, b: string) => l10n.t('no task specification has a log (task_results/<key>/task_result_log.json) in both {0} and {1}', a, b),
  exportPairsHeading: (n: number) => l10n.t('Task specifications in both exports: {0} (Δ = candidate − baseline; p adjusted by Holm within each task)', n),
  exportOnlyIn: (folder: string, keys: string) => l10n.t('only in {0}: {1}', folder, keys),
  get exportFolderNoPage() {
    return l10n.t('-o writes one comparison page: compare the logs of one task specification, or leave -o out for export folders');
  },
  get needTwoLogs() {
    return l10n.t('give a baseline log and at least one candidate log');
  },
  unknownOption: (option: string) => l10n.t('unknown option {0}', option),
  optionNeedsValue: (option: string) => l10n.t('{0} needs a value', option),
  clusterKeyNotFound: (key: string, known: string) => (known ? l10n.t('the cluster key "{0}" is not a key of the sample data (keys: {1})', key, known) : l10n.t('the cluster key "{0}" is not a key of the sample data', key)),
  wrote: (file: string) => l10n.t('wrote {0}', file),
  cannotWrite: (file: string, reason: string) => l10n.t('cannot write {0}: {1}', file, reason),
  get headingMetrics() {
    return l10n.t('Metrics (Δ = candidate − baseline; 95% interval; p adjusted by Holm over the metric keys)');
  },
  get headingBinary() {
    return l10n.t('0/1 scores (paired samples: both pass / both fail / only baseline / only candidate; McNemar exact p)');
  },
  get headingChanges() {
    return l10n.t('Largest per-sample changes');
  },
  get headingAlignment() {
    return l10n.t('Samples');
  },
  get headingUsage() {
    return l10n.t('Token usage (prompt + completion)');
  },
  get headingErrors() {
    return l10n.t('Errors by stage');
  },
  get headingRuns() {
    return l10n.t('Repeatability runs (mean across runs)');
  },
  alignmentLine: (paired: number, onlyBase: number, onlyCand: number, dupBase: number, dupCand: number, changed: number) =>
    l10n.t('{0} paired, {1} only in the baseline, {2} only in the candidate, {3} duplicated ids left out, {4} with changed input', paired, onlyBase, onlyCand, dupBase + dupCand, changed),
  runtimeLine: (base: string, cand: string, delta: string) => l10n.t('Runtime: {0} → {1} ({2})', base, cand, delta),
  get noMetrics() {
    return l10n.t('No metric key is reported by both logs with a verifiable type.');
  },
  /** "baseline: a.eval — popularity (100 samples)", one sample singular. */
  logLine: (label: string, fileName: string, displayName: string, samples: number) =>
    (samples === 1 ? l10n.t('{0}: {1} — {2} ({3} sample)', label, fileName, displayName, samples) : l10n.t('{0}: {1} — {2} ({3} samples)', label, fileName, displayName, samples)),
  skippedLine: (key: string, reason: string) => l10n.t('not compared: {0} — {1}', key, reason),
  regressionFound: (count: number) =>
    count === 1
      ? l10n.t("{0} metric key significantly worse after Holm's adjustment", count)
      : l10n.t("{0} metric keys significantly worse after Holm's adjustment", count),
  get noRegression() {
    return l10n.t("No metric key is significantly worse after Holm's adjustment.");
  },
  verdictLabel: { get better() {
                    return l10n.t('better');
                  }, get worse() {
                                      return l10n.t('worse');
                                    }, get no_difference() {
                                                      return l10n.t('no significant difference');
                                                    }, get untested() {
                                                                                                  return l10n.t('not tested');
                                                                                                } } as Record<string, string>,
  kindLabel: { get improvement() {
                 return l10n.t('improvement');
               }, get regression() {
                                             return l10n.t('regression');
                                           }, get unchanged() {
                                                                       return l10n.t('unchanged');
                                                                     } } as Record<string, string>,
  get withinNoise() {
    return l10n.t('within noise');
  },
  get inputChanged() {
    return l10n.t('input changed');
  },
  get lowerIsBetter() {
    return l10n.t('lower is better');
  },
  clusteredBy: (key: string, clusters: number) => l10n.t('clustered by {0} ({1} clusters)', key, clusters),
  htmlTitle: (base: string) => l10n.t('Comparison with {0}', base),
  get baselineLabel() {
    return l10n.t('baseline');
  },
  candidateLabel: (n: number) => l10n.t('candidate {0}', n),

  // compareFileWindow
  logChangedWhileWriting: (file: string) => l10n.t('{0} changed while the comparison was being written: compare the logs again.', file),
  pairUnreadable: (sampleId: string, side: string, reason: string) =>
    l10n.t('The {0} sample "{1}" cannot be read from this comparison file ({2}). The file is damaged: write it again with eval-lens log compare -o.', side, sampleId, reason),
  get baseline() {
    return l10n.t('baseline');
  },
  get candidate() {
    return l10n.t('candidate');
  },

  // standaloneCompare
  pairNotCarried: (sampleId: string) => l10n.t('Sample "{0}" changed for no metric, so this file does not carry its conversations.', sampleId),
  damaged: (what: string) => l10n.t('This comparison file is damaged: {0}. Write it again with eval-lens log compare -o.', what),
  cannotCompareAgain: (reason: string) => l10n.t('The comparison could not be computed again: {0}', reason),
};
