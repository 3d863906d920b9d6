/**
 * Counts the rest of a CSV/JSONL file in worker threads, one byte range each. A range other than the
 * first starts speculatively after a line feed; its result is used only when the range before it ended
 * exactly there (proof that no quoted CSV newline crosses the boundary). Otherwise the later ranges are
 * dropped and the rest is counted again from the exact boundary in one worker.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { ChunkJob, ChunkMessage, ChunkResult } from './rangeCountMessages';
import { PreviewRow } from '../../model/previewTypes';
import { CountStats, addStats, emptyStats } from '../scan/rowCounter';
import * as l10n from '@vscode/l10n';
import { TableSketch, emptyTableSketch, mergeTableSketch } from '../stats/tableSketch';

/** The build writes rangeCount.worker.ts to `dist/worker/rangeCount.js`. */
export const WORKER_FILE = 'rangeCount.js';

/** Finds a built worker script: `worker/` beside this bundle, or `dist/worker/` of an ancestor folder. */
export function findWorkerScript(file: string = WORKER_FILE): string | undefined {
  let dir = __dirname;
  for (let depth = 0; depth < 6; depth++) {
    for (const candidate of [join(dir, 'worker', file), join(dir, 'dist', 'worker', file)]) {
      if (existsSync(candidate)) return candidate;
    }
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return undefined;
}

class ChunkRun {
  readonly worker: Worker;
  readonly done: Promise<ChunkResult | undefined>;
  latestStats: CountStats;
  consumedTo: number;
  earlyRows: PreviewRow[] | undefined;
  result: ChunkResult | undefined;
  private knownStart: number | undefined;
  private stopped = false;
  private settle: (value: ChunkResult | undefined) => void = () => undefined;

  constructor(script: string, readonly job: ChunkJob, filterCount: number, onUpdate: () => void) {
    this.latestStats = emptyStats(filterCount);
    this.consumedTo = job.start;
    this.worker = new Worker(script, { workerData: job });
    this.done = new Promise<ChunkResult | undefined>((resolve, reject) => {
      this.settle = resolve;
      this.worker.on('message', (message: ChunkMessage) => {
        if (message.type === 'rows') {
          this.earlyRows = message.rows;
          this.knownStart = message.start;
        } else if (message.type === 'progress') {
          this.latestStats = message.stats;
          this.consumedTo = message.consumedTo;
        } else if (message.type === 'done') {
          this.result = message.result;
          this.latestStats = message.result.stats;
          this.consumedTo = message.result.end;
          resolve(message.result);
          void this.worker.terminate();
        } else {
          reject(new Error(message.message));
        }
        onUpdate();
      });
      this.worker.on('error', reject);
      this.worker.on('exit', (code) => {
        if (this.result || this.stopped) resolve(this.result);
        else reject(new Error(l10n.t('a counting worker stopped unexpectedly (exit code {0})', code)));
      });
    });
    this.done.catch(() => undefined);
  }

  /** Offset of the range's first record, once the worker has said it. */
  get start(): number | undefined {
    return this.result?.start ?? this.knownStart;
  }

  get rows(): PreviewRow[] | undefined {
    return this.earlyRows ?? this.result?.rows;
  }

  stop(): void {
    this.stopped = true;
    this.settle(undefined);
    void this.worker.terminate();
  }
}

interface ParallelCountInput {
  script: string;
  job: Omit<ChunkJob, 'start' | 'align' | 'stop'>;
  filterCount: number;
  /** Exact record boundary to count from, and the line number there. */
  from: number;
  lineAtFrom: number;
  size: number;
  workers: number;
  signal?: AbortSignal;
  onUpdate?: (state: ParallelCountState) => void;
}

interface ParallelCountState {
  stats: CountStats;
  /** Kept rows in file order, as far as they are known for sure (absolute lines). */
  rows: PreviewRow[];
  /** Whether `rows` is final up to `need` (every earlier range is settled). */
  rowsSettled: boolean;
  consumedBytes: number;
  columns: string[];
  warnings: ChunkResult['warnings'];
  warningCount: number;
  cancelled: boolean;
  finished: boolean;
  /** The ranges' column sketches merged in file order (jobs with `statistics`; at the end only). */
  tableSketch?: TableSketch;
}

function withLineOffset(rows: PreviewRow[], offset: number): PreviewRow[] {
  return rows.map((row) => (row.origin.line === undefined ? row : { ...row, origin: { ...row.origin, line: row.origin.line + offset } }));
}

export async function countInWorkers(input: ParallelCountInput): Promise<ParallelCountState> {
  const { from, size } = input;
  const count = Math.max(1, input.workers);
  let cancelled = false;
  const update = () => input.onUpdate?.(snapshot(false));
  const spawn = (start: number, stop: number, align: boolean) =>
    new ChunkRun(input.script, { ...input.job, start, stop, align }, input.filterCount, update);
  let runs: ChunkRun[] = [];
  for (let j = 0; j < count; j++) {
    const start = from + Math.floor((j * (size - from)) / count);
    const stop = j + 1 < count ? from + Math.floor(((j + 1) * (size - from)) / count) : Number.POSITIVE_INFINITY;
    runs.push(spawn(start, stop, j > 0));
  }

  function snapshot(finished: boolean): ParallelCountState {
    const stats = emptyStats(input.filterCount);
    let rows: PreviewRow[] = [];
    let rowsSettled = true;
    const columns: string[] = [];
    const warnings: ChunkResult['warnings'] = [];
    let warningCount = 0;
    let lineOffset = input.lineAtFrom - 1;
    let consumedBytes = from;
    let prefixDone = true;
    for (let j = 0; j < runs.length; j++) {
      const run = runs[j];
      addStats(stats, run.latestStats);
      consumedBytes += Math.max(0, run.result ? run.result.end - run.result.start : run.consumedTo - run.job.start);
      if (!prefixDone) continue;
      if (j > 0 && runs[j - 1].result?.end !== run.start) {
        prefixDone = false;
        rowsSettled = rowsSettled && rows.length >= input.job.need;
        continue;
      }
      const runRows = run.rows;
      if (runRows) rows = rows.concat(withLineOffset(runRows, lineOffset));
      const result = run.result;
      if (!result) {
        prefixDone = false;
        rowsSettled = rowsSettled && rows.length >= input.job.need;
        continue;
      }
      for (const column of result.columns) if (!columns.includes(column)) columns.push(column);
      warningCount += result.warningCount;
      for (const warning of result.warnings) {
        warnings.push(warning.line === undefined ? warning : { ...warning, line: warning.line + lineOffset });
      }
      lineOffset += result.linesConsumed;
    }
    consumedBytes = Math.min(consumedBytes, size);
    return { stats, rows: rows.slice(0, input.job.need), rowsSettled, consumedBytes, columns, warnings, warningCount, cancelled, finished };
  }

  const onAbort = () => {
    cancelled = true;
    for (const run of runs) run.stop();
  };
  input.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    if (input.signal?.aborted) onAbort();
    for (let j = 0; j < runs.length && !cancelled; j++) {
      const result = await runs[j].done;
      if (!result || cancelled) break;
      const next = runs[j + 1];
      if (!next) break;
      const nextResult = await next.done;
      if (!nextResult || cancelled) break;
      if (nextResult.start !== result.end) {
        for (const later of runs.slice(j + 1)) later.stop();
        runs = [...runs.slice(0, j + 1), spawn(result.end, Number.POSITIVE_INFINITY, false)];
      }
    }
  } catch (error) {
    for (const run of runs) run.stop();
    throw error;
  } finally {
    input.signal?.removeEventListener('abort', onAbort);
  }
  const state = snapshot(!cancelled);
  return input.job.statistics ? { ...state, tableSketch: mergedSketches(runs) } : state;
}

/** The column sketches of the ranges whose results count (each range once, in file order). */
function mergedSketches(runs: readonly ChunkRun[]): TableSketch {
  const merged = emptyTableSketch();
  for (let j = 0; j < runs.length; j++) {
    const result = runs[j].result;
    if (!result || (j > 0 && runs[j - 1].result?.end !== result.start)) break;
    if (result.tableSketch) mergeTableSketch(merged, result.tableSketch);
  }
  return merged;
}
