/**
 * One measurement of comparing two large logs, in a fresh process (argv: mode, baseline, candidate).
 * `compare`: the log index of both files (in worker threads; `sequential`: one after the other in this
 * thread), the comparison, pages; `resampling`: the bootstrap and permutation tests the compare view computes
 * after its table, and memory before and after; `floor`: JSON.parse of both files and a
 * plain alignment of one score by sample id (what the comparison must at least do). Prints JSON figures.
 */
import * as fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import * as path from 'node:path';
import { loadComparableLogs } from '../src/core/compare/parallelLoad';
import { LogComparison } from '../src/core/compare/logComparison';
import { pairedDifference } from '../src/core/compare/statistics/differenceTests';
import { ResamplingWorkers, runResampling } from '../src/core/compare/resamplingRunner';
import { medianOf } from '../src/core/inspect/metrics/reducerStatistics';

const RESAMPLING_WORKER = path.resolve(__dirname, '..', '..', 'dist', 'worker', 'resampling.js');

/**
 * What the compare view waits for after its table (docs/semantics.md §12): the bootstrap and the permutation test of
 * every paired metric key whose values are not all 0/1, from its jobs to the last figure, through the same runner and
 * the same two worker threads (dist/worker/resampling.js, started once the logs are loaded, while the table is
 * computed, as the view starts them); and the process's peak memory before and after.
 */
async function measureResampling(comparison: LogComparison, workers: ResamplingWorkers | undefined): Promise<Record<string, number>> {
  const peakBefore = maxRssBytes();
  const rssBefore = process.memoryUsage().rss;
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const jobs = comparison.resamplingJobs();
  let results = 0;
  const run = runResampling(jobs, undefined, workers, (result) => {
    comparison.applyResampling(result);
    results++;
  });
  if (!(await run.done)) throw new Error('the resampling workers did not finish (is dist/worker/resampling.js built?)');
  const resamplingMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  return {
    resamplingMs, resamplingCpuMs: (cpu.user + cpu.system) / 1000, resampledKeys: jobs.length, resamplingResults: results,
    peakBeforeResampling: peakBefore, peakAfterResampling: maxRssBytes(), rssGrowthResampling: process.memoryUsage().rss - rssBefore,
  };
}

/** The median time of the calls, made in turn. */
function medianMs(calls: readonly (() => unknown)[]): number {
  return medianOf(calls.map((call) => {
    const started = performance.now();
    call();
    return performance.now() - started;
  }));
}

function maxRssBytes(): number {
  return process.resourceUsage().maxRSS * 1024;
}

async function measureCompare(baseline: string, candidate: string, inWorkers: boolean): Promise<Record<string, number | string>> {
  const started = performance.now();
  const logs = await loadComparableLogs([baseline, candidate], inWorkers ? path.resolve(__dirname, '..', '..', 'dist', 'worker', 'compareLoad.js') : undefined);
  const loaded = performance.now();
  const comparison = new LogComparison(logs);
  const summary = comparison.summary();
  const tableMs = performance.now() - started;
  const accuracy = summary.candidates[0].metrics.find((m) => m.id === 'exact_match|accuracy|correct');
  // A page of a fraction of a millisecond moves by a tenth from one call to the next: paging is the median of 5 calls.
  const alignedPageMs = medianMs([0, 1, 2, 3, 4].map((k) => () => comparison.page({ candidate: 1, offset: 5000 + 100 * k, limit: 100, view: 'all' })));
  let t = performance.now();
  const changes = comparison.page({ candidate: 1, offset: 0, limit: 100 });
  const changesPageMs = performance.now() - t;
  const changesNextMs = medianMs([1, 2, 3, 4, 5].map((k) => () => comparison.page({ candidate: 1, offset: 100 * k, limit: 100 })));
  // A pair is opened from its row, as the view asks for it: by id and the row's baseline position.
  const opened = changes.rows.length ? changes.rows : [{ sampleId: 'geo-00000', baselineIndex: undefined }];
  t = performance.now();
  await comparison.pairDetail(1, opened[0].sampleId, opened[0].baselineIndex);
  const pairMs = performance.now() - t;
  const nextPairs: number[] = [];
  for (const row of opened.slice(1, 6)) {
    t = performance.now();
    await comparison.pairDetail(1, row.sampleId, row.baselineIndex);
    nextPairs.push(performance.now() - t);
  }
  const pairNextMs = medianOf(nextPairs);
  const rssAfterTable = process.memoryUsage().rss;
  // "Input changed": waiting for the hashes the indexing workers compute after the index, then one pass here.
  t = performance.now();
  const hashes = await Promise.all(logs.map((log) => log.dataHashes));
  const inputsWaitMs = performance.now() - t;
  t = performance.now();
  if (!comparison.applyFingerprints(hashes)) comparison.checkInputs();
  const inputsMs = performance.now() - t;
  return {
    loadMs: loaded - started, tableMs, alignedPageMs, changesPageMs, changesNextMs, pairMs, pairNextMs, inputsMs, inputsWaitMs,
    rss: rssAfterTable, maxRss: maxRssBytes(), paired: summary.candidates[0].alignment.paired,
    metrics: summary.candidates[0].metrics.length, delta: accuracy?.estimate.delta ?? NaN, p: accuracy?.estimate.p ?? NaN,
  };
}

