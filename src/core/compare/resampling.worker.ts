import { parentPort, workerData } from 'node:worker_threads';
import type { ResamplingData, ResamplingWorkerMessage } from './resamplingMessages';
import { resamplingFigures } from './smallSampleFigures';
import { pairedBootstrapInterval, signFlipPermutationTest } from './statistics/resamplingTests';

/**
 * Worker thread that computes the paired bootstrap interval and the sign-flip permutation test of each job
 * (docs/semantics.md §12), off the thread that serves the view; it is cancelled by being terminated.
 */
function run(): void {
  const { jobs, seed } = workerData as ResamplingData;
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

run();
