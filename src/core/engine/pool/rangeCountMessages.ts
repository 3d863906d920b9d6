/**
 * Messages between the preview and the worker threads that count byte ranges of a file (rangeCount.worker.ts,
 * started by parallelCount.ts).
 * They stay in src/core/engine, not in src/core/protocol: they are made of its own types and it imports
 * them, and src/core/protocol is a layer above it (eslint/importLayers.mjs).
 */
import { PreviewRow, PreviewWarning } from '../../model/previewTypes';
import { DataFormat } from '../scan/rangeProcessor';
import { CountStats } from '../scan/rowCounter';
import type { TableSketch } from '../stats/tableSketch';

export interface ChunkJob {
  file: string;
  format: DataFormat;
  /** The source's filters as written (compiled again in the worker). */
  filters: unknown[];
  header?: string[];
  /** Nominal start; with `align`, the chunk starts after the first line feed at or after `start - 1`. */
  start: number;
  align: boolean;
  /** No record starting at or after this offset is read (Infinity: to the end). */
  stop: number;
  need: number;
  fast: boolean;
  chunkSize: number;
  /** Sketch every column of the kept rows (docs/semantics.md §13); needs `fast` false. */
  statistics?: boolean;
}

export interface ChunkResult {
  stats: CountStats;
  /** Kept rows in full (line numbers relative to the chunk's first line), unless already sent. */
  rows: PreviewRow[];
  columns: string[];
  warnings: PreviewWarning[];
  warningCount: number;
  /** Offset of the chunk's first record. */
  start: number;
  /** Offset of the first record not read: must equal the next chunk's start. */
  end: number;
  /** Line feeds between `start` and `end`. */
  linesConsumed: number;
  /** The column sketches of the range's kept rows, when the job asked for them. */
  tableSketch?: TableSketch;
}

export type ChunkMessage =
  | { type: 'rows'; rows: PreviewRow[]; start: number }
  | { type: 'progress'; consumedTo: number; stats: CountStats }
  | { type: 'done'; result: ChunkResult }
  | { type: 'error'; message: string };
