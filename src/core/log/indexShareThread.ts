/**
 * The second thread of a large log's indexing: the log worker hands it the tail of each large sample set
 * (the bytes are shared memory, only offsets are sent) and waits for the records while it indexes the
 * head itself. If the thread fails or is gone, the caller indexes the tail itself.
 */
import { MessageChannel, MessagePort, receiveMessageOnPort, Worker } from 'node:worker_threads';
import * as fs from 'node:fs';
import { BufferSampleStore } from './bufferLog';
import { IndexedRange, indexRange, IndexSharer, RangeSettings } from './indexShare';
import { ColumnRegistry } from './sampleRecords';
import type { SampleStore } from './sampleReading';

export const INDEX_SHARE_ROLE = 'index-share';

interface ShareTask {
  buffer: SharedArrayBuffer;
  byteOffset: number;
  byteLength: number;
  file: string;
  starts: number[];
  ends: number[];
  cuts: number[][];
  from: number;
  settings: RangeSettings;
  runIndex?: number;
}

type ShareAnswer = { ok: true; range: IndexedRange } | { ok: false; message: string };

export interface IndexShareData {
  role: typeof INDEX_SHARE_ROLE;
  port: MessagePort;
  signal: Int32Array;
}

/** How long one wait for the other thread lasts before checking that it still runs. */
const WAIT_SLICE_MS = 1000;

export class IndexShareThread implements IndexSharer {
  private readonly worker: Worker;
  private readonly port: MessagePort;
  private readonly signal = new Int32Array(new SharedArrayBuffer(4));
  private gone = false;

  constructor(workerScript: string, private readonly file: string) {
    const { port1, port2 } = new MessageChannel();
    const data: IndexShareData = { role: INDEX_SHARE_ROLE, port: port2, signal: this.signal };
    this.worker = new Worker(workerScript, { workerData: data, transferList: [port2] });
    this.worker.on('error', () => { this.gone = true; });
    this.worker.on('exit', () => { this.gone = true; });
    this.port = port1;
  }

  offer(store: SampleStore, from: number, settings: RangeSettings, runIndex?: number): boolean {
    if (this.gone || !(store instanceof BufferSampleStore)) return false;
    const ranges = store.sharedRanges(from);
    if (!ranges) return false;
    const task: ShareTask = { ...ranges, file: this.file, from, settings };
    if (runIndex !== undefined) task.runIndex = runIndex;
    Atomics.store(this.signal, 0, 0);
    this.port.postMessage(task);
    return true;
  }

  collect(): IndexedRange | undefined {
    for (;;) {
      const waited = Atomics.wait(this.signal, 0, 0, WAIT_SLICE_MS);
      const received = receiveMessageOnPort(this.port);
      if (received) {
        const answer = received.message as ShareAnswer;
        return answer.ok ? answer.range : undefined;
      }
      if (waited !== 'timed-out' || this.gone || this.worker.threadId < 0) return undefined;
    }
  }

  /** Reads the log into shared memory, so this thread can read the same bytes without a copy. */
  readFile(filePath: string): Buffer {
    return readFileShared(filePath);
  }

  dispose(): void {
    this.gone = true;
    this.port.close();
    void this.worker.terminate();
  }
}

/** The other thread's side: indexes each range it is sent and signals when the answer is posted. */
export function serveIndexShare(data: IndexShareData): void {
  data.port.on('message', (task: ShareTask) => {
    let answer: ShareAnswer;
    try {
      const buf = Buffer.from(task.buffer, task.byteOffset, task.byteLength);
      const store = BufferSampleStore.fromRanges(buf, task.file, task.starts, task.ends, task.cuts);
      const range = indexRange(store, task.from, task.from + task.starts.length, task.settings, new ColumnRegistry(), task.runIndex, task.from);
      answer = { ok: true, range };
    } catch (error) {
      answer = { ok: false, message: error instanceof Error ? error.message : String(error) };
    }
    data.port.postMessage(answer);
    Atomics.store(data.signal, 0, 1);
    Atomics.notify(data.signal, 0);
  });
}

/** Reads a file into shared memory, so another thread can read the same bytes without a copy. */
export function readFileShared(filePath: string): Buffer {
  const fd = fs.openSync(filePath, 'r');
  try {
    const size = fs.fstatSync(fd).size;
    const buf = Buffer.from(new SharedArrayBuffer(size));
    let read = 0;
    while (read < size) {
      const n = fs.readSync(fd, buf, read, size - read, read);
      if (n === 0) break;
      read += n;
    }
    return read === size ? buf : buf.subarray(0, read);
  } finally {
    fs.closeSync(fd);
  }
}
