import * as fs from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { BootstrapInterval, PermutationTest, ResamplingResult } from '../model/compareTypes';
import type { ResamplingData, ResamplingWork, ResamplingWorkerMessage } from './resamplingMessages';
import { besideT, resamplingFigures } from './smallSampleFigures';
import { drawsEveryDifference } from './statistics/resamplingTests';
import { groupBySameDifferences } from './sameDifferences';

/** Resampling under way: `done` settles when every job is done (true) or when it was cancelled or failed (false). */
export interface ResamplingRun {
  done: Promise<boolean>;
  cancel(): void;
}

/** Worker threads the jobs are dealt to. */
const WORKERS = 2;
/** From this many differences a key's bootstrap and permutation test go to two workers, side by side. */
const SPLIT_FROM = 2000;

type MessageSink = (message: ResamplingWorkerMessage) => void;

/**
 * Resampling workers started ahead of their jobs — while the comparison's table is computed — so that the figures
 * follow the table sooner: each starts, compiles its code on made-up differences and waits (resampling.worker.ts).
 * Used by one run at most; `dispose` ends the ones no run took.
 */
export class ResamplingWorkers {
  private workers: Worker[];

  private constructor(readonly workerScript: string) {
    this.workers = Array.from({ length: WORKERS }, () => {
      const worker = new Worker(workerScript, { workerData: { warmUp: true } });
      // A worker that ends before it is used is not used: its run starts a new one.
      worker.once('error', () => undefined);
      worker.once('exit', () => {
        this.workers = this.workers.filter((w) => w !== worker);
      });
      return worker;
    });
  }

  /** Workers running `workerScript`, or undefined when it is missing (the jobs then run on the calling thread). */
  static start(workerScript: string | undefined): ResamplingWorkers | undefined {
    return workerScript && fs.existsSync(workerScript) ? new ResamplingWorkers(workerScript) : undefined;
  }

  /** The waiting workers, once. */
  take(): Worker[] {
    const taken = this.workers;
    this.workers = [];
    return taken;
  }

  dispose(): void {
    for (const worker of this.take()) void worker.terminate();
  }
}

function inWorker(worker: Worker, data: ResamplingData, sink: MessageSink): ResamplingRun {
  let cancelled = false;
  const done = new Promise<boolean>((resolve) => {
    worker.on('message', (message: ResamplingWorkerMessage) => {
      if (cancelled) return;
      if (message.kind === 'done') {
        resolve(true);
        void worker.terminate();
      } else sink(message);
    });
    worker.once('error', () => resolve(false));
    worker.once('exit', () => resolve(false));
  });
  worker.postMessage(data);
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
 * Deals the jobs to the lanes: those that draw every difference, largest first, as two parts (the bootstrap and the
 * permutation test) on the lanes with the least work; the cheap ones whole.
 */
function lanesOf(jobs: readonly ResamplingWork[]): ResamplingWork[][] {
  const lanes: ResamplingWork[][] = Array.from({ length: WORKERS }, () => []);
  const sizes = lanes.map(() => 0);
  const add = (job: ResamplingWork, cost: number): void => {
    const lane = sizes.indexOf(Math.min(...sizes));
    lanes[lane].push(job);
    sizes[lane] += cost;
  };
  const costly = jobs.filter((j) => j.differences.length >= SPLIT_FROM && drawsEveryDifference(j.differences));
  // Keys resampled by value (few distinct differences) cost little: whole, on the lane with least work.
  for (const job of jobs) if (!costly.includes(job)) add(job, Math.min(job.differences.length, SPLIT_FROM) / 10);
  for (const job of costly.sort((a, b) => b.differences.length - a.differences.length)) {
    const n = job.differences.length;
    // The bootstrap costs about four times the permutation test (one random draw per difference, against one per 32
    // differences and a table look-up per four; both in resamplingKernel.ts).
    add({ ...job, part: 'bootstrap' }, 4 * n);
    add({ ...job, part: 'permutation' }, n);
  }
  return lanes.filter((lane) => lane.length > 0);
}

/**
 * Computes the bootstrap interval and permutation test of each job (docs/semantics.md §12) off this thread, in up to
 * two worker threads (dist/worker/resampling.js: started here, or ahead of time as `ResamplingWorkers`), once for the
 * jobs that pair the same differences; each metric key's figures go to `onResult` as soon as both of its parts are
 * in. Cancelling terminates the workers.
 */
export function runResampling(jobs: readonly ResamplingWork[], seed: number | undefined, workers: string | ResamplingWorkers | undefined, onResult: (result: ResamplingResult) => void): ResamplingRun {
  const groups = groupBySameDifferences(jobs);
  const copies = new Map(groups.map((group) => [`${group[0].candidate}\u0000${group[0].metricId}`, group]));
  // Each job of a group gets the figures of the one resampled for it, beside its own t-test's p.
  const toEvery = (result: ResamplingResult): void => {
    for (const job of copies.get(`${result.candidate}\u0000${result.metricId}`) ?? []) {
      onResult({ candidate: job.candidate, metricId: job.metricId, figures: besideT(result.figures, job.tP) });
    }
  };
  return runDistinct(groups.map((group) => group[0]), seed, workers, toEvery);
}

/** Workers for `lanes` lanes: the ones started ahead first, new ones for the rest; the started ones left over end. */
function workersFor(lanes: number, workers: string | ResamplingWorkers): Worker[] {
  const ready = typeof workers === 'string' ? [] : workers.take();
  for (const spare of ready.splice(lanes)) void spare.terminate();
  const script = typeof workers === 'string' ? workers : workers.workerScript;
  while (ready.length < lanes) ready.push(new Worker(script));
  return ready;
}

function runDistinct(jobs: readonly ResamplingWork[], seed: number | undefined, workers: string | ResamplingWorkers | undefined, onResult: (result: ResamplingResult) => void): ResamplingRun {
  if (workers === undefined || (typeof workers === 'string' && !fs.existsSync(workers))) return inThread({ jobs: [...jobs].sort((a, b) => b.differences.length - a.differences.length), seed }, onResult);
  const tP = new Map(jobs.map((j) => [`${j.candidate}\u0000${j.metricId}`, j.tP]));
  const parts = new Map<string, { bootstrap?: BootstrapInterval; permutation?: PermutationTest }>();
  const sink: MessageSink = (message) => {
    if (message.kind === 'result') return onResult(message.result);
    if (message.kind !== 'part') return;
    const key = `${message.candidate}\u0000${message.metricId}`;
    const halves = { ...parts.get(key), ...(message.bootstrap ? { bootstrap: message.bootstrap } : {}), ...(message.permutation ? { permutation: message.permutation } : {}) };
    parts.set(key, halves);
    if (halves.bootstrap && halves.permutation) {
      const figures = besideT({ bootstrap: halves.bootstrap, permutation: halves.permutation, disagreesWithT: false }, tP.get(key) ?? null);
      onResult({ candidate: message.candidate, metricId: message.metricId, figures });
    }
  };
  const lanes = lanesOf(jobs);
  const threads = workersFor(lanes.length, workers);
  const runs = lanes.map((lane, i) => inWorker(threads[i], { jobs: lane, seed }, sink));
  return {
    done: Promise.all(runs.map((r) => r.done)).then((all) => all.every(Boolean)),
    cancel: () => runs.forEach((r) => r.cancel()),
  };
}
