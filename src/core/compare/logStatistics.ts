import type { LogSummary } from '../model/logViewTypes';
import type { LogIndex } from '../log/logIndex';
import { PerSampleValues } from '../log/metricsView';
import { toNumeric } from '../log/logValue';
import { curveLength, curveShortfall, passCurves, unbiasedPassAtK, unbiasedPassPowK } from './statistics/passAtK';
import { proportionInterval } from './statistics/proportionIntervals';
import { trialPassCounts } from './trialPassCounts';
import { PROPORTION_METRIC_TYPES } from '../log/metricStatistics';


/** The unbiased pass@k and pass^k curves of one 0/1 score, as `eval-lens log verify --json` prints them. */
export interface ScoreCurves {
  scorer_key: string;
  score: string;
  samples: number;
  k_max: number;
  /** Present when k stops before the most trials a sample has: that number and how many samples have fewer trials. */
  shortfall?: { most_trials: number; samples_with_fewer: number };
  curve: { k: number; pass_at_k: number; pass_at_k_se: number | null; pass_pow_k: number; pass_pow_k_se: number | null }[];
  per_sample: { sample_id: string | number; trials: number; passes: number; pass_at_k: number[]; pass_pow_k: number[] }[];
}

/** The 95% interval of a metric value whose sample-level values are all 0/1 (docs/semantics.md §12). */
export interface MetricInterval {
  metric_key: string;
  scorer_key: string | null;
  key: string;
  n: number;
  value: number;
  wilson: [number, number];
  /** p̂ ± z·SE, from 300 samples on. */
  normal?: [number, number];
}

/** The unbiased curves over k = 1 … K of every 0/1 score with trials of the log's top-level samples. */
export function logPassCurves(index: LogIndex): ScoreCurves[] {
  return trialPassCounts(index).map((score) => {
    const last = curveLength(score.samples);
    const ks = Array.from({ length: last }, (_, i) => i + 1);
    const shortfall = curveShortfall(score.samples);
    return {
      ...(shortfall ? { shortfall: { most_trials: shortfall.mostTrials, samples_with_fewer: shortfall.fewer } } : {}),
      scorer_key: score.scorerKey,
      score: score.score,
      samples: score.samples.length,
      k_max: last,
      curve: passCurves(score.samples).map((p) => ({ k: p.k, pass_at_k: p.passAtK, pass_at_k_se: p.passAtKSe, pass_pow_k: p.passPowK, pass_pow_k_se: p.passPowKSe })),
      per_sample: score.samples.map((s) => ({
        sample_id: s.sampleId,
        trials: s.trials,
        passes: s.passes,
        pass_at_k: ks.map((k) => unbiasedPassAtK(s.trials, s.passes, k)),
        pass_pow_k: ks.map((k) => unbiasedPassPowK(s.trials, s.passes, k)),
      })),
    };
  });
}

/** Wilson intervals of the log's `mean`/`accuracy` metric values whose sample-level values are all 0/1. */
export function logMetricIntervals(index: LogIndex, summary: LogSummary = index.getSummary()): MetricInterval[] {
  const set = index.sampleSet();
  if (!set) return [];
  const perSample = new PerSampleValues(set.records, summary.samples.scoreColumns);
  const rows: MetricInterval[] = [];
  for (const group of summary.metrics ?? []) {
    for (const metric of group.metrics) {
      if (!PROPORTION_METRIC_TYPES.has(metric.metricType ?? '')) continue;
      for (const value of metric.values) {
        const id = perSample.column(metric.scorerKey, value.key, metric.column).id;
        if (id === undefined) continue;
        // A value that is not a number reads as 0.5: the column is then not 0/1 and gets no interval.
        const values = Float64Array.from({ length: set.records.length }, (_, i) => {
          const score = set.records.scoreAt(i, id);
          return score === null || score === undefined ? NaN : toNumeric(score) ?? 0.5;
        });
        const interval = proportionInterval(values);
        if (!interval) continue;
        const row: MetricInterval = { metric_key: metric.metricKey, scorer_key: metric.scorerKey ?? null, key: value.key, n: interval.n, value: interval.estimate, wilson: [interval.wilsonLow, interval.wilsonHigh] };
        if (interval.normalLow !== undefined && interval.normalHigh !== undefined) row.normal = [interval.normalLow, interval.normalHigh];
        rows.push(row);
      }
    }
  }
  return rows;
}
