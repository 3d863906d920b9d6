/**
 * The schema validation of a large log in a worker thread, beside the main thread's work (the command line
 * writes the report meanwhile). The worker loads the validation bundle (dist/worker/streamedLogValidation.js)
 * and reads the file a chunk at a time, so it holds little memory.
 */
import { Worker } from 'node:worker_threads';
import type { SchemaProblem } from '../log/logViewTypes';

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { StreamedLogValidation } = require(workerData.module);
parentPort.postMessage(new StreamedLogValidation({ filePath: workerData.filePath }).run());
`;

/** A running validation; `problems` rejects when the worker cannot run (the caller then validates in its own thread). */
export interface ParallelValidation {
  problems: Promise<SchemaProblem[]>;
  cancel(): void;
}

export function validateInWorkerThread(validationModule: string, filePath: string): ParallelValidation {
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { module: validationModule, filePath } });
  const problems = new Promise<SchemaProblem[]>((resolve, reject) => {
    worker.once('message', (value: SchemaProblem[]) => resolve(value));
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the schema validation stopped (exit ${code})`)));
  });
  problems.catch(() => undefined); // awaited by the caller, possibly later
  return { problems, cancel: () => void worker.terminate() };
}
