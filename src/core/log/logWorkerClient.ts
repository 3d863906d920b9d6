import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import { startPipedScan } from './pipedScan';
import { PipedScanEnd, SIGNAL_CANCELLED } from './pipedScanMessages';
import type { LogSummary, SampleDetail, SamplePage, SampleQuery, SchemaProblem } from '../model/logViewTypes';
import type { LogSource } from './logSource';
import type { LogWorkerInit, LogWorkerMemory, LogWorkerMessage, LogWorkerRequest, LogWorkerResponse, LogWorkerResult, SerializedLogError } from './logWorkerMessages';
import { validatesInBackground } from './logWorkerMessages';
import { RequestChannel } from '../channel/requestChannel';
import { logStrings } from '../l10n/logStrings';
import { LogLoadError } from './logLoadError';

type RequestBody = LogWorkerRequest extends infer R ? (R extends LogWorkerRequest ? Omit<R, 'id'> : never) : never;

function revive(error: SerializedLogError): Error {
  if (error.name === 'LogLoadError') return new LogLoadError(error.message, error.file ?? '', error.line, error.column);
  const revived = new Error(error.message);
  revived.name = error.name;
  return revived;
}

/** The young generation of the worker that reads an Inspect archive, in MB. */
const INSPECT_WORKER_YOUNG_GENERATION_MB = 8;

/**
 * A log loaded and indexed in a worker thread (dist/worker/logParse.js): the extension host stays
 * responsive while a large file is parsed, and holds only the view objects it asks for. Once the first
 * summary is served, the worker validates the log against its schema in the background
 * (`laterSchemaProblems`).
 */
export class LogWorkerClient implements LogSource {
  private readonly worker: Worker;
  private readonly channel = new RequestChannel<LogWorkerResponse>({ errorOf: (response) => (response.ok ? undefined : revive(response.error)) });
  private readonly schemaProblems: Promise<SchemaProblem[]>;
  private settleSchemaProblems: { resolve(problems: SchemaProblem[]): void; reject(error: Error): void } | undefined;
  private readonly scanPipe: PipedScanEnd | undefined;

  constructor(workerScriptPath: string, init: LogWorkerInit) {
    this.schemaProblems = new Promise<SchemaProblem[]>((resolve, reject) => {
      this.settleSchemaProblems = { resolve, reject };
    });
    // Nobody may be waiting for the problems when the worker stops: that is not an unhandled rejection.
    this.schemaProblems.catch(() => undefined);
    if (!validatesInBackground(init)) this.settleSchemaProblems?.resolve(init.schemaProblems ?? []);
    // A large file is read and scanned by a helper thread that starts now, beside the worker (pipedScan.ts).
    this.scanPipe = init.filePath !== undefined && init.text === undefined && !init.inspect ? startPipedScan(init.filePath, path.join(path.dirname(workerScriptPath), 'logScan.js')) : undefined;
    const workerData: LogWorkerInit = this.scanPipe ? { ...init, scanPipe: this.scanPipe } : init;
    // An Inspect archive's worker gets a small young generation: its default lets the garbage of reading the
    // summaries fill tens of megabytes before it is collected (docs/performance.md).
    const resourceLimits = init.inspect ? { maxYoungGenerationSizeMb: INSPECT_WORKER_YOUNG_GENERATION_MB } : undefined;
    this.worker = new Worker(workerScriptPath, { workerData, transferList: this.scanPipe ? [this.scanPipe.port] : [], resourceLimits });
    this.worker.on('message', (response: LogWorkerMessage) => {
      if ('type' in response) {
        if (response.error) this.settleSchemaProblems?.reject(revive(response.error));
        else this.settleSchemaProblems?.resolve(response.problems);
        return;
      }
      this.channel.settle(response);
    });
    if (init.inspect) this.earlySummary = async () => (await this.request({ type: 'earlySummary' })) as LogSummary;
    this.worker.on('error', (error) => this.fail(error));
    this.worker.on('exit', (code) => this.fail(new Error(logStrings.workerExited(code))));
  }

  private fail(error: Error): void {
    this.channel.close(error);
    this.settleSchemaProblems?.reject(this.channel.closedError ?? error);
  }

  private async request(body: RequestBody): Promise<LogWorkerResult> {
    const response = await this.channel.request((id) => this.worker.postMessage({ ...body, id }));
    if (!response.ok) throw revive(response.error);
    return response.result;
  }

  async summary(): Promise<LogSummary> {
    return (await this.request({ type: 'summary' })) as LogSummary;
  }

  /** An Inspect archive's header and stored metrics, before its samples are read (LogSource.earlySummary). */
  readonly earlySummary?: () => Promise<LogSummary>;

  async page(query: SampleQuery): Promise<SamplePage> {
    return (await this.request({ type: 'page', query })) as SamplePage;
  }

  async detail(index: number, runIndex?: number): Promise<SampleDetail> {
    return (await this.request(runIndex === undefined ? { type: 'detail', index } : { type: 'detail', index, runIndex })) as SampleDetail;
  }

  /**
   * The schema problems of the log, once the worker has validated it in the background (it starts after
   * the first summary). Rejects when the validation fails or the worker stops first.
   */
  laterSchemaProblems(): Promise<SchemaProblem[]> {
    return this.schemaProblems;
  }

  /** Memory use of the process as seen from the worker (for diagnostics and benchmarks). */
  async memory(): Promise<LogWorkerMemory> {
    return (await this.request({ type: 'memory' })) as LogWorkerMemory;
  }

  dispose(): void {
    if (this.scanPipe) Atomics.store(this.scanPipe.signal, SIGNAL_CANCELLED, 1);
    this.fail(new Error(logStrings.workerDisposed));
    void this.worker.terminate();
  }
}
