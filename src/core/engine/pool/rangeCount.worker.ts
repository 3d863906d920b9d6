/** Worker thread: counts the rows of one byte range of a CSV/JSONL file (see parallelCount.ts). */
import { parentPort, workerData } from 'node:worker_threads';
import { compileFilters } from '../../filters/filterEvaluator';
import { scanFile } from '../scan/fileScanner';
import { RangeProcessor } from '../scan/rangeProcessor';
import { ChunkJob, ChunkMessage } from './rangeCountMessages';
import { configureWorkerL10n } from '../../l10n/workerL10n';
import { emptyTableSketch } from '../stats/tableSketch';

// Messages built here use the translations the starting thread shared.
configureWorkerL10n();

const PROGRESS_EVERY_BYTES = 16 * 1024 * 1024;

async function runChunk(job: ChunkJob): Promise<void> {
  const post = (message: ChunkMessage) => parentPort?.postMessage(message);
  const tableSketch = job.statistics ? emptyTableSketch() : undefined;
  const processor = new RangeProcessor({
    format: job.format,
    file: job.file,
    filters: compileFilters(job.filters),
    need: job.need,
    fast: job.fast,
    header: job.header,
    atFileStart: false,
    tableSketch,
  });
  processor.stopAt(job.stop);
  let rowsPosted = false;
  processor.onPageFull = () => {
    rowsPosted = true;
    post({ type: 'rows', rows: processor.counter.rows, start: processor.firstRecordStart });
  };
  let lastReport = job.start;
  const scan = await scanFile(job.file, processor, {
    start: job.start,
    align: job.align,
    chunkSize: job.chunkSize,
    readOnThisThread: true,
    buffer: processor.readBuffer(),
    onChunk: (consumedTo) => {
      if (consumedTo - lastReport >= PROGRESS_EVERY_BYTES) {
        lastReport = consumedTo;
        post({ type: 'progress', consumedTo, stats: processor.counter.stats });
      }
    },
  });
  const counter = processor.counter;
  post({
    type: 'done',
    result: {
      stats: counter.stats,
      rows: rowsPosted ? [] : counter.rows,
      columns: processor.columns,
      warnings: counter.warnings,
      warningCount: counter.warningCount,
      start: scan.start,
      end: scan.end,
      linesConsumed: processor.line - 1,
      ...(tableSketch ? { tableSketch } : {}),
    },
  });
}

runChunk(workerData as ChunkJob).catch((error: unknown) => {
  parentPort?.postMessage({ type: 'error', message: error instanceof Error ? error.message : String(error) } satisfies ChunkMessage);
});
