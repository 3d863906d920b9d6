/**
 * Pages of the kept rows the host holds, in source order or sorted by one column over every kept row
 * (docs/semantics.md §13). Only the order of the last sort asked for is kept: one position per row.
 */
import { sortedPositions } from '../../core/filters/valueOrder';
import type { PreviewRow } from '../../core/model/previewTypes';
import type { RowSort } from '../../core/protocol/previewProtocol';

export class KeptRowOrder {
  private cached: { rows: readonly PreviewRow[]; key: string; order: Uint32Array } | undefined;

  /** Rows `[offset, offset + count)` of `rows` in the order `sort` asks for. */
  page(rows: readonly PreviewRow[], offset: number, count: number, sort: RowSort | undefined): PreviewRow[] {
    if (!sort) return rows.slice(offset, offset + count);
    const order = this.orderOf(rows, sort);
    const end = Math.min(order.length, offset + count);
    const page: PreviewRow[] = [];
    for (let i = offset; i < end; i++) page.push(rows[order[i]]);
    return page;
  }

  private orderOf(rows: readonly PreviewRow[], sort: RowSort): Uint32Array {
    const key = `${sort.direction}\u0000${sort.column}`;
    const cached = this.cached;
    if (cached && cached.rows === rows && cached.key === key) return cached.order;
    const order = sortedPositions(rows.length, (position) => rows[position].values[sort.column], sort.direction);
    this.cached = { rows, key, order };
    return order;
  }

  clear(): void {
    this.cached = undefined;
  }
}
