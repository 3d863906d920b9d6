/** Paging helpers of the network sources: offset, page-number and cursor paging, each stopping when told to. */

/** Pages by `offset`/`limit` until a short page. */
export async function* offsetPages<T>(fetchPage: (offset: number, size: number) => Promise<T[]>, size: number): AsyncGenerator<T[]> {
  for (let offset = 0; ; offset += size) {
    const page = await fetchPage(offset, size);
    if (page.length > 0) yield page;
    if (page.length < size) return;
  }
}

/** Pages by page number (from 1) until the last page the server names, or an empty page. */
export async function* numberedPages<T>(fetchPage: (page: number) => Promise<{ items: T[]; totalPages?: number }>): AsyncGenerator<T[]> {
  for (let page = 1; ; page++) {
    const answer = await fetchPage(page);
    if (answer.items.length > 0) yield answer.items;
    if (answer.items.length === 0 || (answer.totalPages !== undefined && page >= answer.totalPages)) return;
  }
}

/** Pages by cursor: each answer names the next cursor; none (or a repeated one) ends it. */
export async function* cursorPages<T>(fetchPage: (cursor: string | undefined) => Promise<{ items: T[]; next?: string | null }>): AsyncGenerator<T[]> {
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (;;) {
    const answer = await fetchPage(cursor);
    if (answer.items.length > 0) yield answer.items;
    const next = answer.next ?? undefined;
    if (!next || seen.has(next)) return;
    seen.add(next);
    cursor = next;
  }
}
