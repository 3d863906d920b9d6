/**
 * What the log report and the compare view show of the statistics of docs/semantics.md §12, as plain data and text:
 * the interval lines, the curve chart's geometry and words, and the plan line. No DOM: the views draw these.
 */
import type { PassCurvePoint, PassCurveView, ProportionInterval } from '../model/logViewTypes';
import { statisticsStrings as S } from '../l10n/statisticsStrings';
import { formatNumber, formatPercent } from '../format/displayFormat';
import { formatCount } from '../l10n/numberFormat';
import { DEFAULT_ALPHA, DEFAULT_POWER, samplesNeeded } from '../compare/statistics/samplePlanning';

/** A share for display: a percentage when the values are rates, else a number. */
function share(value: number, asRate: boolean): string {
  return asRate ? formatPercent(value) : formatNumber(value);
}

/** The Wilson line of a 0/1 metric and, from 300 values on, the normal interval beside it. */
export function intervalTexts(interval: ProportionInterval, asRate = true): { wilson: string; normal?: string } {
  const texts: { wilson: string; normal?: string } = { wilson: S.wilsonInterval(share(interval.wilsonLow, asRate), share(interval.wilsonHigh, asRate), formatCount(interval.n)) };
  if (interval.normalLow !== undefined && interval.normalHigh !== undefined) texts.normal = S.normalBeside(share(interval.normalLow, asRate), share(interval.normalHigh, asRate));
  return texts;
}

/** Geometry of the curve chart: both lines, their points and ±SE whiskers, in a width × height box. */
export interface CurveChartModel {
  width: number;
  height: number;
  passAtK: { path: string; points: ChartPoint[] };
  passPowK: { path: string; points: ChartPoint[] };
  /** The x position and label of each k. */
  ticks: { x: number; label: string }[];
  /** The left edge of the plot (the y labels 0% and 100% stand left of it) and their positions. */
  left: number;
  yTicks: { y: number; label: string }[];
  /** One sentence for screen readers and the tooltip. */
  summary: string;
  /** The rows of the table behind the chart: k, pass@k, ± SE, pass^k, ± SE. */
  rows: string[][];
}

interface ChartPoint {
  x: number;
  y: number;
  /** The ±SE whisker's top and bottom (equal to y without a standard error). */
  low: number;
  high: number;
  title: string;
}

const PAD = 4;
/** Room for the y labels. */
const LEFT = 30;
/** At most this many k labels under the chart (first and last always). */
const MAX_TICKS = 6;

/** A value as a finite share in [0, 1] (bad input draws at 0). */
function unit(value: number): number {
  return Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0;
}

function tickLabels(count: number, xOf: (i: number) => number): { x: number; label: string }[] {
  const step = Math.max(1, Math.ceil(count / MAX_TICKS));
  const ticks: { x: number; label: string }[] = [];
  for (let i = 0; i < count; i += step) ticks.push({ x: xOf(i), label: String(i + 1) });
  if (count > 1 && (count - 1) % step !== 0) ticks.push({ x: xOf(count - 1), label: String(count) });
  return ticks;
}

/** One sentence for the chart: over the samples of a log, or (one sample) for that sample. */
function summaryOf(samples: number, label: string, first: PassCurvePoint, last: PassCurvePoint): string {
  const [atFirst, atLast, powLast] = [formatPercent(first.passAtK), formatPercent(last.passAtK), formatPercent(last.passPowK)];
  return samples > 1 ? S.curveSummary(label, formatCount(samples), last.k, atFirst, atLast, powLast) : S.sampleCurveSummary(label, last.k, atFirst, atLast, powLast);
}

