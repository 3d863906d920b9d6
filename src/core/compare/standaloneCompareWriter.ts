/**
 * The comparison as ONE standalone HTML file, the compare view itself: the built compare webview inlined,
 * the summary embedded plainly (the metric table shows at once), then, gzip-compressed in chunks the page
 * decodes on demand, the per-sample values it compares again with other options (standaloneCompareData.ts)
 * and the samples of every pair the changes list can open. When the logs were indexed from their files, those
 * samples are the files' own bytes, window by window (the log report's export format, fileWindows.ts), which
 * the page parses and turns into details only when a pair is opened: nothing is built or written out as JSON
 * here. Otherwise the pairs' built details are written, one chunk of pairs held at a time.
 */
import * as fs from 'node:fs';
import type { ComparisonSummary } from '../model/compareTypes';
import type { ComparableFileSamples, ComparableLog } from './comparableLog';
import type { ChangedPairs, LogComparison } from './logComparison';
import { ClusterNumbers, clusterName } from './clusterNumbering';
import { CompactComparableLog, CompareValues, OUTCOME_LETTERS } from './standaloneCompareData';
import { sampleCount, SCORE_ABSENT, SCORE_NUMBER, trialCells } from './comparableSamples';
import { sampleIdAt } from './sampleIds';
import { CompressedLogWindows, LogWindowCompression } from './logWindowCompression';
import { COMPARE_VALUES_CHUNK_ID, compareFileWindowId, comparePairsChunkId, EMBEDDED_COMPARE_ELEMENT_ID, EmbeddedCompare } from '../protocol/embeddedCompare';
import { FILE_WINDOW_BYTES, FILE_WINDOW_LEVEL, fileWindowCount, readFileWindow } from '../report/fileWindows';
import { StreamedJson } from '../report/streamedJson';
import { jsonForScriptElement } from '../protocol/embeddedReport';
import { ChunkWriter, HtmlOutput } from '../report/compressedReportWriter';
import { STANDALONE_HTML_END, StandaloneAssets, standaloneHtmlParts } from '../report/standaloneHtml';
import { compareStrings } from '../l10n/compareStrings';

interface StandaloneCompareOptions {
  pairsPerChunk?: number;
  /** Changes of each candidate embedded plainly (the view's first page). */
  firstPageSize?: number;
  /** gzip level (default 4, as the report's export). */
  level?: number;
  /** The logs' windows compressed meanwhile (used when it covers these logs' files, unchanged since). */
  windows?: LogWindowCompression;
}

const DEFAULT_PAIRS_PER_CHUNK = 50;
const DEFAULT_FIRST_PAGE = 100;

/** The cluster number of each sample of the baseline for each cluster key: as its indexing thread numbered them, else numbered here. */
function clusterNumbers(log: ComparableLog, keys: readonly string[]): Record<string, ArrayLike<number>> | undefined {
  if (!keys.length) return undefined;
  const taken = log.clusterNumbers;
  if (taken && keys.every((key) => taken.get(key)?.length === sampleCount(log.samples))) {
    return Object.fromEntries(keys.map((key) => [key, taken.get(key) ?? []]));
  }
  const numbers = keys.map(() => new ClusterNumbers());
  for (let i = 0; i < sampleCount(log.samples); i++) {
    const data = log.sampleData(i);
    keys.forEach((key, k) => numbers[k].add(clusterName(data, key)));
  }
  return Object.fromEntries(keys.map((key, k) => [key, numbers[k].numbers]));
}

/** A CompactComparableLog's fields, each array as it stands in a StreamedJson. */
type StreamedCompactLog = { [K in keyof CompactComparableLog]: K extends 'summary' ? CompactComparableLog[K] : unknown };

/**
 * One log's values, columnar (every score column of its summary), as a CompactComparableLog whose arrays are
 * written from the log's columns a batch at a time by `json`.
 */
