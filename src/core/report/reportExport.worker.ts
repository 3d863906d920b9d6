/**
 * Worker thread of `log report -o` for a large log: compresses the log file window by window into a side
 * file while the main thread indexes the log, then validates the part of the samples it is sent
 * (BoundedLogValidation, loaded only then from the validation bundle beside this worker).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { compressFileWindowsSync } from './fileWindows';
import type { ReportWorkerData, ReportWorkerEvent, ReportWorkerRequest } from './reportExportMessages';
import { configureWorkerL10n } from '../l10n/workerL10n';
import { loadBesideWorker } from './besideWorker';

// Messages built here use the translations the starting thread shared.
configureWorkerL10n();

type ValidationModule = typeof import('./streamedLogValidation');

const data = workerData as ReportWorkerData;
const post = (event: ReportWorkerEvent): void => parentPort?.postMessage(event);

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

try {
  post({ type: 'windows', windows: compressFileWindowsSync(data.filePath, data.windowsFile, data.windowBytes, data.level) });
} catch (error) {
  post({ type: 'windowsFailed', error: errorText(error) });
}

/** Loaded while the main thread still indexes the log, so that the validation starts at once when asked. */
let validation: ValidationModule | undefined;
let loadError: unknown;
try {
  validation = loadBesideWorker<ValidationModule>('streamedLogValidation.js');
} catch (error) {
  loadError = error;
}

parentPort?.on('message', (request: ReportWorkerRequest) => {
  try {
    if (!validation) throw loadError;
    post({ type: 'validated', result: new validation.BoundedLogValidation({ filePath: data.filePath }, request.sets).run(request.part) });
  } catch (error) {
    post({ type: 'validationFailed', error: errorText(error) });
  }
});
