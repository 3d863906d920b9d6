/**
 * Counts the later samples of a large `.eval` archive in worker threads, one contiguous range each, while the
 * calling thread reads the first range (and the first page). Results are merged in range order, so warnings and
 * sample order are the same as in one pass.
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { findWorkerScript } from '../../engine/pool/parallelCount';
import { EvalCountJob, EvalCountMessage, EvalCountResult } from './evalLogCountMessages';
import * as l10n from '@vscode/l10n';
import type { SourceOptions } from '../sourceDefinition';

/** The build writes evalLogCount.worker.ts to `dist/worker/evalLogCount.js`. */
const WORKER_FILE = 'evalLogCount.js';
/** Archives with fewer samples are read on the calling thread alone. */
const PARALLEL_MIN_SAMPLES = 2000;

/** How many threads count an archive of `samples` samples (1 = the calling thread only), and the worker script. */
export function archiveCountPlan(samples: number, options: SourceOptions): { threads: number; script?: string } {
  const threads = options.workers !== undefined ? Math.max(0, Math.floor(options.workers)) : Math.min(4, Math.max(1, availableParallelism()));
  if (threads < 2 || samples < PARALLEL_MIN_SAMPLES) return { threads: 1 };
  const beside = options.workerScript ? join(dirname(options.workerScript), WORKER_FILE) : undefined;
  const script = beside && existsSync(beside) ? beside : findWorkerScript(WORKER_FILE);
  return script ? { threads, script } : { threads: 1 };
}

export interface RangeRun {
  done: Promise<EvalCountResult>;
  /** Samples of the range read so far. */
  progress(): number;
  stop(): void;
}

export function startRange(script: string, job: EvalCountJob, onProgress: () => void): RangeRun {
  const worker = new Worker(script, { workerData: job });
  let read = 0;
  let settled = false;
  const done = new Promise<EvalCountResult>((resolve, reject) => {
    worker.on('message', (message: EvalCountMessage) => {
      if (message.type === 'progress') {
        read = message.done;
        onProgress();
      } else if (message.type === 'done') {
        settled = true;
        read = job.to - job.from;
        resolve(message.result);
        void worker.terminate();
      } else {
        settled = true;
        reject(new Error(message.message));
        void worker.terminate();
      }
    });
    worker.on('error', (error) => {
      settled = true;
      reject(error);
    });
    worker.on('exit', () => {
      if (!settled) reject(new Error(l10n.t('worker stopped')));
    });
  });
  done.catch(() => undefined); // a stopped range is not awaited
  return { done, progress: () => read, stop: () => void worker.terminate() };
}
