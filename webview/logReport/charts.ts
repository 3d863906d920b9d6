/** Hand-drawn SVG charts: a small histogram, a proportion bar, stacked horizontal bars. */
import { svg, el } from '../shared/dom';
import { formatNumber } from '../../src/core/format/displayFormat';
import { formatCount } from '../../src/core/l10n/numberFormat';
import { logStrings as S } from '../../src/core/l10n/logStrings';

/** Height of the row under a histogram that names the ends of its value axis. */
const AXIS_LABELS = 11;

/** A small histogram of per-sample values (bins of equal width), its value axis labelled with the lowest and highest value. */
export function distributionChart(distribution: { min: number; max: number; counts: number[] }): SVGSVGElement {
  const width = 120;
  const height = 28;
  const counts = distribution.counts;
  const peak = Math.max(1, ...counts);
  const total = counts.reduce((a, b) => a + b, 0);
  const barWidth = width / Math.max(1, counts.length);
  const chart = svg('svg', { class: 'distribution', width, height: height + AXIS_LABELS, viewBox: `0 0 ${width} ${height + AXIS_LABELS}`, role: 'img', 'aria-label': S.distributionTitle(formatNumber(distribution.min), formatNumber(distribution.max), total) });
  chart.appendChild(svg('title', {}, S.distributionTitle(formatNumber(distribution.min), formatNumber(distribution.max), total)));
  counts.forEach((count, i) => {
    const h = count === 0 ? 0 : Math.max(1.5, (count / peak) * (height - 2));
    const binLow = distribution.min + ((distribution.max - distribution.min) * i) / counts.length;
    const bar = svg('rect', { class: 'bar', x: i * barWidth + 0.5, y: height - h, width: Math.max(1, barWidth - 1), height: h });
    bar.appendChild(svg('title', {}, `≥ ${formatNumber(binLow)}: ${formatCount(count)}`));
    chart.appendChild(bar);
  });
  chart.appendChild(svg('line', { class: 'axis', x1: 0, y1: height - 0.5, x2: width, y2: height - 0.5 }));
  chart.appendChild(svg('text', { class: 'axis-label', x: 0, y: height + AXIS_LABELS - 1, 'text-anchor': 'start', 'aria-hidden': 'true' }, formatNumber(distribution.min)));
  if (distribution.max !== distribution.min) chart.appendChild(svg('text', { class: 'axis-label', x: width, y: height + AXIS_LABELS - 1, 'text-anchor': 'end', 'aria-hidden': 'true' }, formatNumber(distribution.max)));
  return chart;
}

/** `part` of `total` as a bar with its label. */
export function proportionBar(part: number, total: number, label: string): HTMLElement {
  const fraction = total > 0 ? Math.min(1, part / total) : 0;
  const fill = el('div', { className: 'proportion-fill' });
  fill.style.width = `${(fraction * 100).toFixed(2)}%`;
  return el('div', { className: 'proportion', title: `${part} / ${total}` }, el('div', { className: 'proportion-track', attrs: { role: 'meter', 'aria-valuemin': 0, 'aria-valuemax': total, 'aria-valuenow': part, 'aria-label': label } }, fill), el('span', { className: 'proportion-label', text: label }));
}

interface StackedBar {
  label: string;
  parts: { value: number; className: string; name: string }[];
}

/**
 * Horizontal stacked bars sharing one scale, as HTML (not a scaled drawing): labels and totals are text at
 * the body font size whatever the column's width; the bars take the room that is left.
 */
export function stackedBars(bars: StackedBar[], title: string): HTMLElement {
  const peak = Math.max(1, ...bars.map((b) => b.parts.reduce((a, p) => a + p.value, 0)));
  const chart = el('div', { className: 'stacked-bars', attrs: { role: 'img', 'aria-label': title }, title });
  for (const bar of bars) {
    const total = bar.parts.reduce((a, p) => a + p.value, 0);
    const track = el('div', { className: 'bar-track' });
    for (const part of bar.parts) {
      const segment = el('div', { className: `bar-part ${part.className}`, title: `${part.name}: ${formatCount(part.value)}` });
      segment.style.width = `${((part.value / peak) * 100).toFixed(3)}%`;
      track.appendChild(segment);
    }
    chart.appendChild(el('div', { className: 'bar-row' }, el('span', { className: 'chart-label', text: bar.label, title: bar.label }), track, el('span', { className: 'chart-value', text: formatCount(total) })));
  }
  return chart;
}
