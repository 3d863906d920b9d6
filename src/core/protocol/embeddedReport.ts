/**
 * The data a standalone HTML report carries: the summary and every page and detail the webview could ask
 * for, answered in the page by the same UI code. Written by the export, read by webview/logReport.
 */
import type { LogSummary, SampleDetail, SampleRow } from '../model/logViewTypes';
import type { DetailContext } from '../log/sampleDetail';

export const EMBEDDED_REPORT_ELEMENT_ID = 'eval-lens-report-data';

export interface EmbeddedSamples {
  /** Every row, in file order. */
  rows: SampleRow[];
  /** Detail of each sample, by its index. */
  details: SampleDetail[];
}

export interface EmbeddedReport {
  kind: 'eval-lens-log-report';
  version: 1;
  summary: LogSummary;
  samples: EmbeddedSamples;
  /** Samples of each run (repeatability), keyed by run index. */
  runs: Record<string, EmbeddedSamples>;
  /**
   * Set in the export of a large log: `samples` and `runs` are then empty, and each set's rows and details
   * are carried compressed in elements of their own (see compressedChunkId), decoded by the page on demand.
   */
  compressed?: CompressedSamplesManifest;
}

/** Where the compressed samples of a large export are. */
export interface CompressedSamplesManifest {
  /** Rows per rows chunk (rows in file order). */
  rowsPerChunk: number;
  /** Sample details per details chunk (by sample index). */
  detailsPerChunk: number;
  /** Number of samples of each set: COMPRESSED_TOP_SET for the top-level samples, else the run index. */
  sets: Record<string, number>;
  /**
   * Set when the samples are carried as the log file's own bytes (see RawSamplesManifest) instead of built
   * details: the page parses a sample and builds its detail only when it is shown.
   */
  rawSamples?: RawSamplesManifest;
}

/**
 * The log file itself, compressed window by window (elements fileWindowId(n)), and for each set a chunk
 * of part `bounds` (SampleBoundsChunk) saying where its samples lie in the file.
 */
export interface RawSamplesManifest {
  /** Bytes of the file per window (the last one may be shorter). */
  windowBytes: number;
  windowCount: number;
  /** What building a detail needs besides the sample (the log's trial settings). */
  context: DetailContext;
}

/** Where a set's samples lie in the log file: sample i starts `gaps[i]` bytes after the end of sample i − 1 (the file's start for i = 0). */
export interface SampleBoundsChunk {
  gaps: number[];
  lengths: number[];
}

/** The id of the element carrying window `n` of the log file (RawSamplesManifest). */
export function fileWindowId(n: number): string {
  return `eval-lens-file-${n}`;
}

/** The set key of the top-level samples in CompressedSamplesManifest.sets. */
export const COMPRESSED_TOP_SET = 'top';

/** The `type` of an element carrying one compressed chunk: base64 of gzip of a JSON array. */
export const COMPRESSED_CHUNK_TYPE = 'application/x-eval-lens-chunk';

/** The id of the element carrying chunk `chunk` of a set's rows or details. */
export function compressedChunkId(setKey: string, part: 'rows' | 'details' | 'bounds', chunk: number): string {
  return `eval-lens-${part}-${setKey}-${chunk}`;
}

export function isEmbeddedReport(value: unknown): value is EmbeddedReport {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<EmbeddedReport>;
  return v.kind === 'eval-lens-log-report' && v.version === 1 && typeof v.summary === 'object' && typeof v.samples === 'object' && v.samples !== null && Array.isArray(v.samples.rows);
}

/**
 * JSON text safe inside `<script type="application/json">`: `<` is escaped as `\u003c` (so no `</script>`
 * or `<!--` can end the element), as are U+2028/U+2029.
 */
export function jsonForScriptElement(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}
