/** User-visible strings of the verification of Inspect AI metrics (docs/inspect-logs.md). */
import * as l10n from '@vscode/l10n';

export const inspectMetricStrings = {
  // Why a score value cannot be read as a number the way Inspect reads it
  unmappableValue: (value: string) => l10n.t('Inspect cannot read the value {0} as a number (it counts it as 0 with a warning)', value),
  sampleValueProblem: (sampleId: string, problem: string) => l10n.t('sample {0}: {1}', sampleId, problem),
  // Epoch reduction
  unknownReducer: (reducer: string) => l10n.t('the epoch reducer "{0}" is not one of Inspect\'s built-in reducers, so the per-sample values cannot be recomputed', reducer),
  uncountable: (value: string) => l10n.t('Inspect cannot count the value {0} (a list or an object) over the epochs, so it refuses to reduce them', value),
  mixedShapes: (shape: string) => l10n.t('the epochs mix a {0} value with values of another shape, which Inspect refuses to reduce', shape),
  mismatchedKeys: (first: string, other: string) => l10n.t('the epochs score different keys ({0} and {1}), which Inspect refuses to reduce', first, other),
  mismatchedLengths: (first: number, other: number) => l10n.t('the epochs hold lists of different lengths ({0} and {1}), which Inspect refuses to reduce', first, other),
  get dictShape() {
    return l10n.t('dictionary');
  },
  get listShape() {
    return l10n.t('list');
  },
  get scalarShape() {
    return l10n.t('single');
  },
  // Metrics
  customMetric: (metric: string) => l10n.t('"{0}" is not one of the metrics Eval Lens recomputes (accuracy, mean, std, var, stderr)', metric),
  get bootstrapMetric() {
    return l10n.t('bootstrap_stderr draws random resamples, so its value cannot be recomputed exactly');
  },
  metricGroupValue: (group: string) => l10n.t('this value is one entry of the metric "{0}", which returns several values and is not recomputed', group),
  customParams: (params: string) => l10n.t('the metric was created with its own arguments ({0}), so its value mapping is unknown', params),
  missingCluster: (sampleId: string, key: string) => l10n.t('sample {0} has no metadata value "{1}" to cluster the standard error by', sampleId, key),
  unhashableCluster: (sampleId: string, key: string) => l10n.t('the cluster value "{1}" of sample {0} is a list or an object, which cannot name a cluster', sampleId, key),
  missingKey: (sampleId: string, key: string) => l10n.t('the score of sample {0} has no value for the key "{1}"', sampleId, key),
  get noScoredSamples() {
    return l10n.t('no sample carries a scored value for this scorer, so Inspect stores NaN');
  },
  get storedNotNumeric() {
    return l10n.t('the stored value is not a number');
  },
  storedNaN: (recomputed: number) => l10n.t('the stored value is NaN but {0} was recomputed', recomputed),
  mismatch: (stored: number, recomputed: number, samples: number) =>
    samples === 1
      ? l10n.t('stored {0}, recomputed {1} from {2} sample', stored, recomputed, samples)
      : l10n.t('stored {0}, recomputed {1} from {2} samples', stored, recomputed, samples),
  mismatchCount: (stored: number, recomputed: number, samples: number, scored: number) =>
    `${inspectMetricStrings.mismatch(stored, recomputed, samples)}; ${
      scored === 1 ? l10n.t('the log says {0} sample was scored', scored) : l10n.t('the log says {0} samples were scored', scored)
    }`,
};
