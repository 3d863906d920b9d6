/**
 * The schema validation of a large log in a worker thread, beside the main thread's work (the command line
 * writes the report meanwhile). The worker loads the validation bundle (dist/worker/streamedLogValidation.js)
 * and reads the file a part at a time, so it holds little memory. Given the index's sample bounds, it reads
 * each sample where it lies (BoundedLogValidation); otherwise it splits the file itself.
 */
import { Worker } from 'node:worker_threads';
import type { BoundedSampleSet, BoundedValidationResult } from './boundedLogValidation';
import * as l10n from '@vscode/l10n';

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { BoundedLogValidation, StreamedLogValidation, configureWorkerL10n } = require(workerData.module);
configureWorkerL10n?.();
const { filePath, sets } = workerData;
parentPort.postMessage(sets
  ? new BoundedLogValidation({ filePath }, sets).run()
  : { problems: new StreamedLogValidation({ filePath }).run(), unparsed: [] });
`;

/** A running validation; `result` rejects when the worker cannot run (the caller then validates in its own thread). */
interface ParallelValidation {
  result: Promise<BoundedValidationResult>;
  cancel(): void;
}

export function validateInWorkerThread(validationModule: string, filePath: string, sets?: readonly BoundedSampleSet[]): ParallelValidation {
  const plainSets = sets?.map((set) => ({ path: set.path, starts: Float64Array.from(set.starts), ends: Float64Array.from(set.ends) }));
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { module: validationModule, filePath, sets: plainSets } });
  const result = new Promise<BoundedValidationResult>((resolve, reject) => {
    worker.once('message', (value: BoundedValidationResult) => resolve(value));
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(l10n.t('the schema validation stopped (exit {0})', code))));
  });
  result.catch(() => undefined); // awaited by the caller, possibly later
  return { result, cancel: () => void worker.terminate() };
}
