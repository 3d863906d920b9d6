/**
 * Rows of the kept-rows table, fetched from the host by page and cached. A new generation (a new run)
 * drops every cached page. Pure: the request function is given.
 */
import type { PreviewRow } from '../../../src/core/model/previewTypes';
import { pagesCovering } from './virtualWindow';

type PageRequester = (generation: number, offset: number, count: number) => void;

export class PageCache {
  private readonly rows = new Map<number, PreviewRow>();
  private readonly pending = new Set<number>();
  private generation = 0;
  private rowCount = 0;

  constructor(private readonly pageSize: number, private readonly request: PageRequester) {}

  /** Starts a new generation: forgets every row and pending page. */
  reset(generation: number, rowCount: number, firstRows: readonly PreviewRow[] = []): void {
    this.generation = generation;
    this.rowCount = rowCount;
    this.rows.clear();
    this.pending.clear();
    this.store(generation, 0, firstRows);
  }

  /** Same generation, more rows known (the count finished): keeps what is cached. */
  grow(rowCount: number, rows: readonly PreviewRow[] = []): void {
    this.rowCount = rowCount;
    this.store(this.generation, 0, rows);
  }

  get size(): number {
    return this.rowCount;
  }

  get currentGeneration(): number {
    return this.generation;
  }

  row(index: number): PreviewRow | undefined {
    return this.rows.get(index);
  }

  /** Stores a page from the host; ignored when it belongs to an older generation. */
  store(generation: number, offset: number, rows: readonly PreviewRow[]): boolean {
    if (generation !== this.generation) return false;
    rows.forEach((row, i) => {
      if (offset + i < this.rowCount) this.rows.set(offset + i, row);
    });
    this.pending.delete(Math.floor(offset / this.pageSize));
    return true;
  }

  /** A page request failed: allow asking again later. */
  failed(offset: number): void {
    this.pending.delete(Math.floor(offset / this.pageSize));
  }

  /** Requests the pages of rows `[first, end)` that are neither cached nor already asked for. */
  ensure(first: number, end: number): number[] {
    const asked: number[] = [];
    for (const page of pagesCovering(first, Math.min(end, this.rowCount), this.pageSize)) {
      if (this.pending.has(page)) continue;
      const offset = page * this.pageSize;
      const count = Math.min(this.pageSize, this.rowCount - offset);
      let complete = true;
      for (let i = offset; i < offset + count; i++) {
        if (!this.rows.has(i)) { complete = false; break; }
      }
      if (complete) continue;
      this.pending.add(page);
      this.request(this.generation, offset, count);
      asked.push(page);
    }
    return asked;
  }
}
