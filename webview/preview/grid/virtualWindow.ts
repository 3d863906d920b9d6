/**
 * Virtual scrolling arithmetic for a table of fixed-height rows: which rows to render for a scroll
 * position, where to scroll to reveal a row, which pages a window needs. Pure: no DOM.
 */

interface RowWindow {
  /** First row to render (inclusive). */
  first: number;
  /** Row after the last one to render (exclusive). */
  end: number;
  /** Top offset of `first` inside the body, in pixels. */
  offsetTop: number;
}

/** Rows visible in `[scrollTop, scrollTop + viewportHeight)`, widened by `overscan` rows on each side. */
export function visibleWindow(scrollTop: number, viewportHeight: number, rowHeight: number, rowCount: number, overscan = 8): RowWindow {
  if (rowCount <= 0 || rowHeight <= 0) return { first: 0, end: 0, offsetTop: 0 };
  const top = Math.max(0, scrollTop);
  const firstVisible = Math.min(rowCount - 1, Math.floor(top / rowHeight));
  const lastVisible = Math.min(rowCount, Math.ceil((top + Math.max(0, viewportHeight)) / rowHeight));
  const first = Math.max(0, firstVisible - overscan);
  const end = Math.min(rowCount, Math.max(lastVisible, firstVisible + 1) + overscan);
  return { first, end, offsetTop: first * rowHeight };
}

/**
 * The scrollTop that brings row `index` fully into view with the least movement, or `undefined` when it
 * is already visible. `headerHeight` is the sticky header covering the top of the viewport.
 */
export function scrollToReveal(index: number, scrollTop: number, viewportHeight: number, rowHeight: number, headerHeight = 0): number | undefined {
  const rowTop = index * rowHeight;
  const rowBottom = rowTop + rowHeight;
  const visibleTop = scrollTop;
  const visibleBottom = scrollTop + Math.max(0, viewportHeight - headerHeight);
  if (rowTop < visibleTop) return rowTop;
  if (rowBottom > visibleBottom) return Math.max(0, rowBottom - (viewportHeight - headerHeight));
  return undefined;
}

/** How many whole rows fit in the viewport below the header (at least 1): the PageUp/PageDown step. */
export function rowsPerViewport(viewportHeight: number, rowHeight: number, headerHeight = 0): number {
  if (rowHeight <= 0) return 1;
  return Math.max(1, Math.floor((viewportHeight - headerHeight) / rowHeight));
}

/** Page indexes (of `pageSize` rows) that cover rows `[first, end)`. */
export function pagesCovering(first: number, end: number, pageSize: number): number[] {
  if (end <= first || pageSize <= 0) return [];
  const pages: number[] = [];
  for (let p = Math.floor(first / pageSize); p * pageSize < end; p++) pages.push(p);
  return pages;
}

/** Keeps a selected row index inside `[0, rowCount)` (-1 when there are no rows). */
export function clampRow(index: number, rowCount: number): number {
  if (rowCount <= 0) return -1;
  return Math.max(0, Math.min(rowCount - 1, index));
}

/** Column width after dragging its resize handle by `delta` pixels, kept within [min, max]. */
export function resizedWidth(startWidth: number, delta: number, min = 48, max = 2000): number {
  return Math.max(min, Math.min(max, Math.round(startWidth + delta)));
}
