import { parentPort, workerData } from 'node:worker_threads';
import type { ResamplingData, ResamplingWorkerMessage } from './resamplingMessages';
import { resamplingFigures } from './smallSampleFigures';
import { pairedBootstrapInterval, signFlipPermutationTest } from './statistics/resamplingTests';

/**
 * Worker thread that computes the paired bootstrap interval and the sign-flip permutation test of each job
 * (docs/semantics.md §12), off the thread that serves the view. It may be started before its jobs exist (while the
 * table is computed): it then resamples a few made-up differences of each kind, so that its code is compiled when
 * the jobs come, and waits for them (one message). It is cancelled by being terminated.
 */
function run({ jobs, seed }: ResamplingData): void {
  for (const job of jobs) {
    if (job.part === 'bootstrap') {
      const bootstrap = pairedBootstrapInterval(job.differences, { seed }) ?? undefined;
      parentPort?.postMessage({ kind: 'part', candidate: job.candidate, metricId: job.metricId, bootstrap } satisfies ResamplingWorkerMessage);
      continue;
    }
    if (job.part === 'permutation') {
      const permutation = signFlipPermutationTest(job.differences, { seed }) ?? undefined;
      parentPort?.postMessage({ kind: 'part', candidate: job.candidate, metricId: job.metricId, permutation } satisfies ResamplingWorkerMessage);
      continue;
    }
    const figures = resamplingFigures(job.differences, job.tP, seed);
    if (figures) parentPort?.postMessage({ kind: 'result', result: { candidate: job.candidate, metricId: job.metricId, figures } } satisfies ResamplingWorkerMessage);
  }
  parentPort?.postMessage({ kind: 'done' } satisfies ResamplingWorkerMessage);
}

/** Differences with many values (drawn one by one) and with few (resampled by value), a few hundred times each. */
function warmUp(): void {
  const many = Float64Array.from({ length: 2048 }, (_, i) => Math.sin(i));
  const few = Float64Array.from({ length: 2048 }, (_, i) => (i % 5) / 4 - 0.5);
  for (const differences of [many, few]) {
    pairedBootstrapInterval(differences, { resamples: 300 });
    signFlipPermutationTest(differences, { resamples: 300 });
  }
}

// Started ahead of its jobs (`workerData.warmUp`): compiled on made-up differences first; then the jobs, one message.
if ((workerData as { warmUp?: boolean } | undefined)?.warmUp) warmUp();
parentPort?.once('message', run);
