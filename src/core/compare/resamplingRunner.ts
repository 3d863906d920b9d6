import * as fs from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { ResamplingResult } from '../model/compareTypes';
import type { ResamplingData, ResamplingWork, ResamplingWorkerMessage } from './resamplingMessages';
import { resamplingFigures } from './smallSampleFigures';

/** Resampling under way: `done` settles when every job is done (true) or when it was cancelled (false). */
export interface ResamplingRun {
  done: Promise<boolean>;
  cancel(): void;
}

/** Jobs per worker: the jobs are dealt out to at most this many workers, so two large keys run side by side. */
const WORKERS = 2;

function inWorker(workerScript: string, data: ResamplingData, onResult: (result: ResamplingResult) => void): ResamplingRun {
  const worker = new Worker(workerScript, { workerData: data, transferList: data.jobs.map((j) => j.differences.buffer as ArrayBuffer) });
  let cancelled = false;
  const done = new Promise<boolean>((resolve) => {
    worker.on('message', (message: ResamplingWorkerMessage) => {
      if (cancelled) return;
      if (message.kind === 'result') onResult(message.result);
      else resolve(true);
    });
    worker.once('error', () => resolve(false));
    worker.once('exit', () => resolve(false));
  });
  return { done, cancel: () => { cancelled = true; void worker.terminate(); } };
}

/** Without a worker script (tests, a missing file): job after job on this thread, a turn of the event loop apart. */
function inThread(data: ResamplingData, onResult: (result: ResamplingResult) => void): ResamplingRun {
  const signal = { aborted: false };
  const done = (async (): Promise<boolean> => {
    for (const job of data.jobs) {
      await new Promise((resolve) => setImmediate(resolve));
      if (signal.aborted) return false;
      const figures = resamplingFigures(job.differences, job.tP, data.seed, signal);
      if (figures && !signal.aborted) onResult({ candidate: job.candidate, metricId: job.metricId, figures });
    }
    return !signal.aborted;
  })();
  return { done, cancel: () => { signal.aborted = true; } };
}

/**
 * Computes the bootstrap interval and permutation test of each job (docs/semantics.md §12) off this thread: the
 * jobs, largest first, are dealt to up to two worker threads (dist/worker/resampling.js) so that the two largest
 * run side by side; each result is handed to `onResult` as it comes. Cancelling terminates the workers.
 */
export function runResampling(jobs: readonly ResamplingWork[], seed: number | undefined, workerScript: string | undefined, onResult: (result: ResamplingResult) => void): ResamplingRun {
  const sorted = [...jobs].sort((a, b) => b.differences.length - a.differences.length);
  if (!workerScript || !fs.existsSync(workerScript)) return inThread({ jobs: sorted, seed }, onResult);
  const lanes: ResamplingWork[][] = Array.from({ length: Math.min(WORKERS, sorted.length) }, () => []);
  const sizes = lanes.map(() => 0);
  for (const job of sorted) {
    const lane = sizes.indexOf(Math.min(...sizes));
    lanes[lane].push(job);
    sizes[lane] += job.differences.length;
  }
  const runs = lanes.map((lane) => inWorker(workerScript, { jobs: lane, seed }, onResult));
  return {
    done: Promise.all(runs.map((r) => r.done)).then((all) => all.every(Boolean)),
    cancel: () => runs.forEach((r) => r.cancel()),
  };
}
