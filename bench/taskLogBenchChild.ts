/**
 * Measures one log in a fresh process (so its memory figures are its own): load + index + summary through
 * the worker client, pages, a detail, and the process RSS. Prints one JSON object.
 *   node out/bench/taskLogBenchChild.js WORKER_SCRIPT LOG_FILE
 */
import { performance } from 'node:perf_hooks';
import { LogWorkerClient } from '../src/core/log/logWorkerClient';

async function main(): Promise<void> {
  const [workerScript, file] = process.argv.slice(2);
  const baselineRss = process.memoryUsage().rss;
  const t0 = performance.now();
  const client = new LogWorkerClient(workerScript, { filePath: file, generation: 1, prepareSearch: true });
  const summary = await client.summary();
  const summaryMs = performance.now() - t0;
  const time = async <T>(work: () => Promise<T>): Promise<number> => {
    const start = performance.now();
    await work();
    return performance.now() - start;
  };
  const scoreColumn = summary.samples.scoreColumns.find((c) => c.valueKey === 'quality')?.id ?? 'sampleId';
  const pageUnsorted = await time(() => client.page({ offset: 5000, limit: 100 }));
  const pageSorted = await time(() => client.page({ offset: 0, limit: 100, sort: { column: scoreColumn, direction: 'desc' } }));
  const pageSortedNext = await time(() => client.page({ offset: 100, limit: 100, sort: { column: scoreColumn, direction: 'desc' } }));
  const searchQuery = { offset: 0, limit: 100, search: 'capital of kenya' };
  let firstSearch: Awaited<ReturnType<typeof client.page>> | undefined;
  const searchFirst = await time(async () => { firstSearch = await client.page(searchQuery); });
  if (!firstSearch) throw new Error('no page');
  const searchedAtFirst = firstSearch?.searching?.searched ?? summary.samples.count;
  // As the report does: ask again until the search covers every sample.
  const searchComplete = await time(async () => {
    for (let page = firstSearch as NonNullable<typeof firstSearch>; page.searching; page = await client.page(searchQuery)) await new Promise((r) => setTimeout(r, 250));
  }) + searchFirst;
  const searchWarm = await time(() => client.page({ offset: 0, limit: 100, search: 'multiplied by 42', sort: { column: 'sampleId', direction: 'asc' } }));
  const detailMs = await time(() => client.detail(12345));
  const memory = await client.memory();
  const usage = process.resourceUsage();
  client.dispose();
  process.stdout.write(JSON.stringify({
    samples: summary.samples.count,
    summaryMs, pageUnsorted, pageSorted, pageSortedNext, searchFirst, searchedAtFirst, searchComplete, searchWarm, detailMs,
    rss: memory.rss, maxRss: usage.maxRSS * 1024, baselineRss,
    verdicts: (summary.metrics ?? []).flatMap((g) => g.metrics.flatMap((m) => m.values.map((v) => v.verification.verdict))),
  }));
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exitCode = 1;
});
