import type { CandidateComparison, MetricComparison, ProportionInterval } from '../core/model/compareTypes';
import { statisticsStrings as S } from '../core/l10n/statisticsStrings';
import { interval, metricDelta, metricLabel, metricSize, metricValue, num, pValue } from '../core/format/compareFormat';
import { textTable } from './textTable';

function proportionText(m: MetricComparison, side: ProportionInterval): string {
  const wilson = `[${metricValue(m, side.wilsonLow)}, ${metricValue(m, side.wilsonHigh)}]`;
  return side.normalLow === undefined || side.normalHigh === undefined ? wilson : `${wilson}; ${S.normalInterval(metricValue(m, side.normalLow), metricValue(m, side.normalHigh))}`;
}

function proportionsTable(metrics: readonly MetricComparison[]): string | undefined {
  const rows = metrics.flatMap((m) => (m.proportions ? [[
    metricLabel(m), String(m.proportions.baseline.n), metricValue(m, m.proportions.baseline.estimate), proportionText(m, m.proportions.baseline),
    metricValue(m, m.proportions.candidate.estimate), proportionText(m, m.proportions.candidate),
  ]] : []));
  return rows.length ? `${S.proportionsHeading}\n${textTable(S.proportionColumns, rows)}` : undefined;
}

function resamplingTable(metrics: readonly MetricComparison[]): string | undefined {
  const resampled = metrics.filter((m) => m.resampling);
  if (!resampled.length) return undefined;
  const rows = resampled.map((m) => {
    const r = m.resampling as NonNullable<MetricComparison['resampling']>;
    const bootstrap = interval({ ...m, estimate: { ...m.estimate, ciLow: r.bootstrap.low, ciHigh: r.bootstrap.high } });
    const patterns = r.permutation.exact ? S.patternsExact(num(r.permutation.patterns)) : S.patternsRandom(num(r.permutation.patterns));
    return [metricLabel(m), String(m.estimate.n), metricDelta(m, m.estimate.delta), interval(m), bootstrap, pValue(m.estimate.p), pValue(r.permutation.p), patterns];
  });
  const notes = resampled.filter((m) => m.resampling?.disagreesWithT).map((m) => S.disagreement(metricLabel(m), pValue(m.estimate.p), pValue(m.resampling?.permutation.p)));
  return [S.resamplingHeading(resampled[0].resampling?.bootstrap.seed ?? 0), textTable(S.resamplingColumns, rows), ...notes].join('\n');
}

function planTable(metrics: readonly MetricComparison[]): string | undefined {
  const planned = metrics.filter((m) => m.plan);
  const first = planned[0]?.plan;
  if (!first) return undefined;
  const rows = planned.map((m) => [metricLabel(m), String(m.estimate.n), metricSize(m, m.estimate.mde), num(m.plan?.variance), m.plan?.samples === null ? S.planUnknown : String(m.plan?.samples)]);
  return `${S.comparePlanHeading(num(first.delta), num(first.power), num(first.alpha))}\n${textTable(S.planColumnsCompare, rows)}`;
}

/** The figures of docs/semantics.md §12 of one candidate: Wilson intervals, bootstrap and permutation, plans. */
export function compareStatisticsText(c: CandidateComparison): string[] {
  const lines: string[] = [];
  for (const table of [proportionsTable(c.metrics), resamplingTable(c.metrics), planTable(c.metrics)]) if (table) lines.push('', table);
  return lines;
}
