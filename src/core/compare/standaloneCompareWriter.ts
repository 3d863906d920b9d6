/**
 * The comparison as ONE standalone HTML file, the compare view itself: the built compare webview inlined,
 * the summary embedded plainly (the metric table shows at once), then, gzip-compressed in chunks the page
 * decodes on demand, the per-sample values it compares again with other options (standaloneCompareData.ts)
 * and the sample details of every pair the changes list can open. Written as a stream: one chunk of pairs
 * is held at a time, each sample read again from its log.
 */
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import type { ComparisonSummary } from './compareTypes';
import type { ComparableLog } from './comparableLog';
import type { LogComparison } from './logComparison';
import { clusterText } from './logComparison';
import { CompactComparableLog, CompareValues, OUTCOME_LETTERS } from './standaloneCompareData';
import { toNumeric } from '../log/logValue';
import { COMPARE_VALUES_CHUNK_ID, comparePairsChunkId, EMBEDDED_COMPARE_ELEMENT_ID, EmbeddedCompare } from '../protocol/embeddedCompare';
import { jsonForScriptElement } from '../protocol/embeddedReport';
import { ChunkWriter, HtmlOutput } from '../report/compressedReportWriter';
import { STANDALONE_HTML_END, StandaloneAssets, standaloneHtmlParts } from '../report/standaloneHtml';
import { compareStrings } from '../l10n/compareStrings';

export interface StandaloneCompareOptions {
  pairsPerChunk?: number;
  /** Changes of each candidate embedded plainly (the view's first page). */
  firstPageSize?: number;
  /** gzip level (default 4, as the report's export). */
  level?: number;
}

const DEFAULT_PAIRS_PER_CHUNK = 50;
const DEFAULT_FIRST_PAGE = 100;
const CHANGES_PAGE = 5000;
/** Cluster values longer than this are told apart by a hash rather than kept as text. */
const CLUSTER_TEXT_KEPT = 64;

/** The cluster number of each sample of the baseline for each cluster key (the core's cluster text, numbered). */
function clusterNumbers(log: ComparableLog, keys: readonly string[]): Record<string, number[]> | undefined {
  if (!keys.length) return undefined;
  const numbers = keys.map(() => new Map<string, number>());
  const out: Record<string, number[]> = Object.fromEntries(keys.map((key) => [key, []]));
  for (let i = 0; i < log.records.length; i++) {
    const data = log.sampleData(i);
    keys.forEach((key, k) => {
      const text = clusterText(data, key);
      const name = text.length > CLUSTER_TEXT_KEPT ? createHash('sha1').update(text).digest('base64') : text;
      let n = numbers[k].get(name);
      if (n === undefined) numbers[k].set(name, (n = numbers[k].size));
      out[key].push(n);
    });
  }
  return out;
}

/** One log's values, columnar (every score column of its summary). */
export function compactLog(log: ComparableLog, clusterKeys: readonly string[] = []): CompactComparableLog {
  const scores: CompactComparableLog['scores'] = {};
  for (const column of log.summary.samples.scoreColumns) {
    scores[column.id] = log.records.map((record) => {
      const raw = record.scores[column.id];
      if (raw === null || raw === undefined) return null;
      return toNumeric(raw) ?? '';
    });
  }
  const compact: CompactComparableLog = {
    summary: log.summary,
    ids: log.records.map((record) => String(record.sampleId)),
    scores,
    trials: log.records.map((record) => record.trials.map((trial) => OUTCOME_LETTERS[trial.outcome] ?? 'u').join('')),
  };
  const clusters = clusterNumbers(log, clusterKeys);
  if (clusters) compact.clusters = clusters;
  return compact;
}

/** The paired samples any metric changed for (the ones the changes list can open), in baseline order. */
function changedPairs(comparison: LogComparison, candidate: number): { ids: string[]; baseline: number[]; candidate: number[] } {
  const byId = new Map<string, [number, number]>();
  for (let offset = 0; ; offset += CHANGES_PAGE) {
    const page = comparison.page({ candidate, offset, limit: CHANGES_PAGE });
    for (const row of page.rows) byId.set(row.sampleId, [row.baselineIndex, row.candidateIndex]);
    if (page.rows.length === 0 || offset + CHANGES_PAGE >= page.total) break;
  }
  const entries = [...byId].sort((a, b) => a[1][0] - b[1][0]);
  return { ids: entries.map((e) => e[0]), baseline: entries.map((e) => e[1][0]), candidate: entries.map((e) => e[1][1]) };
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
  const pairs = summary.candidates.map((c) => changedPairs(comparison, c.position));
  const firstPageSize = Math.max(0, Math.floor(options.firstPageSize ?? DEFAULT_FIRST_PAGE));
  const firstPages = summary.candidates.map((c) => comparison.page({ candidate: c.position, offset: 0, limit: firstPageSize }));
  const embedded: EmbeddedCompare = { kind: 'eval-lens-log-compare', version: 1, summary, pairsPerChunk, firstPages };
  const { head, scriptElement } = standaloneHtmlParts({ displayName: compareStrings.htmlTitle(summary.baseline.displayName), fileName: summary.baseline.fileName }, assets);
  const out = new HtmlOutput(outFile);
  try {
    await out.write(`${head}<script type="application/json" id="${EMBEDDED_COMPARE_ELEMENT_ID}">${jsonForScriptElement(embedded)}</script>\n${scriptElement}`);
    const chunks = new ChunkWriter(out, options.level ?? 4);
    const values: CompareValues = { logs: logs.map((log, i) => compactLog(log, i === 0 ? summary.clusterKeys : [])), pairs: pairs.map((p) => p.ids) };
    await chunks.add(COMPARE_VALUES_CHUNK_ID, `[${JSON.stringify(values)}]`);
    for (const c of summary.candidates) {
      const list = pairs[c.position - 1];
      const changed = new Set(c.alignment.inputChanged);
      for (let from = 0, chunk = 0; from < list.ids.length; from += pairsPerChunk, chunk++) {
        const parts: string[] = [];
        for (let i = from; i < Math.min(list.ids.length, from + pairsPerChunk); i++) {
          const id = list.ids[i];
          parts.push(JSON.stringify({ sampleId: id, baseline: logs[0].detail(list.baseline[i]), candidate: logs[c.position].detail(list.candidate[i]), inputChanged: changed.has(id) }));
        }
        await chunks.add(comparePairsChunkId(c.position, chunk), `[${parts.join(',')}]`);
      }
    }
    await chunks.flush();
    await out.write(STANDALONE_HTML_END);
    await out.close();
  } catch (error) {
    out.abort();
    await fs.promises.rm(outFile, { force: true });
    throw error;
  }
  return pairs.reduce((n, p) => n + p.ids.length, 0);
}
