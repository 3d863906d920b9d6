/**
 * The statistics of docs/semantics.md §12 in the compare view: each log's Wilson interval under its value (0/1
 * metrics), the bootstrap interval and the permutation p under the t figures (other scores), a note when the
 * tests disagree, and the plan of each metric key beside its MDE.
 */
import type { CandidateComparison, MetricComparison, ProportionInterval } from '../../src/core/model/compareTypes';
import { statisticsStrings as T } from '../../src/core/l10n/statisticsStrings';
import { formatPercent } from '../../src/core/format/displayFormat';
import { formatCount } from '../../src/core/l10n/numberFormat';
import { intervalOf, isRateMetric, metricLabel, pValue } from '../../src/core/format/compareFormat';
import { el } from '../shared/dom';
import { planDeltaInput } from '../shared/statisticsBlocks';
import { planCellText, planCellTitle } from '../../src/core/report/statisticsView';

/** "[a – b]" under a log's value: its Wilson interval over the paired samples, the normal one beside from 300 on. */
export function wilsonLine(interval: ProportionInterval | undefined, testId: string): HTMLElement | null {
  if (!interval) return null;
  const normal = interval.normalLow !== undefined && interval.normalHigh !== undefined ? ` · ${T.normalBeside(formatPercent(interval.normalLow), formatPercent(interval.normalHigh))}` : '';
  return el('div', {
    className: 'stat-line muted', text: `[${formatPercent(interval.wilsonLow)}, ${formatPercent(interval.wilsonHigh)}]${normal}`,
    title: `${T.wilsonInterval(formatPercent(interval.wilsonLow), formatPercent(interval.wilsonHigh), formatCount(interval.n))}\n${T.wilsonTitle}`,
    attrs: { 'data-testid': testId },
  });
}

/** Whether a metric key gets the bootstrap and the permutation test: paired values that are not all 0/1. */
function resampled(m: MetricComparison): boolean {
  return !m.proportions && m.differenceVariance !== undefined && m.estimate.n >= 2;
}

/** The bootstrap interval under the t interval; "computing…" while the figures are still to come. */
export function bootstrapLine(m: MetricComparison, pending: boolean): HTMLElement | null {
  if (!resampled(m)) return null;
  const r = m.resampling;
  if (!r) return pending ? el('div', { className: 'stat-line muted', text: T.resamplingPending, attrs: { role: 'status', 'data-testid': 'resampling-pending' } }) : null;
  return el('div', { className: 'stat-line', text: T.bootstrapInterval(intervalOf(m, r.bootstrap.low, r.bootstrap.high)), title: T.bootstrapTitle(formatCount(r.bootstrap.resamples), r.bootstrap.seed), attrs: { 'data-testid': 'bootstrap' } });
}

/** The permutation p under the t-test's p, with a warning mark when the two disagree about p < 0.05. */
export function permutationLine(m: MetricComparison): HTMLElement | null {
  const r = resampled(m) ? m.resampling : undefined;
  if (!r) return null;
  const title = r.permutation.exact ? T.permutationExactTitle(formatCount(r.permutation.patterns)) : T.permutationRandomTitle(formatCount(r.permutation.patterns), r.permutation.seed ?? 0);
  return el('div', { className: `stat-line${r.disagreesWithT ? ' tests-disagree' : ''}`, text: `${T.permutationP(pValue(r.permutation.p))}${r.disagreesWithT ? ' ⚠' : ''}`, title: r.disagreesWithT ? `${title}\n${T.testsDisagree}` : title, attrs: { 'data-testid': 'permutation' } });
}

/** One note under the table per metric key whose t-test and permutation test disagree. */
export function disagreementNotes(c: CandidateComparison): HTMLElement[] {
  return c.metrics.filter((m) => m.resampling?.disagreesWithT).map((m) => el('p', { className: 'schema-banner', text: `${metricLabel(m)}: ${T.testsDisagree}`, attrs: { role: 'note', 'data-testid': 'tests-disagree' } }));
}

/**
 * The plan beside a metric key's MDE (docs/semantics.md §12): the paired samples needed to detect a difference D
 * typed in place (percentage points for rates and 0/1 values), from s_d²; or why there is no plan. `typed` keeps
 * each key's D while the table is drawn again.
 */
export function planCell(m: MetricComparison, typed: Map<string, string>): HTMLElement {
  if (m.differenceVariance === undefined) {
    return el('div', { className: 'stat-line muted plan-cell', text: planCellText(undefined, NaN).text, attrs: { 'data-testid': 'plan-cell' } });
  }
  const variance = m.differenceVariance;
  const rate = isRateMetric(m) || m.proportions !== undefined;
  const result = el('div', { className: 'plan-result', attrs: { 'aria-live': 'polite', 'data-testid': 'plan-result' } });
  const label = `${T.planCellLabel(metricLabel(m))}, ${rate ? T.planCellRateUnit : T.planCellValueUnit}`;
  const input = planDeltaInput({ variance }, rate, label, (delta) => {
    result.textContent = planCellText(variance, delta).text;
  }, typed.get(m.id));
  input.addEventListener('input', () => typed.set(m.id, input.value));
  return el('div', { className: 'stat-line plan-cell', title: planCellTitle(), attrs: { 'data-testid': 'plan-cell' } },
    el('label', {}, `${T.planCellPrefix} `, input, rate ? ' pp' : null), result);
}
