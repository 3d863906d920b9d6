/**
 * Inspect logs as reports: the 20,000-sample zstd `.eval` of the evaluation-log benchmark (written without a
 * `summaries.json`, so every sample is read lean: the slower of the two ways an archive is indexed) opened as a
 * report — the summary, a page of samples, a sample's conversation, peak memory — and `log verify` over it, against
 * the floor of `unzip -p | zstd -d` of every sample's bytes; then two such archives compared.
 */
import { resolve } from 'node:path';
import { statSync } from 'node:fs';
import { openInspectLog } from '../src/core/inspect/openInspectLog';
import { runCli } from '../src/cli/runCli';
import { loadComparableLogs } from '../src/core/compare/parallelLoad';
import { LogComparison } from '../src/core/compare/logComparison';
import { ensureArchives, hasCommand, timeShell } from './evalLogs.bench';
import { BenchResult, warmFileCache } from './benchTypes';

const GROUP = 'Inspect report (.eval, 20,000 zstd samples)';

function peakMb(): number {
  return process.resourceUsage().maxRSS / 1024;
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await work();
  return { ms: performance.now() - start, value };
}

export async function run(): Promise<BenchResult[]> {
  if (!hasCommand('zstd') || !hasCommand('unzip')) {
    console.log('[bench] inspectReport: skipped — needs the zstd and unzip commands (Debian: apt-get install -y zstd unzip)');
    return [];
  }
  const root = resolve(__dirname, '..', '..');
  const archives = ensureArchives(root);
  warmFileCache(archives.zstd);
  const archiveMb = statSync(archives.zstd).size / 1024 / 1024;
  const rssBefore = peakMb();
  const opened = await timed(async () => {
    const source = await openInspectLog(archives.zstd, 1);
    await source.summary();
    return source;
  });
  const source = opened.value;
  const page = await timed(() => source.page({ offset: 10_000, limit: 100, sort: { column: 'sampleId', direction: 'desc' } }));
  const detail = await timed(() => source.detail(12_345));
  const memory = peakMb() - rssBefore;
  source.dispose();
  const floor = Math.min(...[0, 1].map(() => timeShell(`unzip -p '${archives.stored}' | zstd -d -q -c > /dev/null`).seconds));
  const verify = await timed(() => runCli(['log', 'verify', archives.zstd, '--json'], { cwd: root, stdout: () => undefined, stderr: () => undefined }));
  const compare = await timed(async () => {
    const logs = await loadComparableLogs([archives.zstd, archives.deflate]);
    return new LogComparison(logs, {}).summary().candidates[0].metrics.length;
  });
  return [
    { group: GROUP, metric: 'summary shown (read, index, verify metrics)', value: opened.ms / 1000, unit: 's', goal: '≤ 0.5 s', met: opened.ms <= 500 },
    { group: GROUP, metric: 'a page of 100 samples (sorted)', value: page.ms, unit: 'ms', goal: '≤ 50 ms', met: page.ms <= 50 },
    { group: GROUP, metric: "a sample's conversation", value: detail.ms, unit: 'ms', goal: '≤ 100 ms', met: detail.ms <= 100 },
    { group: GROUP, metric: 'peak memory added', value: memory, unit: 'MB', goal: `≤ 2× the archive (${archiveMb.toFixed(0)} MB)`, met: memory <= 2 * archiveMb },
    { group: GROUP, metric: 'log verify', value: verify.ms / 1000, unit: 's', peer: { name: 'unzip -p | zstd -d', value: floor }, goal: '≤ 1.5× the floor', met: verify.ms / 1000 <= 1.5 * floor },
    { group: GROUP, metric: 'two archives compared (metric table)', value: compare.ms / 1000, unit: 's', goal: '≤ 3 s', met: compare.ms <= 3000, note: `zstd and deflate copies of the same run; ${compare.value} metric(s) compared` },
  ];
}