function streamedCompactLog(log: ComparableLog, json: StreamedJson, clusterKeys: readonly string[] = []): StreamedCompactLog {
  const { samples } = log;
  const count = sampleCount(samples);
  const scores: Record<string, string> = {};
  for (const column of log.summary.samples.scoreColumns) {
    const values = samples.columns.get(column.id);
    scores[column.id] = json.array(count, (i) => (!values || values.states[i] === SCORE_ABSENT ? null : values.states[i] === SCORE_NUMBER ? values.values[i] : ''));
  }
  const compact: StreamedCompactLog = {
    summary: log.summary,
    ids: json.array(count, (i) => sampleIdAt(samples.ids, i)),
    scores,
    trials: json.array(count, (i) => trialCells(samples, i).map((trial) => OUTCOME_LETTERS[trial.outcome] ?? 'u').join('')),
  };
  const clusters = clusterNumbers(log, clusterKeys);
  if (clusters) compact.clusters = Object.fromEntries(Object.entries(clusters).map(([key, numbers]) => [key, json.array(numbers.length, (i) => numbers[i])]));
  return compact;
}

/** One log's values as the page reads them (every score column of its summary, the baseline's clusters for `clusterKeys`). */
export function compactLog(log: ComparableLog, clusterKeys: readonly string[] = []): CompactComparableLog {
  const json = new StreamedJson();
  return JSON.parse([...json.pieces(streamedCompactLog(log, json, clusterKeys))].join('')) as CompactComparableLog;
}

/** The CompareValues of the page (standaloneCompareData.ts) as JSON pieces, its long arrays written a batch at a time. */
function compareValuesPieces(logs: readonly ComparableLog[], clusterKeys: readonly string[], pairs: readonly ChangedPairs[], files: readonly ComparableFileSamples[] | undefined): Iterable<string> {
  const json = new StreamedJson();
  const values: { [K in keyof CompareValues]: unknown } = {
    logs: logs.map((log, i) => streamedCompactLog(log, json, i === 0 ? clusterKeys : [])),
    pairs: pairs.map((p) => json.array(p.baseline.length, (k) => p.idAt(k))),
  };
  if (files) {
    values.pairIndices = pairs.map((p) => ({ baseline: json.array(p.baseline.length, (k) => p.baseline[k]), candidate: json.array(p.candidate.length, (k) => p.candidate[k]) }));
    // As sampleBoundsChunk gives them: each sample's gap after the last one's end, and its length.
    values.bounds = files.map((f) => ({ gaps: json.array(f.starts.length, (i) => f.starts[i] - (i === 0 ? 0 : f.ends[i - 1])), lengths: json.array(f.starts.length, (i) => f.ends[i] - f.starts[i]) }));
  }
  // The chunk is a list holding the values, as the page reads every chunk.
  return json.pieces([values]);
}

/** The logs' file samples when every log has them and its file still holds them, else undefined. */
function fileSamplesOf(logs: readonly ComparableLog[]): ComparableFileSamples[] | undefined {
  const files = logs.map((log) => log.fileSamples);
  if (!files.every((f, i): f is ComparableFileSamples => f !== undefined && f.starts.length === sampleCount(logs[i].samples))) return undefined;
  for (const file of files) {
    const end = file.ends.length ? file.ends[file.ends.length - 1] : 0;
    if (fs.statSync(file.filePath).size < end) throw new Error(compareStrings.logChangedWhileWriting(file.filePath));
  }
  return files;
}

/** The windows compressed meanwhile when they are those of `files`, unchanged since; else undefined. */
function compressedFor(files: readonly ComparableFileSamples[], compressed: CompressedLogWindows | undefined): CompressedLogWindows | undefined {
  if (!compressed || compressed.logs.length !== files.length) return undefined;
  const same = compressed.logs.every((log, i) => log.filePath === files[i].filePath && log.windowBytes === FILE_WINDOW_BYTES && LogWindowCompression.unchanged(log));
  return same ? compressed : undefined;
}

/** The windows of a file holding the samples at `indices`, in file order. */
function windowsHolding(file: ComparableFileSamples, indices: Iterable<number>): number[] {
  const windows = new Set<number>();
  for (const i of indices) {
    const last = Math.floor(Math.max(file.starts[i], file.ends[i] - 1) / FILE_WINDOW_BYTES);
    for (let n = Math.floor(file.starts[i] / FILE_WINDOW_BYTES); n <= last; n++) windows.add(n);
  }
  return [...windows].sort((a, b) => a - b);
}

