/**
 * One measurement of comparing two large logs, in a fresh process (argv: mode, baseline, candidate).
 * `compare`: the log index of both files (in worker threads; `sequential`: one after the other in this
 * thread), the comparison, pages; `floor`: JSON.parse of both files and a
 * plain alignment of one score by sample id (what the comparison must at least do). Prints JSON figures.
 */
import * as fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import * as path from 'node:path';
import { loadComparableLogs } from '../src/core/compare/parallelLoad';
import { LogComparison } from '../src/core/compare/logComparison';
import { pairedDifference } from '../src/core/compare/statistics/differenceTests';
import { metricKeyValues } from '../src/core/compare/metricComparison';
import { alignSamples } from '../src/core/compare/sampleAlignment';
import { resamplingFigures } from '../src/core/compare/smallSampleFigures';
import type { ComparableLog } from '../src/core/compare/comparableLog';

/**
 * The bootstrap and the permutation test (docs/semantics.md §12) of every paired metric key whose values are not
 * all 0/1, as `log compare` adds them to the comparison: milliseconds and how many keys.
 */
function measureResampling(logs: readonly ComparableLog[]): { resamplingMs: number; resampledKeys: number } {
  const alignment = alignSamples(logs[0].records, logs[1].records);
  const differences: Float64Array[] = [];
  for (const key of metricKeyValues(logs[0], logs[1], new Set()).keys) {
    const d: number[] = [];
    let binary = true;
    for (let i = 0; i < alignment.ids.length; i++) {
      const a = key.baselineValues[alignment.baseline[i]];
      const b = key.candidateValues[alignment.candidate[i]];
      if (Number.isNaN(a) || Number.isNaN(b)) continue;
      if ((a !== 0 && a !== 1) || (b !== 0 && b !== 1)) binary = false;
      d.push(b - a);
    }
    if (!binary) differences.push(Float64Array.from(d));
  }
  const started = performance.now();
  for (const d of differences) resamplingFigures(d, null);
  return { resamplingMs: performance.now() - started, resampledKeys: differences.length };
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
  let t = performance.now();
  comparison.page({ candidate: 1, offset: 5000, limit: 100, view: 'all' });
  const alignedPageMs = performance.now() - t;
  t = performance.now();
  comparison.page({ candidate: 1, offset: 0, limit: 100 });
  const changesPageMs = performance.now() - t;
  t = performance.now();
  comparison.page({ candidate: 1, offset: 100, limit: 100 });
  const changesNextMs = performance.now() - t;
  t = performance.now();
  comparison.pairDetail(1, summary.candidates[0].metrics.length ? comparison.page({ candidate: 1, offset: 0, limit: 1 }).rows[0].sampleId : 'geo-00000');
  const pairMs = performance.now() - t;
  const rssAfterTable = process.memoryUsage().rss;
  // "Input changed": waiting for the hashes the indexing workers compute after the index, then one pass here.
  t = performance.now();
  const hashes = await Promise.all(logs.map((log) => log.dataHashes));
  const inputsWaitMs = performance.now() - t;
  t = performance.now();
  if (!comparison.applyFingerprints(hashes)) comparison.checkInputs();
  const inputsMs = performance.now() - t;
  const { resamplingMs, resampledKeys } = measureResampling(logs);
  return {
    resamplingMs, resampledKeys,
    loadMs: loaded - started, tableMs, alignedPageMs, changesPageMs, changesNextMs, pairMs, inputsMs, inputsWaitMs,
    rss: rssAfterTable, maxRss: maxRssBytes(), paired: summary.candidates[0].alignment.paired,
    metrics: summary.candidates[0].metrics.length, delta: accuracy?.estimate.delta ?? NaN, p: accuracy?.estimate.p ?? NaN,
  };
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
  const figures = mode === 'floor' ? measureFloor(baseline, candidate) : await measureCompare(baseline, candidate, mode !== 'sequential');
  process.stdout.write(JSON.stringify(figures));
}

void main();
