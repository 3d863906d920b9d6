/**
 * Indexing the later part of a large sample set in a second thread (indexRange.worker.ts) while this
 * thread indexes the first part: the log's bytes are in shared memory, the other thread reads its samples
 * there and sends back their compact records, which follow this thread's in order. Waiting is synchronous
 * (indexing is), bounded in time; on any failure the part is indexed here, so the result never differs.
 */
import { MessageChannel, MessagePort, receiveMessageOnPort, Worker } from 'node:worker_threads';
import * as fs from 'node:fs';
import type { AggregatorSpec } from './trialsConfig';
import type { SampleStore } from './sampleReading';
import { BufferSampleStore, SharedSampleRange } from './bufferLog';
import { ColumnEntry, ColumnRegistry } from './sampleRecords';
import { IndexedRange, indexSampleRange, IndexSettings, RangeIndexer } from './sampleSetBuilder';

export interface RangeRequest {
  id: number;
  file: string;
  range: SharedSampleRange;
  from: number;
  to: number;
  runIndex?: number;
  settings: { aggregators: readonly AggregatorSpec[]; primaryScore?: string; passK: number };
}

export type RangeReply = { id: number; ok: true; result: IndexedRange & { columns: ColumnEntry[] } } | { id: number; ok: false };

/** The part of a set's bytes this thread indexes; the other thread also has to send its records back. */
const OWN_SHARE = 0.5;
/** How long to wait for the other thread at least, and in proportion to this thread's own part. */
const MIN_WAIT_MS = 2000;
const WAIT_FACTOR = 4;

/** Indexes the samples of a request (in the second thread). */
export function indexSharedRange(request: RangeRequest): IndexedRange & { columns: ColumnEntry[] } {
  const store = BufferSampleStore.fromSharedRange(request.range, request.file);
  const shifted: SampleStore = {
    count: request.to,
    lite: (i) => store.lite(i - request.from),
    full: (i) => store.full(i - request.from),
  };
  const columns = new ColumnRegistry();
  const part = indexSampleRange(shifted, { ...request.settings, columns }, request.from, request.to, request.runIndex);
  // The checks (only `log verify` reads them) are read again from the samples when asked: fewer to send.
  for (const record of part.records) delete record.checks;
  return { ...part, checksLeftOut: true, columns: columns.entries() };
}

/** Answers the requests that arrive on `port`, and signals each answer on `signal` (in the second thread). */
export function serveRangeRequests(port: MessagePort, signal: Int32Array): void {
  port.on('message', (request: RangeRequest) => {
    let reply: RangeReply;
    try {
      reply = { id: request.id, ok: true, result: indexSharedRange(request) };
    } catch {
      reply = { id: request.id, ok: false };
    }
    try {
      port.postMessage(reply);
    } catch {
      port.postMessage({ id: request.id, ok: false } satisfies RangeReply);
    }
    Atomics.add(signal, 0, 1);
    Atomics.notify(signal, 0);
  });
}

/** A log file's bytes in memory shared between threads (undefined when that is not possible). */
export function readFileShared(filePath: string): Buffer | undefined {
  let fd: number | undefined;
  try {
    fd = fs.openSync(filePath, 'r');
    const size = fs.fstatSync(fd).size;
    const buf = Buffer.from(new SharedArrayBuffer(size));
    let read = 0;
    while (read < size) {
      const n = fs.readSync(fd, buf, read, size - read, read);
      if (n === 0) break;
      read += n;
    }
    return read === size ? buf : buf.subarray(0, read);
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/** A second thread that indexes the later part of each large sample set. */
export class WorkerRangeIndexer implements RangeIndexer {
  private readonly worker: Worker;
  private readonly port: MessagePort;
  private readonly signal = new Int32Array(new SharedArrayBuffer(4));
  private nextId = 1;
  private broken = false;

  constructor(workerScript: string) {
    const { port1, port2 } = new MessageChannel();
    this.port = port1;
    this.worker = new Worker(workerScript, { workerData: { port: port2, signal: this.signal }, transferList: [port2] });
    this.worker.on('error', () => this.dispose());
    this.worker.unref();
  }

  splitAt(store: SampleStore): number {
    if (!(store instanceof BufferSampleStore) || store.count === 0) return store.count;
    const first = store.starts[0];
    const target = first + (store.ends[store.count - 1] - first) * OWN_SHARE;
    let low = 0;
    let high = store.count;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (store.starts[mid] < target) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  start(store: SampleStore, settings: IndexSettings, from: number, to: number, runIndex?: number): (() => (IndexedRange & { columns: ColumnEntry[] }) | undefined) | undefined {
    if (this.broken || !(store instanceof BufferSampleStore)) return undefined;
    const range = store.sharedRange(from, to);
    if (!range) return undefined;
    const id = this.nextId++;
    const request: RangeRequest = { id, file: store.fileName, range, from, to, settings: { aggregators: settings.aggregators, primaryScore: settings.primaryScore, passK: settings.passK } };
    if (runIndex !== undefined) request.runIndex = runIndex;
    try {
      this.port.postMessage(request);
    } catch {
      return undefined;
    }
    const started = performance.now();
    return () => this.wait(id, started);
  }

  private wait(id: number, started: number): (IndexedRange & { columns: ColumnEntry[] }) | undefined {
    const from = performance.now();
    const deadline = from + Math.max(MIN_WAIT_MS, WAIT_FACTOR * (from - started));
    for (;;) {
      const seen = Atomics.load(this.signal, 0);
      const received = receiveMessageOnPort(this.port);
      if (received) {
        const reply = received.message as RangeReply;
        if (reply.id === id) return reply.ok ? reply.result : undefined;
        continue;
      }
      const left = deadline - performance.now();
      if (this.broken || left <= 0) {
        this.dispose();
        return undefined;
      }
      Atomics.wait(this.signal, 0, seen, Math.min(left, 50));
    }
  }

  dispose(): void {
    if (this.broken) return;
    this.broken = true;
    this.port.close();
    void this.worker.terminate();
  }
}
