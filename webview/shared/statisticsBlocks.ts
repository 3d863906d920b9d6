/**
 * The statistics of docs/semantics.md §12 as page elements, shared by the log report and the compare view: the
 * curve chart, the interval line and the "Plan a run" line. The figures and words come from the core
 * (src/core/report/statisticsView.ts); this file only draws them.
 */
import type { PassCurveView, ProportionInterval } from '../../src/core/model/logViewTypes';
import { statisticsStrings as S } from '../../src/core/l10n/statisticsStrings';
import { curveChart, defaultPlanDelta, intervalTexts, planText } from '../../src/core/report/statisticsView';
import { el, svg } from './dom';

/** The chart of a score's unbiased pass@k (solid) and pass^k (dashed) curves, its legend and its table. */
export function curveFigure(curve: PassCurveView, label: string): HTMLElement | null {
  if (!curve.points.length) return null;
  const model = curveChart(curve, label);
  const chart = svg('svg', { class: 'pass-curve', width: model.width, height: model.height + 12, viewBox: `0 0 ${model.width} ${model.height + 12}`, role: 'img', 'aria-label': model.summary });
  chart.appendChild(svg('title', {}, model.summary));
  chart.appendChild(svg('line', { class: 'axis', x1: model.left, y1: model.height - 0.5, x2: model.width, y2: model.height - 0.5 }));
  chart.appendChild(svg('line', { class: 'axis', x1: model.left - 0.5, y1: 0, x2: model.left - 0.5, y2: model.height }));
  for (const tick of model.yTicks) chart.appendChild(svg('text', { class: 'tick', x: model.left - 3, y: tick.y + 3, 'text-anchor': 'end' }, tick.label));
  for (const [line, className] of [[model.passAtK, 'curve-at'], [model.passPowK, 'curve-pow']] as const) {
    chart.appendChild(svg('path', { class: `curve ${className}`, d: line.path }));
    for (const point of line.points) {
      if (point.high !== point.low) chart.appendChild(svg('line', { class: `whisker ${className}`, x1: point.x, y1: point.high, x2: point.x, y2: point.low }));
      chart.appendChild(svg('circle', { class: `dot ${className}`, cx: point.x, cy: point.y, r: 2.5 }, svg('title', {}, point.title)));
    }
  }
  for (const tick of model.ticks) chart.appendChild(svg('text', { class: 'tick', x: tick.x, y: model.height + 10, 'text-anchor': 'middle' }, tick.label));
  const table = el('table', { className: 'visually-hidden' }, el('caption', { text: model.summary }), el('tr', {}, ...S.curveColumns.map((c) => el('th', { text: c, attrs: { scope: 'col' } }))), ...model.rows.map((row) => el('tr', {}, ...row.map((cell) => el('td', { text: cell })))));
  const legend = el('div', { className: 'curve-legend', attrs: { 'aria-hidden': 'true' } }, el('span', { className: 'legend-at', text: S.passAtKLegend }), el('span', { className: 'legend-pow', text: S.passPowKLegend }));
  const shortfall = curve.shortfall
    ? el('figcaption', { className: 'muted curve-shortfall', text: S.curveShortfall(curve.points.length, curve.shortfall.fewer, curve.shortfall.mostTrials), attrs: { 'data-testid': 'curve-shortfall' } })
    : null;
  return el('figure', { className: 'pass-curve-figure', attrs: { 'data-testid': 'pass-curve' } }, chart, legend, shortfall, table);
}

/** "95% Wilson interval a – b (N = n)", and the normal interval beside it from 300 values on. */
export function intervalLine(interval: ProportionInterval, asRate = true, label?: string): HTMLElement {
  const texts = intervalTexts(interval, asRate);
  return el('div', { className: 'interval-line', title: S.wilsonTitle, attrs: { 'data-testid': 'wilson-interval' } },
    label ? el('span', { className: 'interval-label', text: `${label}: ` }) : null,
    el('span', { text: texts.wilson }),
    texts.normal ? el('span', { className: 'muted', text: ` · ${texts.normal}` }) : null);
}

/**
 * The input of a plan's difference D (docs/semantics.md §12), starting from the views' default or from `typed`;
 * for rates D is typed in percentage points. `onDelta` gets D in the units of the values at once and as it changes.
 */
export function planDeltaInput(spread: { variance: number }, asRate: boolean, label: string, onDelta: (delta: number) => void, typed?: string): HTMLInputElement {
  const start = defaultPlanDelta(spread, asRate);
  const input = el('input', { className: 'plan-delta', attrs: { type: 'number', min: 0, step: 'any', value: typed ?? (asRate ? +(start * 100).toPrecision(6) : start), 'aria-label': label, 'data-testid': 'plan-delta' } });
  const update = (): void => {
    const value = Number(input.value);
    onDelta(asRate ? value / 100 : value);
  };
  input.addEventListener('input', update);
  update();
  return input;
}

/**
 * "Plan a run: to see a difference of [D] you need N samples per run": recomputed as D changes. For rates D is
 * typed in percentage points. `paired`: from the variance of paired differences.
 */
export function planLine(spread: { variance: number }, asRate: boolean, paired = false): HTMLElement {
  const result = el('span', { className: 'plan-result', attrs: { 'aria-live': 'polite', 'data-testid': 'plan-result' } });
  const input = planDeltaInput(spread, asRate, S.planDeltaLabel, (delta) => {
    result.textContent = ` ${planText(spread.variance, delta, paired).text}`;
  });
  return el('div', { className: 'plan-line', title: paired ? S.planTitlePaired : S.planTitle, attrs: { 'data-testid': 'plan-line' } },
    el('span', { text: `${S.planPrefix} ` }), input, asRate ? el('span', { text: ' pp' }) : null, result);
}

/** The one line that says which pass@k is which. */
export function curveNote(): HTMLElement {
  return el('p', { className: 'curve-note muted', text: S.curveNote });
}
