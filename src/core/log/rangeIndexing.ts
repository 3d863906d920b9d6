/**
 * Indexing the later part of a large sample set in a second thread (indexRange.worker.ts) while this
 * thread indexes the first part: the log's bytes are in shared memory, the other thread reads its samples
 * there and sends back their compact records, which follow this thread's in order. Waiting is synchronous
 * (indexing is), bounded in time; on any failure the part is indexed here, so the result never differs.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import { MessageChannel, MessagePort, receiveMessageOnPort, Worker } from 'node:worker_threads';
import type { AggregatorSpec } from './trialsConfig';
import type { SampleStore } from './sampleReading';
import { BufferSampleStore, SharedSampleRange } from './bufferLog';
import type { ErrorView, SampleLayout } from './logViewTypes';
import { ColumnEntry, ColumnRegistry, SampleRecord } from './sampleRecords';
import { IndexedRange, indexSampleRange, IndexSettings, RangeIndexer } from './sampleSetBuilder';
import { readFreeChunks, SharedRead } from './sharedFileRead';

export interface RangeRequest {
  id: number;
  file: string;
  range: SharedSampleRange;
  from: number;
  to: number;
  runIndex?: number;
  settings: { aggregators: readonly AggregatorSpec[]; primaryScore?: string; passK: number };
}

/** Records as they are indexed (`records`), then the rest of the result (its own records empty), or a failure. */
export type RangeReply =
  | { id: number; kind: 'records'; records: SampleRecord[] }
  | { id: number; kind: 'done'; ok: true; result: IndexedRange & { columns: ColumnEntry[] } }
  | { id: number; kind: 'done'; ok: false };

/** The part of a set's bytes this thread indexes (the other thread is warmed up, but also sends its records back). */
const OWN_SHARE = 0.47;
/** How long to wait for the other thread at least, and in proportion to this thread's own part. */
const MIN_WAIT_MS = 2000;
const WAIT_FACTOR = 4;
/** The fewest cores on which a second indexing thread is started (see hasSpareCore). */
const MIN_CORES = 4;
/** Records are sent this many at a time, so the other thread never holds them all. */
const CHUNK_RECORDS = 1000;
/** The second thread's young generation (MB). */
const YOUNG_GENERATION_MB = 8;

/**
 * Indexes the samples of a request (in the second thread), handing the records to `emit` a chunk at a
 * time; the result holds everything else.
 */
export function indexSharedRange(request: RangeRequest, emit: (records: SampleRecord[]) => void): IndexedRange & { columns: ColumnEntry[] } {
  const store = BufferSampleStore.fromSharedRange(request.range, request.file);
  const shifted: SampleStore = {
    count: request.to,
    lite: (i) => store.lite(i - request.from),
    full: (i) => store.full(i - request.from),
  };
  const columns = new ColumnRegistry();
  // The checks (only `log verify` reads them) are read again from the samples when asked: fewer to send.
  const settings = { ...request.settings, columns, leaveOutChecks: true };
  const layouts = new Set<SampleLayout>();
  const errors: ErrorView[] = [];
  let maxTrials = 0;
  for (let at = request.from; at < request.to; at += CHUNK_RECORDS) {
    const part = indexSampleRange(shifted, settings, at, Math.min(request.to, at + CHUNK_RECORDS), request.runIndex);
    emit(part.records);
    for (const layout of part.layouts) layouts.add(layout);
    for (const error of part.errors) errors.push(error);
    maxTrials = Math.max(maxTrials, part.maxTrials);
  }
  return { records: [], layouts: [...layouts], maxTrials, errors, checksLeftOut: true, columns: columns.entries() };
}

/** What the second thread is asked: to help read a file, or to index a range. */
export type RangeMessage = RangeRequest | { kind: 'read'; read: SharedRead };

/** Answers one message (in the second thread); each reply is signalled on `signal`. */
export function handleRangeMessage(port: MessagePort, signal: Int32Array, request: RangeMessage): void {
  if ('kind' in request) {
    readFreeChunks(request.read, true);
    return;
  }
  const post = (reply: RangeReply): void => {
    port.postMessage(reply);
    Atomics.add(signal, 0, 1);
    Atomics.notify(signal, 0);
  };
  try {
    post({ id: request.id, kind: 'done', ok: true, result: indexSharedRange(request, (records) => post({ id: request.id, kind: 'records', records })) });
  } catch {
    post({ id: request.id, kind: 'done', ok: false });
  }
}

/** Answers the messages that arrive on `port` (in the second thread). */
export function serveRangeRequests(port: MessagePort, signal: Int32Array): void {
  port.on('message', (request: RangeMessage) => handleRangeMessage(port, signal, request));
}

/**
 * Whether a second indexing thread would find a core of its own: besides this thread, the garbage
 * collector and the compiler keep about one core busy, so there must be at least four cores, and the
 * threads running now (the 4th field of /proc/loadavg, this one included) must leave two free. (On two
 * cores, two indexing threads measured no faster than one: each waited for the other's collector.) Where
 * the running threads cannot be read, they are assumed to leave room.
 */
export function hasSpareCore(cores = os.availableParallelism(), readLoad = (): string => fs.readFileSync('/proc/loadavg', 'latin1')): boolean {
  if (cores < MIN_CORES) return false;
  let running: number;
  try {
    running = Number(/^\S+ \S+ \S+ (\d+)\//.exec(readLoad())?.[1]);
  } catch {
    return true;
  }
  return !Number.isFinite(running) || running <= cores - 2;
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
    // A small young generation: what it indexes is garbage at once, or sent away a chunk at a time.
    this.worker = new Worker(workerScript, { workerData: { port: port2, signal: this.signal }, transferList: [port2], resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB } });
    this.worker.on('error', () => this.dispose());
    this.worker.unref();
  }

  /** Has the second thread help read a file (sharedFileRead.ts). */
  helpRead(read: SharedRead): void {
    if (this.broken) return;
    try {
      this.port.postMessage({ kind: 'read', read });
    } catch {
      // This thread reads every chunk.
    }
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
    const chunks: SampleRecord[][] = [];
    for (;;) {
      const seen = Atomics.load(this.signal, 0);
      const received = receiveMessageOnPort(this.port);
      if (received) {
        const reply = received.message as RangeReply;
        if (reply.id !== id) continue;
        if (reply.kind === 'records') {
          chunks.push(reply.records);
          continue;
        }
        return reply.ok ? { ...reply.result, records: chunks.flat() } : undefined;
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
