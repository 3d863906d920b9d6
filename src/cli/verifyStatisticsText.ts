import type { MetricInterval, ScoreCurves } from '../core/compare/logStatistics';
import { statisticsStrings as S } from '../core/l10n/statisticsStrings';
import { metricLabel, num } from '../core/format/compareFormat';
import { textTable } from './textTable';

function range(bounds: readonly [number, number] | undefined): string {
  return bounds ? `[${num(bounds[0])}, ${num(bounds[1])}]` : '—';
}

/** The unbiased pass@k/pass^k curves and the Wilson intervals, as `eval-lens log verify` prints them after the checks. */
export function verifyStatisticsText(curves: readonly ScoreCurves[] | undefined, intervals: readonly MetricInterval[]): string {
  const lines: string[] = [];
  if (intervals.length) {
    lines.push(S.intervalsHeading, textTable(S.intervalColumns, intervals.map((r) => [
      // Named as `log compare` names a metric key: "scorer: metric", "scorer: metric/value" when the two differ.
      metricLabel({ scorerKey: r.scorer_key ?? undefined, metricKey: r.metric_key, valueKey: r.key }), String(r.n), num(r.value), range(r.wilson), range(r.normal),
    ])), '');
  }
  if (!curves) return lines.length ? `${lines.join('\n')}\n` : '';
  lines.push(S.curvesHeading, S.curvesNote);
  if (!curves.length) lines.push(S.noCurves);
  for (const score of curves) {
    lines.push('', S.curveScore(score.scorer_key, score.score, score.samples, score.k_max), textTable(S.curveColumns, score.curve.map((p) => [
      String(p.k), num(p.pass_at_k), num(p.pass_at_k_se), num(p.pass_pow_k), num(p.pass_pow_k_se),
    ])));
    if (score.shortfall) lines.push(S.curveShortfall(score.k_max, score.shortfall.samples_with_fewer, score.shortfall.most_trials));
  }
  return `${lines.join('\n')}\n`;
}
