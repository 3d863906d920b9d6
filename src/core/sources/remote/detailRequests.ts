/** Detail requests of the first page (nested runs, observations, hub row windows), a few in flight at once. */

/** Rows whose nested runs (or observations) are fetched, one request each, for the span view. */
export const DETAIL_ROWS = 25;
/** Detail requests in flight at once. */
export const DETAIL_CONCURRENCY = 6;

/** Runs `work` over items with at most `concurrency` at a time (detail requests of the first page). */
export async function forEachLimited<T>(items: readonly T[], concurrency: number, work: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const runners = Array.from({ length: Math.min(concurrency, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      await work(items[index], index);
    }
  });
  await Promise.all(runners);
}