/**
 * The compare view's order: the table, then at once the resampling in its two worker threads while the indexing
 * workers' hashes of the samples' data are awaited and applied, as the view's host does.
 */
async function measureViewResampling(baseline: string, candidate: string): Promise<Record<string, number>> {
  const logs = await loadComparableLogs([baseline, candidate], path.resolve(__dirname, '..', '..', 'dist', 'worker', 'compareLoad.js'));
  // The view starts its resampling workers once the logs are loaded, as it computes the table.
  const workers = ResamplingWorkers.start(RESAMPLING_WORKER);
  if (!workers) throw new Error(`${RESAMPLING_WORKER} is missing: build with node esbuild.js --production --bench`);
  const comparison = new LogComparison(logs);
  comparison.summary();
  const inputs = Promise.all(logs.map((log) => log.dataHashes)).then((hashes) => comparison.applyFingerprints(hashes) || comparison.checkInputs());
  const figures = await measureResampling(comparison, workers);
  await inputs;
  const resampled = comparison.summary().candidates[0].metrics.filter((m) => m.resampling).length;
  return { ...figures, resampled, metrics: comparison.summary().candidates[0].metrics.length };
}

type RawLog = { evidence: { samples: { sample_id: string; scores?: { scorer_key: string; values: Record<string, unknown> }[] }[] } };

function measureFloor(baseline: string, candidate: string): Record<string, number> {
  const started = performance.now();
  const a = JSON.parse(fs.readFileSync(baseline, 'utf8')) as RawLog;
  const b = JSON.parse(fs.readFileSync(candidate, 'utf8')) as RawLog;
  const parsed = performance.now();
  const value = (s: RawLog['evidence']['samples'][number]): number => Number(s.scores?.find((x) => x.scorer_key === 'exact_match')?.values.correct);
  const byId = new Map(a.evidence.samples.map((s) => [s.sample_id, value(s)]));
  const d: number[] = [];
  for (const s of b.evidence.samples) {
    const x = byId.get(s.sample_id);
    if (x !== undefined) d.push(value(s) - x);
  }
  const estimate = pairedDifference(d);
  return { parseMs: parsed - started, floorMs: performance.now() - started, maxRss: maxRssBytes(), delta: estimate.delta };
}

async function main(): Promise<void> {
  const [mode, baseline, candidate] = process.argv.slice(2);
  const figures = mode === 'floor' ? measureFloor(baseline, candidate) : mode === 'resampling' ? await measureViewResampling(baseline, candidate) : await measureCompare(baseline, candidate, mode !== 'sequential');
  process.stdout.write(JSON.stringify(figures));
}

void main();
