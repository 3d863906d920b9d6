/**
 * Inspect logs as reports: the 20,000-sample zstd `.eval` of the evaluation-log benchmark (written without a
 * `summaries.json`, so every sample is read lean: the slower of the two ways an archive is indexed) opened as a
 * report — the summary, a page of samples, a sample's conversation, peak memory — and `log verify` over it, against
 * the floor of `unzip -p | zstd -d` of every sample's bytes; then two such archives compared; then the same samples
 * as one Inspect `.json` log, which `log verify` scans sample by sample, against a plain `JSON.parse` of the file.
 */
import { basename, dirname, join, resolve } from 'node:path';
import { existsSync, mkdtempSync, openSync, readSync, renameSync, rmSync, closeSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { openZip } from '../src/core/archive/zipReader';
import { readEntryData } from '../src/core/archive/zipEntryData';
import { runChild } from './childFigures';
import { TestEntry, buildZip } from '../test/unit/archive/zipTestWriter';
import { HEADER, inspectSample } from '../test/unit/sources/inspectLogData';
import { LogWorkerClient } from '../src/core/log/logWorkerClient';
import { loadComparableLogs } from '../src/core/compare/parallelLoad';
import { LogComparison } from '../src/core/compare/logComparison';
import { ensureArchives, hasCommand, timeShell } from './evalLogs.bench';
import { execFile } from 'node:child_process';
import { BenchResult, peakRssMb, warmFileCache } from './benchTypes';

const GROUP = 'Inspect report (.eval, 20,000 zstd samples)';
const SUMMARIES_GROUP = 'Inspect report (.eval with summaries.json, 20,000 zstd samples)';

/** The bytes of an entry as stored (compressed), read from its local header on. */
function storedBytes(fd: number, localHeaderOffset: number, compressedSize: number): Buffer {
  const head = Buffer.alloc(30);
  readSync(fd, head, 0, 30, localHeaderOffset);
  const start = localHeaderOffset + 30 + head.readUInt16LE(26) + head.readUInt16LE(28);
  const bytes = Buffer.alloc(compressedSize);
  readSync(fd, bytes, 0, compressedSize, start);
  return bytes;
}

/**
 * The same samples as Inspect writes an archive: with `summaries.json` (each sample's id, epoch, input, target,
 * scores, metadata) and the header's `results.scores`, the sample entries copied as they are stored.
 */
async function withSummaries(archive: string): Promise<string> {
  const out = join(dirname(archive), 'bench-20000-summaries.eval');
  if (existsSync(out)) return out;
  const zip = await openZip(archive);
  const fd = openSync(archive, 'r');
  try {
    const samples = zip.entries.filter((e) => e.name.startsWith('samples/'));
    const summaries = samples.map((e) => {
      const [, id, epoch] = /samples\/(\d+)_epoch_(\d+)\.json/.exec(e.name) ?? [];
      const sample = inspectSample(Number(id), Number(epoch));
      return { id: sample.id, epoch: sample.epoch, input: 'What is the sum?', target: sample.target, scores: sample.scores, metadata: sample.metadata, model_usage: sample.model_usage };
    });
    const correct = summaries.filter((s) => (s.scores as { match: { value: string } }).match.value === 'C').length / summaries.length;
    const header = { ...HEADER, results: { total_samples: summaries.length, completed_samples: summaries.length, scores: [{ name: 'match', scorer: 'match', metrics: { accuracy: { name: 'accuracy', value: correct } }, scored_samples: summaries.length }] } };
    const entries: TestEntry[] = [{ name: 'header.json', data: JSON.stringify(header), method: 8 }, { name: 'summaries.json', data: JSON.stringify(summaries), method: 8 }];
    for (const e of samples) entries.push({ name: e.name, method: e.method, raw: { bytes: storedBytes(fd, e.localHeaderOffset, e.compressedSize), crc: e.crc32, size: e.uncompressedSize } });
    writeFileSync(out, buildZip(entries));
  } finally {
    closeSync(fd);
    await zip.close();
  }
  return out;
}

/** The archive's header and samples as one Inspect `.json` log (what `inspect log convert` writes), made once. */
async function ensureJsonLog(archive: string): Promise<string> {
  const out = join(dirname(archive), 'bench-20000.json');
  if (existsSync(out)) return out;
  const zip = await openZip(archive);
  const fd = openSync(`${out}.tmp`, 'w');
  try {
    const headerEntry = zip.entries.find((e) => e.name === 'header.json');
    if (!headerEntry) throw new Error(`${archive} has no header.json`);
    const header = JSON.parse(Buffer.from(await readEntryData(zip, headerEntry, 1 << 26)).toString('utf8')) as Record<string, unknown>;
    writeSync(fd, `${JSON.stringify(header).slice(0, -1)},"samples":[`);
    let first = true;
    for (const entry of zip.entries) {
      if (!entry.name.startsWith('samples/')) continue;
      if (!first) writeSync(fd, ',');
      writeSync(fd, await readEntryData(zip, entry, 1 << 26));
      first = false;
    }
    writeSync(fd, ']}');
  } finally {
    closeSync(fd);
    await zip.close();
  }
  renameSync(`${out}.tmp`, out);
  return out;
}

/** `log verify` of the `.json` log in a fresh process against `JSON.parse` of the file in another: time and peak memory. */
function jsonLogFigures(file: string, cli: string): BenchResult[] {
  const sizeMb = statSync(file).size / 1e6;
  const group = `Inspect .json log (20,000 samples, ${sizeMb.toFixed(0)} MB)`;
  const scratch = mkdtempSync(join(tmpdir(), 'eval-lens-bench-inspect-json-'));
  try {
    warmFileCache(file);
    const parse = runChild(['-e', `JSON.parse(require('fs').readFileSync(${JSON.stringify(file)}, 'utf8'))`], scratch);
    if (parse.status !== 0) throw new Error(`JSON.parse failed: ${parse.stderr}`);
    const verify = runChild([cli, 'log', 'verify', file, '--json'], scratch, join(scratch, 'verify.json'));
    if (verify.status !== 0 && verify.status !== 1) throw new Error(`log verify failed: ${verify.stderr}`);
    return [
      { group, metric: 'log verify (scanned sample by sample): time', value: verify.seconds, unit: 's', peer: { name: 'JSON.parse of the file', value: parse.seconds }, note: 'fresh processes, one run each' },
      { group, metric: 'log verify: peak memory', value: verify.peakMb, unit: 'MB', peer: { name: 'JSON.parse of the file', value: parse.peakMb }, goal: `≤ 2× the file (${(2 * sizeMb).toFixed(0)} MB)`, met: verify.peakMb <= 2 * sizeMb },
    ];
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * Times of one archive opened as the report editor opens it, in the log worker thread (dist/worker/logParse.js): the
 * summary shown (header and stored metrics, from `header.json`), the samples indexed and the metrics verified (the
 * complete summary), a page, a conversation; and the memory it added to the process (the worker's included).
 */
async function reportFigures(file: string, group: string): Promise<BenchResult[]> {
  const archiveMb = statSync(file).size / 1024 / 1024;
  warmFileCache(file);
  const rssBefore = peakRssMb();
  const start = performance.now();
  const workerScript = resolve(__dirname, '..', '..', 'dist', 'worker', 'logParse.js');
  if (!existsSync(workerScript)) throw new Error(`${workerScript} is missing: build with node esbuild.js --production --bench`);
  const opened = await timed(async () => {
    const client = new LogWorkerClient(workerScript, { filePath: file, fileName: basename(file), generation: 1, inspect: true, schemaProblems: [] });
    await (client.earlySummary?.() ?? client.summary());
    return client;
  });
  const source = opened.value;
  await source.summary();
  const indexedSeconds = (performance.now() - start) / 1000;
  const page = await timed(() => source.page({ offset: 10_000, limit: 100, sort: { column: 'sampleId', direction: 'desc' } }));
  const detail = await timed(() => source.detail(12_345));
  const memory = peakRssMb() - rssBefore;
  source.dispose();
  return [
    { group, metric: 'summary shown (header and stored metrics)', value: opened.ms / 1000, unit: 's', goal: '≤ 0.5 s', met: opened.ms <= 500 },
    { group, metric: 'samples listed and metrics verified (from opening)', value: indexedSeconds, unit: 's', note: 'the view says "verifying…" and "loading samples…" until then' },
    { group, metric: 'a page of 100 samples (sorted)', value: page.ms, unit: 'ms', goal: '≤ 50 ms', met: page.ms <= 50 },
    { group, metric: "a sample's conversation", value: detail.ms, unit: 'ms', goal: '≤ 100 ms', met: detail.ms <= 100 },
    { group, metric: 'peak memory added', value: memory, unit: 'MB', goal: `≤ 2× the archive (${archiveMb.toFixed(0)} MB)`, met: memory <= 2 * archiveMb },
  ];
}

/**
 * reportFigures in a child process of its own, so that its peak memory is this archive's alone (in one process the
 * peak of an earlier step hides whatever stays below it).
 */
function reportFiguresInChild(file: string, group: string): Promise<BenchResult[]> {
  return new Promise((resolvePromise, reject) => {
    execFile(process.execPath, [__filename, '--inspect-report-child', file, group], { maxBuffer: 1 << 20 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`inspectReport child failed: ${stderr || error.message}`));
      else resolvePromise(JSON.parse(stdout) as BenchResult[]);
    });
  });
}

/** Fresh processes per archive: one run's peak memory moves with when its collections happen. */
const CHILD_RUNS = 3;

/** reportFiguresInChild CHILD_RUNS times; each figure is its median run's (its note says so). */
async function medianReportFigures(file: string, group: string): Promise<BenchResult[]> {
  const runs: BenchResult[][] = [];
  for (let i = 0; i < CHILD_RUNS; i++) runs.push(await reportFiguresInChild(file, group));
  return runs[0].map((_, k) => {
    const sorted = runs.map((run) => run[k]).sort((a, b) => a.value - b.value);
    const median = sorted[Math.floor(sorted.length / 2)];
    const spread = `median of ${CHILD_RUNS} fresh processes (${sorted.map((r) => r.value.toFixed(median.unit === 's' ? 2 : 1)).join(' / ')} ${median.unit})`;
    return { ...median, note: median.note ? `${median.note}; ${spread}` : spread };
  });
}

/** Seconds of the faster of two fresh runs of a shell command: how the floor and `log verify` are both timed. */
function bestOfTwo(command: string): number {
  return Math.min(timeShell(command).seconds, timeShell(command).seconds);
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
  const summarised = await withSummaries(archives.zstd);
  // Each archive in a fresh process: the memory figure is the rise of that process's peak.
  const figures = [...(await medianReportFigures(summarised, SUMMARIES_GROUP)), ...(await medianReportFigures(archives.zstd, GROUP))];
  const floor = bestOfTwo(`unzip -p '${archives.stored}' | zstd -d -q -c > /dev/null`);
  // As the floor: fresh processes, the best of two.
  const cli = resolve(root, 'dist', 'cli.js');
  if (!existsSync(cli)) throw new Error(`${cli} is missing: build with node esbuild.js --production --bench`);
  const verifySeconds = bestOfTwo(`'${process.execPath}' '${cli}' log verify '${summarised}' --json > /dev/null`);
  const compare = await timed(async () => {
    const logs = await loadComparableLogs([summarised, summarised]);
    return new LogComparison(logs, {}).summary().candidates[0].metrics.length;
  });
  const jsonFigures = jsonLogFigures(await ensureJsonLog(archives.deflate), cli);
  return [
    ...figures,
    { group: SUMMARIES_GROUP, metric: 'log verify', value: verifySeconds, unit: 's', peer: { name: 'unzip -p | zstd -d', value: floor }, goal: '≤ 1.5× the floor', met: verifySeconds <= 1.5 * floor, note: 'fresh processes, the best of two, as the floor' },
    { group: SUMMARIES_GROUP, metric: 'two archives compared (metric table)', value: compare.ms / 1000, unit: 's', goal: '≤ 3 s', met: compare.ms <= 3000, note: `the archive against itself (both read and indexed); ${compare.value} metric(s) compared` },
    ...jsonFigures,
  ];
}

// A flag of its own: evalLogs.bench.ts, bundled in here, answers to `--child`.
if (require.main === module && process.argv[2] === '--inspect-report-child') {
  reportFigures(process.argv[3], process.argv[4]).then(
    (figures) => process.stdout.write(JSON.stringify(figures)),
    (error: unknown) => {
      process.stderr.write(String(error instanceof Error ? error.stack : error));
      process.exitCode = 1;
    },
  );
}
