/**
 * What a person sees of the compare view's metric table: whether its key columns (metric, Δ, interval, p after
 * Holm, significance) are inside the visible part of the view, without scrolling sideways.
 */
import * as assert from 'node:assert/strict';
import type { Frame } from 'playwright-core';

export const KEY_METRIC_COLUMNS = ['metric', 'delta', 'interval', 'p-holm', 'verdict'];

export interface MetricColumnPlacement {
  columns: { id: string; left: number; right: number; shown: boolean }[];
  visibleLeft: number;
  visibleRight: number;
  scrollWidth: number;
  clientWidth: number;
}

const METRIC_COLUMN_PLACEMENT = `(() => {
  const table = document.querySelector('[data-testid="metric-table"]');
  const scroller = table.closest('.metric-scroll') || table.parentElement;
  const box = scroller.getBoundingClientRect();
  const columns = [...table.querySelectorAll('thead th[data-column]')].map((cell) => {
    const r = cell.getBoundingClientRect();
    return { id: cell.getAttribute('data-column'), left: r.left, right: r.right, shown: r.width > 0 && getComputedStyle(cell).display !== 'none' };
  });
  return { columns, visibleLeft: Math.max(0, box.left), visibleRight: Math.min(box.left + scroller.clientWidth, window.innerWidth), scrollWidth: scroller.scrollWidth, clientWidth: scroller.clientWidth };
})()`;

/** The key columns of the metric table are shown and lie inside the visible area, with no sideways scroll needed for them. */
export async function assertKeyMetricColumnsInView(frame: Frame, label: string): Promise<MetricColumnPlacement> {
  const placement = await frame.evaluate<MetricColumnPlacement>(METRIC_COLUMN_PLACEMENT);
  const ids = placement.columns.map((c) => c.id);
  for (const key of KEY_METRIC_COLUMNS) {
    const column = placement.columns.find((c) => c.id === key);
    assert.ok(column?.shown, `${label}: the ${key} column of the metric table is shown (columns: ${ids.join(', ')})`);
    assert.ok(column.left >= placement.visibleLeft - 1 && column.right <= placement.visibleRight + 1,
      `${label}: the ${key} column (${Math.round(column.left)}–${Math.round(column.right)} px) is inside the visible area (${Math.round(placement.visibleLeft)}–${Math.round(placement.visibleRight)} px)`);
  }
  return placement;
}