/** The chart of a score's unbiased curves over k = 1 … K (docs/semantics.md §12). */
export function curveChart(curve: PassCurveView, label: string, width = 180, height = 64): CurveChartModel {
  const points = curve.points;
  const innerW = width - LEFT - PAD;
  const innerH = height - 2 * PAD;
  const xOf = (i: number): number => LEFT + (points.length > 1 ? (innerW * i) / (points.length - 1) : innerW / 2);
  const yOf = (v: number): number => PAD + innerH * (1 - unit(v));
  const se = (v: number | null): string => (v === null || !Number.isFinite(v) ? S.seUnknown : formatPercent(v));
  const line = (value: (p: PassCurvePoint) => number, error: (p: PassCurvePoint) => number | null): { path: string; points: ChartPoint[] } => {
    const drawn = points.map((p, i) => {
      const v = value(p);
      const e = error(p);
      const spread = e !== null && Number.isFinite(e) ? e : 0;
      return { x: xOf(i), y: yOf(v), low: yOf(v - spread), high: yOf(v + spread), title: S.curvePoint(p.k, formatPercent(p.passAtK), se(p.passAtKSe), formatPercent(p.passPowK), se(p.passPowKSe)) };
    });
    return { path: drawn.map((d, i) => `${i === 0 ? 'M' : 'L'}${d.x.toFixed(1)},${d.y.toFixed(1)}`).join(' '), points: drawn };
  };
  const first = points[0];
  const last = points[points.length - 1];
  return {
    width,
    height,
    passAtK: line((p) => p.passAtK, (p) => p.passAtKSe),
    passPowK: line((p) => p.passPowK, (p) => p.passPowKSe),
    ticks: tickLabels(points.length, xOf),
    left: LEFT,
    yTicks: [{ y: yOf(1), label: formatPercent(1) }, { y: yOf(0), label: formatPercent(0) }],
    summary: first && last ? summaryOf(curve.samples, label, first, last) : '',
    rows: points.map((p) => [String(p.k), formatPercent(p.passAtK), se(p.passAtKSe), formatPercent(p.passPowK), se(p.passPowKSe)]),
  };
}

/** The difference a plan starts from: 2 points for values in [0, 1], else a tenth of the standard deviation. */
export function defaultPlanDelta(spread: { variance: number }, asRate: boolean): number {
  if (asRate) return 0.02;
  const sd = Math.sqrt(spread.variance);
  if (!(sd > 0) || !Number.isFinite(sd)) return 1;
  const tenth = sd / 10;
  const magnitude = 10 ** Math.floor(Math.log10(tenth));
  return Math.round(tenth / magnitude) * magnitude;
}

/** Samples needed for a difference `delta` (docs/semantics.md §12), or why there is no number. */
function planFor(variance: number, delta: number, paired: boolean): number | 'invalid' | 'too-few' {
  if (!(delta > 0) || !Number.isFinite(delta)) return 'invalid';
  return samplesNeeded(variance, delta, { paired }).samples ?? 'too-few';
}

/**
 * The end of the "Plan a run" line for a difference `delta` (docs/semantics.md §12): from one log's variance
 * (paired false: n = (z_a + z_b)²·2s²/D²) or from the paired differences' (n = (z_a + z_b)²·s_d²/D²).
 */
export function planText(variance: number, delta: number, paired: boolean): { samples: number | null; text: string } {
  const samples = planFor(variance, delta, paired);
  if (samples === 'invalid') return { samples: null, text: S.planInvalid };
  if (samples === 'too-few') return { samples: null, text: S.planTooFew };
  const result = paired ? S.planResultPaired : S.planResult;
  return { samples, text: result(formatCount(samples), formatPercent(DEFAULT_POWER), formatNumber(DEFAULT_ALPHA)) };
}

/**
 * The short plan beside a compared metric key's MDE (docs/semantics.md §12): the paired samples needed for a
 * difference `delta` from the variance of the paired differences, or why there is none — `variance` undefined
 * when the comparison has no paired samples, NaN with fewer than two.
 */
export function planCellText(variance: number | undefined, delta: number): { samples: number | null; text: string } {
  if (variance === undefined) return { samples: null, text: S.planCellUnpaired };
  const samples = planFor(variance, delta, true);
  if (samples === 'invalid') return { samples: null, text: S.planInvalid };
  if (samples === 'too-few') return { samples: null, text: S.planCellTooFew };
  return { samples, text: S.planCellResult(samples, formatCount(samples)) };
}

/** The hover of the plan beside the MDE: the formula, the power and the level. */
export function planCellTitle(): string {
  return `${S.planTitlePaired}\n${S.planCellSettings(formatPercent(DEFAULT_POWER), formatNumber(DEFAULT_ALPHA))}`;
}
