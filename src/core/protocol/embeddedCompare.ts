/**
 * The data a standalone compare page carries (`eval-lens log compare -o`): the comparison summary embedded
 * plainly, and, compressed in chunks (the report's chunk format: base64 of gzip of a JSON array), the
 * per-sample values the page compares again with other options and the sample details of every pair the
 * changes list can open. Written by src/core/compare/standaloneCompareWriter.ts, read by webview/compare.
 */
import type { ChangePage, ComparisonSummary } from '../model/compareTypes';
import type { DetailContext } from '../log/sampleDetail';

export const EMBEDDED_COMPARE_ELEMENT_ID = 'eval-lens-compare-data';

/** The element carrying the per-sample values (one chunk holding one CompareValues). */
export const COMPARE_VALUES_CHUNK_ID = 'eval-lens-compare-values';

export interface EmbeddedCompare {
  kind: 'eval-lens-log-compare';
  version: 1;
  /** The comparison as the CLI computed it (its options are `clusterKey` and `lowerIsBetter`). */
  summary: ComparisonSummary;
  /** Pairs of sample details per chunk. */
  pairsPerChunk: number;
  /**
   * Per candidate (position − 1), the first changes of the unfiltered list under the summary's options, so the
   * list shows before the per-sample values are decoded.
   */
  firstPages?: ChangePage[];
  /**
   * Set when the samples are carried as the logs' own bytes instead of built pair details: per log (the
   * baseline first) its file gzip-compressed window by window (elements compareFileWindowId), only the windows
   * holding a changed pair's sample; where each sample lies is in the per-sample values (CompareValues.bounds).
   * The page parses a sample and builds its detail only when its pair is opened.
   */
  logFiles?: CompareLogFile[];
}

/** One log file carried window by window. */
interface CompareLogFile {
  /** Bytes of the file per window (the last one may be shorter). */
  windowBytes: number;
  windowCount: number;
  /** What building a detail needs besides the sample (the log's trial settings). */
  context: DetailContext;
}

/** The id of the element carrying window `n` of log `log` (0 for the baseline). */
export function compareFileWindowId(log: number, n: number): string {
  return `eval-lens-compare-file-${log}-${n}`;
}

/** The id of the element carrying chunk `chunk` of the pairs of candidate `candidate` (1 for the first). */
export function comparePairsChunkId(candidate: number, chunk: number): string {
  return `eval-lens-pairs-${candidate}-${chunk}`;
}

export function isEmbeddedCompare(value: unknown): value is EmbeddedCompare {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<EmbeddedCompare>;
  return v.kind === 'eval-lens-log-compare' && v.version === 1 && typeof v.summary === 'object' && v.summary !== null
    && Array.isArray(v.summary.candidates) && typeof v.pairsPerChunk === 'number' && Number.isInteger(v.pairsPerChunk) && v.pairsPerChunk > 0;
}
