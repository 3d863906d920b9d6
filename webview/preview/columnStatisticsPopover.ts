/**
 * The statistics of one column, in a small dialog under its header: type, counts, distinct values, the range of
 * numbers and lengths, the most frequent values with bars and a histogram of numbers (docs/semantics.md §13).
 * Escape or the close button closes it and gives focus back to the header button that opened it.
 */
import { columnStatisticsStrings as words } from '../../src/core/l10n/columnStatisticsStrings';
import { formatCount } from '../../src/core/l10n/numberFormat';
import { formatNumber } from '../../src/core/format/displayFormat';
import type { ColumnStatistics, ColumnStatisticsResult, HistogramBin, RangeFigures, TopValue } from '../../src/core/model/columnStatisticsTypes';
import { codicon, el } from './dom';

export type StatisticsState = { kind: 'loading' } | { kind: 'failed'; reason: string } | { kind: 'ready'; result: ColumnStatisticsResult };

function figure(label: string, value: string, title?: string): HTMLElement {
  return el('div', { class: 'stat-figure', title }, el('dt', {}, label), el('dd', {}, value));
}

function rangeText(range: RangeFigures): string {
  return `${formatNumber(range.min)} / ${formatNumber(range.mean)} / ${formatNumber(range.max)}`;
}

function typeText(stats: ColumnStatistics): string {
  if (stats.type !== 'mixed') return words.kind(stats.type);
  return words.mixedKinds(stats.kinds.map((k) => `${words.kind(k.kind)} ${formatCount(k.count)}`).join(', '));
}

/** A horizontal bar per value, as wide as its share of the largest count. */
function bars(items: { label: string; count: number; title: string }[], ariaLabel: string, estimated: boolean): HTMLElement {
  const largest = Math.max(1, ...items.map((item) => item.count));
  const list = el('ul', { class: 'stat-bars', 'aria-label': ariaLabel });
  for (const item of items) {
    const bar = el('span', { class: 'stat-bar', 'aria-hidden': 'true' });
    bar.style.width = `${Math.max(1, Math.round((100 * item.count) / largest))}%`;
    const count = `${estimated ? '≈' : ''}${formatCount(item.count)}`;
    list.append(el('li', { title: item.title, 'aria-label': words.topValue(item.label, count) },
      el('span', { class: 'stat-bar-label' }, item.label), el('span', { class: 'stat-bar-track' }, bar), el('span', { class: 'stat-bar-count' }, count)));
  }
  return list;
}

function topValues(top: readonly TopValue[], estimated: boolean): HTMLElement {
  return bars(top.map((t) => ({ label: t.value, count: t.count, title: t.value })), words.topValues, estimated);
}

function histogram(bins: readonly HistogramBin[]): HTMLElement {
  return bars(bins.map((bin) => {
    const from = formatNumber(bin.from);
    const to = formatNumber(bin.to);
    return { label: from === to ? from : `${from} – ${to}`, count: bin.count, title: words.histogramBin(from, to, bin.count) };
  }), words.histogram, false);
}

function section(title: string, note: string | undefined, body: HTMLElement): HTMLElement {
  return el('section', { class: 'stat-section' }, el('h3', {}, title), note ? el('p', { class: 'stat-note' }, note) : undefined, body);
}

export function statisticsContent(stats: ColumnStatistics, rows: number): HTMLElement[] {
  const distinct = `${stats.distinctEstimated ? '≈' : ''}${formatCount(stats.distinct)}`;
  const figures = el('dl', { class: 'stat-figures' },
    figure(words.type, typeText(stats)),
    figure(words.count, formatCount(stats.count)),
    figure(words.nulls, formatCount(stats.nulls)),
    figure(words.missing, formatCount(stats.missing)),
    figure(words.distinct, distinct, stats.distinctEstimated ? words.estimated : undefined),
    stats.numbers ? figure(words.min, formatNumber(stats.numbers.min), String(stats.numbers.min)) : undefined,
    stats.numbers ? figure(words.mean, formatNumber(stats.numbers.mean), String(stats.numbers.mean)) : undefined,
    stats.numbers ? figure(words.max, formatNumber(stats.numbers.max), String(stats.numbers.max)) : undefined,
    stats.textLengths ? figure(words.textLength, rangeText(stats.textLengths)) : undefined,
    stats.arrayLengths ? figure(words.arrayLength, rangeText(stats.arrayLengths)) : undefined);
  const parts: HTMLElement[] = [el('p', { class: 'stat-note' }, words.overRows(rows)), figures];
  if (stats.histogram && stats.histogram.length > 0) parts.push(section(words.histogram, stats.histogramSampled ? words.sampled : undefined, histogram(stats.histogram)));
  if (stats.top.length > 0) parts.push(section(words.topValues, stats.topEstimated ? words.estimated : undefined, topValues(stats.top, stats.topEstimated)));
  return parts;
}

export class StatisticsPopover {
  readonly element = el('div', { class: 'stat-popover', role: 'dialog', 'aria-modal': 'false', tabindex: -1, 'data-testid': 'column-statistics' });
  private readonly heading = el('h2', { class: 'stat-title', id: 'stat-title' });
  private readonly body = el('div', { class: 'stat-body', 'aria-live': 'polite' });
  private column: string | undefined;
  private anchor: HTMLElement | undefined;

  constructor() {
    const close = el('button', { class: 'stat-close', type: 'button', 'aria-label': words.close, title: words.close }, codicon('close'));
    close.addEventListener('click', () => this.hide());
    this.element.setAttribute('aria-labelledby', this.heading.id);
    this.element.append(el('div', { class: 'stat-header' }, this.heading, close), this.body);
    this.element.hidden = true;
    this.element.addEventListener('keydown', (event) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      event.stopPropagation();
      this.hide();
    });
  }

  get shownColumn(): string | undefined {
    return this.element.hidden ? undefined : this.column;
  }

  /** Opens (or updates) the popover of `column` below `anchor`. */
  show(column: string, label: string, anchor: HTMLElement, state: StatisticsState): void {
    const opening = this.element.hidden || this.column !== column;
    this.column = column;
    this.anchor = anchor;
    this.heading.textContent = words.statisticsButton(label);
    this.render(column, state);
    this.element.hidden = false;
    const box = anchor.getBoundingClientRect();
    const host = this.element.offsetParent?.getBoundingClientRect() ?? { left: 0, top: 0 };
    this.element.style.left = `${Math.max(0, box.left - host.left - 200)}px`;
    this.element.style.top = `${box.bottom - host.top + 2}px`;
    if (opening) this.element.focus();
  }

  /** New statistics arrived: the open popover shows them. */
  update(state: StatisticsState): void {
    if (this.column !== undefined && !this.element.hidden) this.render(this.column, state);
  }

  private render(column: string, state: StatisticsState): void {
    if (state.kind === 'loading') this.body.replaceChildren(el('p', { class: 'stat-note' }, words.computing));
    else if (state.kind === 'failed') this.body.replaceChildren(el('p', { class: 'stat-error' }, words.failed(state.reason)));
    else {
      const stats = state.result.columns.find((c) => c.name === column);
      const parts = stats ? statisticsContent(stats, state.result.rows) : [];
      if (!state.result.complete) parts.unshift(el('p', { class: 'stat-warning' }, words.partial));
      this.body.replaceChildren(...parts);
    }
  }

  hide(): void {
    if (this.element.hidden) return;
    this.element.hidden = true;
    this.anchor?.focus();
  }
}
