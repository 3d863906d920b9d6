/**
 * The worker thread of `log report -o` for a large log, seen from the main thread: it compresses the
 * log file (`windows`) while the main thread indexes the log, then validates the part of the samples it is
 * given (`validate`), beside the main thread's own part.
 */
import * as fs from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { BoundedSampleSet, BoundedValidationResult, ValidationPart } from './boundedLogValidation';
import { FILE_WINDOW_BYTES, FileWindows } from './fileWindows';
import type { ReportWorkerData, ReportWorkerEvent, ReportWorkerRequest } from './reportExportMessages';
import * as l10n from '@vscode/l10n';

export class ReportExportWorker {
  /** The compressed windows of the log file; rejects when the worker could not write them. */
  readonly windows: Promise<FileWindows>;
  private readonly worker: Worker;
  private validation?: { resolve: (result: BoundedValidationResult) => void; reject: (error: Error) => void };
  private stopped: Error | undefined;

  constructor(script: string, filePath: string, readonly windowsFile: string, level: number) {
    const data: ReportWorkerData = { filePath, windowsFile, windowBytes: FILE_WINDOW_BYTES, level };
    this.worker = new Worker(script, { workerData: data });
    let windowsDone: { resolve: (windows: FileWindows) => void; reject: (error: Error) => void } | undefined;
    this.windows = new Promise<FileWindows>((resolve, reject) => (windowsDone = { resolve, reject }));
    this.windows.catch(() => undefined); // awaited by the writer, possibly later
    const fail = (error: Error): void => {
      this.stopped ??= error;
      windowsDone?.reject(error);
      this.validation?.reject(error);
    };
    this.worker.on('message', (event: ReportWorkerEvent) => {
      if (event.type === 'windows') windowsDone?.resolve(event.windows);
      else if (event.type === 'windowsFailed') windowsDone?.reject(new Error(event.error));
      else if (event.type === 'validated') this.validation?.resolve(event.result);
      else this.validation?.reject(new Error(event.error));
    });
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => fail(new Error(l10n.t('the report worker stopped (exit {0})', code))));
  }

  /** Validates `part` of the samples in the worker (once its windows are written); the worker then ends. */
  validate(sets: readonly BoundedSampleSet[], part: ValidationPart): Promise<BoundedValidationResult> {
    if (this.stopped) return Promise.reject(this.stopped);
    const result = new Promise<BoundedValidationResult>((resolve, reject) => (this.validation = { resolve, reject }));
    const plainSets = sets.map((set) => ({ path: set.path, starts: Float64Array.from(set.starts), ends: Float64Array.from(set.ends) }));
    const request: ReportWorkerRequest = { type: 'validate', sets: plainSets, part };
    this.worker.postMessage(request);
    const ended = result.finally(() => void this.worker.terminate());
    ended.catch(() => undefined);
    return ended;
  }

  /** Stops the worker and removes its side file. */
  cancel(): void {
    void this.worker.terminate();
    fs.rmSync(this.windowsFile, { force: true });
  }
}