/** Each log's windows holding a changed pair's sample, compressed (the file is read a window at a time). */
async function writeFileWindows(files: readonly ComparableFileSamples[], pairs: readonly ChangedPairs[], chunks: ChunkWriter): Promise<void> {
  for (let log = 0; log < files.length; log++) {
    const indices = log === 0 ? pairs.flatMap((p) => [...p.baseline]) : pairs[log - 1].candidate;
    const fd = fs.openSync(files[log].filePath, 'r');
    try {
      for (const n of windowsHolding(files[log], indices)) await chunks.add(compareFileWindowId(log, n), readFileWindow(fd, n, FILE_WINDOW_BYTES), FILE_WINDOW_LEVEL);
    } finally {
      fs.closeSync(fd);
    }
  }
}

/** The built details of every changed pair, in chunks of `pairsPerChunk`. */
async function writePairDetails(logs: readonly ComparableLog[], summary: ComparisonSummary, pairs: readonly ChangedPairs[], pairsPerChunk: number, chunks: ChunkWriter): Promise<void> {
  for (const c of summary.candidates) {
    const list = pairs[c.position - 1];
    const changed = new Set(c.alignment.inputChanged);
    for (let from = 0, chunk = 0; from < list.baseline.length; from += pairsPerChunk, chunk++) {
      const parts: string[] = [];
      for (let i = from; i < Math.min(list.baseline.length, from + pairsPerChunk); i++) {
        const id = list.idAt(i);
        parts.push(JSON.stringify({ sampleId: id, baseline: await logs[0].detail(list.baseline[i]), candidate: await logs[c.position].detail(list.candidate[i]), inputChanged: changed.has(id) }));
      }
      await chunks.add(comparePairsChunkId(c.position, chunk), `[${parts.join(',')}]`);
    }
  }
}

/**
 * Writes the standalone compare page of `comparison` (over `logs`, the baseline first) to `outFile`; returns
 * the number of pairs whose details it carries. The file is removed again when writing fails.
 */
export async function writeStandaloneCompare(logs: readonly ComparableLog[], comparison: LogComparison, assets: StandaloneAssets, outFile: string, options: StandaloneCompareOptions = {}): Promise<number> {
  // The file lists every changed input: by the indexing workers' hashes when there are some, else by reading the samples.
  if (!comparison.inputsComplete() && !(await comparison.checkInputsByFingerprints())) comparison.checkInputs();
  const summary: ComparisonSummary = comparison.summary();
  const pairsPerChunk = Math.max(1, Math.floor(options.pairsPerChunk ?? DEFAULT_PAIRS_PER_CHUNK));
  const pairs = summary.candidates.map((c) => comparison.changedPairs(c.position));
  const firstPageSize = Math.max(0, Math.floor(options.firstPageSize ?? DEFAULT_FIRST_PAGE));
  const firstPages = summary.candidates.map((c) => comparison.page({ candidate: c.position, offset: 0, limit: firstPageSize }));
  const files = fileSamplesOf(logs);
  const compressed = files && options.windows ? compressedFor(files, await options.windows.done.catch(() => undefined)) : undefined;
  const embedded: EmbeddedCompare = { kind: 'eval-lens-log-compare', version: 1, summary, pairsPerChunk, firstPages };
  if (files) embedded.logFiles = files.map((f, i) => ({ windowBytes: FILE_WINDOW_BYTES, windowCount: compressed?.logs[i].windowCount ?? fileWindowCount(fs.statSync(f.filePath).size, FILE_WINDOW_BYTES), context: f.context }));
  const { head, scriptElement } = standaloneHtmlParts({ displayName: compareStrings.htmlTitle(summary.baseline.displayName), fileName: summary.baseline.fileName }, assets);
  const out = new HtmlOutput(outFile);
  try {
    await out.write(`${head}<script type="application/json" id="${EMBEDDED_COMPARE_ELEMENT_ID}">${jsonForScriptElement(embedded)}</script>\n${scriptElement}`);
    const chunks = new ChunkWriter(out, options.level ?? 4);
    await chunks.addPieces(COMPARE_VALUES_CHUNK_ID, compareValuesPieces(logs, summary.clusterKeys, pairs, files));
    if (files && !compressed) await writeFileWindows(files, pairs, chunks);
    else if (!files) await writePairDetails(logs, summary, pairs, pairsPerChunk, chunks);
    await chunks.flush();
    if (compressed) await out.copyFrom(compressed.file);
    await out.write(STANDALONE_HTML_END);
    await out.close();
  } catch (error) {
    out.abort();
    await fs.promises.rm(outFile, { force: true });
    throw error;
  }
  return pairs.reduce((n, p) => n + p.baseline.length, 0);
}
