import type { MetricGroup, MetricValueView, PassCurveView, SamplePassCurve } from '../model/logViewTypes';
import type { SampleShape } from './sampleReading';
import type { PerSampleValues } from './metricsView';
import type { NumericReading } from './numericReading';
import type { TrialPassTally } from './trialPassTally';
import { samplePassCounts } from './trialPassTally';
import { variance } from '../compare/statistics/descriptive';
import { curveShortfall, passCurves, sampleCurves } from '../compare/statistics/passAtK';
import { proportionIntervalOfCounts } from '../compare/statistics/proportionIntervals';

/** The metric types whose value is a mean of the sample-level values, so a proportion when those are 0/1. */
export const PROPORTION_METRIC_TYPES: ReadonlySet<string> = new Set(['mean', 'accuracy']);

/** The unbiased curves of one 0/1 score over the trials of a set (docs/semantics.md §12), when it has any. */
export function curveOf(tally: TrialPassTally | undefined, scorerKey: string | undefined, score: string): PassCurveView | undefined {
  const passes = scorerKey === undefined ? undefined : tally?.score(scorerKey, score);
  if (!passes) return undefined;
  const points = passCurves(passes.samples);
  if (!points.length) return undefined;
  const shortfall = curveShortfall(passes.samples);
  return shortfall ? { samples: passes.samples.length, points, shortfall } : { samples: passes.samples.length, points };
}

/** A score's curve and per-sample values read as numbers (when all are), worked out once for every metric that reads the score. */
interface ScoreFigures {
  curve?: PassCurveView;
  reading?: NumericReading;
}

function scoreFigures(scorerKey: string | undefined, key: string, perSample: PerSampleValues, tally: TrialPassTally | undefined): ScoreFigures {
  const curve = curveOf(tally, scorerKey, key);
  const id = perSample.column(scorerKey, key).id;
  const reading = id === undefined ? undefined : perSample.candidates(id)[0].reading;
  return { curve, reading: reading?.allNumeric ? reading : undefined };
}

function addValueStatistics(metricType: string | undefined, value: MetricValueView, figures: ScoreFigures): void {
  if (figures.curve) value.curve = figures.curve;
  const { reading } = figures;
  if (!reading || reading.numbers.length < 2) return;
  // A plan is for a mean (docs/semantics.md §12): under a `min`, `max`, `sum` or `count` metric it would read as a
  // plan for that value, which a comparison only reaches through the per-sample mean.
  if (!PROPORTION_METRIC_TYPES.has(metricType ?? '')) return;
  const { numbers, sum } = reading;
  value.spread = { n: numbers.length, variance: variance(numbers, sum / numbers.length) };
  const interval = reading.binary ? proportionIntervalOfCounts(reading.ones, numbers.length) : undefined;
  if (interval) value.interval = interval;
}

/**
 * The figures of docs/semantics.md §12 beside each metric value: its Wilson interval when it is a mean of 0/1
 * values, the spread of its per-sample values (for a plan), and the unbiased curves of the score of the same
 * name when its trial values are 0/1. Metrics over the same score (a mean and its stderr) share its figures.
 */
export function addMetricStatistics(groups: readonly MetricGroup[], perSample: PerSampleValues, tally?: TrialPassTally): void {
  const byScore = new Map<string, ScoreFigures>();
  for (const group of groups) {
    for (const metric of group.metrics) {
      for (const value of metric.values) {
        const key = JSON.stringify([metric.scorerKey ?? null, value.key]);
        let figures = byScore.get(key);
        if (!figures) byScore.set(key, (figures = scoreFigures(metric.scorerKey, value.key, perSample, tally)));
        addValueStatistics(metric.metricType, value, figures);
      }
    }
  }
}

/**
 * One sample's own unbiased curves, per 0/1 score over its trials (docs/semantics.md §12). Plain loops, no spread:
 * a pair's first details run before this code is compiled (docs/performance.md, "A sixth sitting").
 */
export function samplePassCurves(shape: SampleShape): SamplePassCurve[] {
  const counts = samplePassCounts(shape);
  const curves: SamplePassCurve[] = [];
  for (let i = 0; i < counts.length; i++) {
    const count = counts[i];
    if (!count.binary) continue;
    const { passAtK, passPowK } = sampleCurves(count.trials, count.passes);
    curves.push({ scorerKey: count.scorerKey, score: count.score, trials: count.trials, passes: count.passes, passAtK, passPowK });
  }
  return curves;
}
