/**
 * `local` source: a CSV or JSONL file read in chunks. The first page is read on the calling thread;
 * for a large file the rest is counted in worker threads (parallelCount.ts).
 */
import { stat } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { extname } from 'node:path';
import { CompiledFilter } from '../../filters/filterEvaluator';
import { previewStrings } from '../../l10n/previewStrings';
import { scanFile } from '../../engine/scan/fileScanner';
import { countInWorkers, findWorkerScript } from '../../engine/pool/parallelCount';
import { PreviewError } from '../previewError';
import { buildResult, counterResult } from '../previewResult';
import { PreviewResult } from '../../model/previewTypes';
import { DataFormat, RangeProcessor } from '../../engine/scan/rangeProcessor';
import { addStats } from '../../engine/scan/rowCounter';
import type { SourceOptions, SourceRun } from '../sourceDefinition';
import { TableSketch, emptyTableSketch, mergeTableSketch } from '../../engine/stats/tableSketch';
import { tableStatistics } from '../../engine/stats/columnStatisticsView';

/** Files smaller than this are read on the calling thread only. */
const PARALLEL_MIN_BYTES = 8 * 1024 * 1024;
const FIRST_PAGE_BUDGET_BYTES = 2 * 1024 * 1024;
const MAIN_CHUNK_BYTES = 256 * 1024;
const WORKER_CHUNK_BYTES = 4 * 1024 * 1024;

/** `.csv` or `.jsonl` by the name's extension (case-insensitive), else undefined. */
function formatOfName(name: string): DataFormat | undefined {
  const extension = extname(name).toLowerCase();
  return extension === '.csv' ? 'csv' : extension === '.jsonl' ? 'jsonl' : undefined;
}

interface TabularFileInput {
  file: string;
  filtersRaw: unknown[];
  filters: CompiledFilter[];
  options: SourceOptions;
  run: SourceRun;
}

function workerCount(options: SourceOptions): number {
  if (options.workers !== undefined) return Math.max(0, Math.floor(options.workers));
  return Math.min(4, Math.max(1, availableParallelism()));
}

export async function previewLocalFile(input: TabularFileInput): Promise<PreviewResult> {
  const { file, filters, options, run } = input;
  const format = formatOfName(file);
  if (!format) throw new PreviewError('invalidSource', previewStrings.localExtension(file), { file });
  let size: number;
  try {
    const info = await stat(file);
    if (!info.isFile()) throw new Error('not a file');
    size = info.size;
  } catch (error) {
    throw new PreviewError('unreadableSource', previewStrings.cannotRead(file, error instanceof Error ? error.message : String(error)), { file });
  }
  // Column statistics need every kept row decoded in full (docs/semantics.md §13); the workers still share the file.
  const sketch = options.columnStatistics && !options.onRow ? emptyTableSketch() : undefined;
  const fast = !options.plainParsing && !options.onRow && !sketch;
  const workers = options.onRow ? 0 : workerCount(options);
  const script = workers > 0 && size >= PARALLEL_MIN_BYTES ? options.workerScript ?? findWorkerScript() : undefined;
  const processor = new RangeProcessor({ format, file, filters, need: options.limit, fast, atFileStart: true, onRow: options.onRow, tableSketch: sketch });
  const partial = (complete: boolean) => withStatistics(counterResult(filters, processor.counter, processor.columns, complete), sketch);
  processor.onPageFull = () => run.firstPage(() => partial(false));
  const progress = (done: number, rowsSeen: number, rowsKept: number) => run.progress({ done, total: size, unit: 'bytes', rowsSeen, rowsKept });

  let consumedTo = 0;
  let phase;
  try {
    phase = await scanFile(file, processor, {
      start: 0,
      align: false,
      chunkSize: script ? MAIN_CHUNK_BYTES : 1024 * 1024,
      signal: options.signal,
      beforeRead: options.onRow ? options.rowsWanted : undefined,
      onChunk: (to) => {
        consumedTo = to;
        progress(to, processor.counter.stats.total, processor.counter.stats.matched);
      },
      shouldPause: script ? () => processor.counter.pageFull || consumedTo >= FIRST_PAGE_BUDGET_BYTES : undefined,
    });
  } catch (error) {
    throw new PreviewError('unreadableSource', previewStrings.cannotRead(file, error instanceof Error ? error.message : String(error)), { file });
  }
  if (phase.finished || phase.cancelled || !script) {
    const result = partial(phase.finished);
    progress(phase.end, result.total, result.matched);
    return result;
  }
  return countRestInWorkers(input, processor, script, workers, phase.end, size, fast, format, progress, sketch);
}

/** The result with the statistics of its columns, when they were sketched. */
function withStatistics(result: PreviewResult, sketch: TableSketch | undefined): PreviewResult {
  return sketch ? { ...result, columnStatistics: tableStatistics(sketch, result.columns) } : result;
}

async function countRestInWorkers(
  input: TabularFileInput,
  processor: RangeProcessor,
  script: string,
  workers: number,
  from: number,
  size: number,
  fast: boolean,
  format: DataFormat,
  progress: (done: number, rowsSeen: number, rowsKept: number) => void,
  sketch: TableSketch | undefined,
): Promise<PreviewResult> {
  const { file, filters, options, run } = input;
  const first = processor.counter;
  const need = Math.max(0, options.limit - first.rows.length);
  const combine = (state: Awaited<ReturnType<typeof countInWorkers>>, complete: boolean) => {
    const stats = { total: 0, matched: 0, removed: first.stats.removed.map(() => 0), notComparable: first.stats.notComparable.map(() => 0) };
    addStats(stats, first.stats);
    addStats(stats, state.stats);
    const columns = [...processor.columns];
    for (const column of state.columns) if (!columns.includes(column)) columns.push(column);
    return buildResult({
      filters,
      stats,
      rows: first.rows.concat(state.rows).slice(0, options.limit),
      columns,
      warnings: first.warnings.concat(state.warnings),
      warningCount: first.warningCount + state.warningCount,
      complete,
    });
  };
  let state;
  try {
    state = await countInWorkers({
      script,
      job: { file, format, filters: input.filtersRaw, header: processor.headerNames, need, fast, chunkSize: WORKER_CHUNK_BYTES, ...(sketch ? { statistics: true } : {}) },
      filterCount: filters.length,
      from,
      lineAtFrom: processor.line,
      size,
      workers,
      signal: options.signal,
      onUpdate: (update) => {
        if (update.rowsSettled && update.rows.length >= need) run.firstPage(() => combine(update, false));
        progress(update.consumedBytes, first.stats.total + update.stats.total, first.stats.matched + update.stats.matched);
      },
    });
  } catch (error) {
    throw new PreviewError('unreadableSource', previewStrings.cannotRead(file, error instanceof Error ? error.message : String(error)), { file });
  }
  if (sketch && state.tableSketch) mergeTableSketch(sketch, state.tableSketch);
  const result = withStatistics(combine(state, state.finished), sketch);
  progress(state.consumedBytes, result.total, result.matched);
  return result;
}
