/**
 * Reads many session files into summaries, in worker threads when there are enough files (each worker takes the
 * next file when it finishes one), else on the calling thread. Results arrive in any order, tagged by index.
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { ScannedFile, scanSessionFile } from './sessionFileScan';
import * as l10n from '@vscode/l10n';

/** The build writes sessionScan.worker.ts to `dist/worker/sessionScan.js`. */
const WORKER_FILE = 'sessionScan.js';
/** Fewer files than this are read on the calling thread: starting workers would cost more than it saves. */
const MIN_FILES_FOR_WORKERS = 24;
/** Results a worker keeps before posting them (one message per file would cost more than reading most files). */
export const REPLY_BATCH = 32;
/** ...or after this many milliseconds, so progress keeps moving on large files. */
export const REPLY_MS = 100;

/** What a worker is started with: every file, and the shared index of the next file to read. */
export interface ScanWorkerData {
  files: readonly { path: string; relative: string }[];
  next: Int32Array;
}

export interface ScanReply {
  index: number;
  scanned: ScannedFile;
}

/** A worker's message: some files read, or (`done`) no file left. */
export type ScanMessage = { replies: ScanReply[] } | { done: true };

export function findSessionWorkerScript(): string | undefined {
  let dir = __dirname;
  for (let depth = 0; depth < 6; depth++) {
    for (const candidate of [join(dir, 'worker', WORKER_FILE), join(dir, 'dist', 'worker', WORKER_FILE)]) {
      if (existsSync(candidate)) return candidate;
    }
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return undefined;
}

interface PoolOptions {
  /** Worker threads; 0 reads on the calling thread. Default: the CPU count, at most 4. */
  workers?: number;
  workerScript?: string;
  signal?: AbortSignal;
}

async function scanHere(files: readonly { path: string; relative: string }[], indexes: number[], signal: AbortSignal | undefined, onFile: (index: number, scanned: ScannedFile) => void): Promise<void> {
  for (const index of indexes) {
    if (signal?.aborted) return;
    const scanned = await scanSessionFile(files[index].path, files[index].relative, signal);
    if (scanned.cancelled) return;
    onFile(index, scanned);
  }
}

/** A worker started before its files are known; an error or exit before it is given work is kept. */
interface StartedWorker {
  worker: Worker;
  early?: Error;
}

/**
 * Worker threads started ahead (while the files are still being searched for, so their start-up overlaps the
 * search); `scanSessionFiles` gives them work, or stops them when there are too few files.
 */
class ScanWorkers {
  readonly started: StartedWorker[] = [];

  constructor(script: string, count: number) {
    try {
      for (let k = 0; k < count; k++) {
        const entry: StartedWorker = { worker: new Worker(script) };
        entry.worker.once('error', (error) => (entry.early ??= error));
        entry.worker.once('exit', () => (entry.early ??= new Error(l10n.t('a session worker stopped'))));
        this.started.push(entry);
      }
    } catch (error) {
      this.stop();
      throw error;
    }
  }

  stop(): void {
    for (const { worker } of this.started) void worker.terminate();
  }
}

/** Starts the workers `scanSessionFiles` would use, or undefined when it would read on the calling thread. */
export function startScanWorkers(options: PoolOptions): ScanWorkers | undefined {
  const wanted = options.workers ?? Math.min(4, availableParallelism());
  const script = options.workerScript ?? findSessionWorkerScript();
  if (wanted <= 0 || script === undefined) return undefined;
  try {
    return new ScanWorkers(script, wanted);
  } catch {
    return undefined; // no worker could start: the files are read on the calling thread
  }
}

function scanInWorkers(started: StartedWorker[], files: readonly { path: string; relative: string }[], signal: AbortSignal | undefined, onFile: (index: number, scanned: ScannedFile) => void): Promise<void> {
  const stopAll = () => started.forEach(({ worker }) => void worker.terminate());
  signal?.addEventListener('abort', stopAll, { once: true });
  // Each worker takes the next file by adding one to this shared index.
  const next = new Int32Array(new SharedArrayBuffer(4));
  const data: ScanWorkerData = { files, next };
  const one = ({ worker, early }: StartedWorker) => new Promise<void>((resolve, reject) => {
    let settled = false;
    const finish = (error?: Error) => {
      if (settled) return;
      settled = true;
      void worker.terminate();
      if (error) reject(error);
      else resolve();
    };
    if (early) {
      finish(early);
      return;
    }
    worker.on('message', (message: ScanMessage) => {
      if ('done' in message) finish();
      else {
        for (const reply of message.replies) {
          if (signal?.aborted) break;
          onFile(reply.index, reply.scanned);
        }
      }
    });
    worker.on('error', (error) => finish(error));
    worker.on('exit', () => (signal?.aborted ? finish() : finish(new Error(l10n.t('a session worker stopped')))));
    worker.postMessage(data);
  });
  return Promise.all(started.map(one)).then(
    () => signal?.removeEventListener('abort', stopAll),
    (error: unknown) => {
      stopAll();
      signal?.removeEventListener('abort', stopAll);
      throw error;
    },
  );
}

/**
 * Calls `onFile` once per file read (in any order); stops early when the signal aborts. `workers`, when given,
 * were started ahead with `startScanWorkers` and are stopped here in every case.
 */
export async function scanSessionFiles(files: readonly { path: string; relative: string }[], options: PoolOptions, onFile: (index: number, scanned: ScannedFile) => void, workers?: ScanWorkers): Promise<void> {
  const pool = workers ?? (files.length >= MIN_FILES_FOR_WORKERS ? startScanWorkers(options) : undefined);
  const done = new Set<number>();
  const record = (index: number, scanned: ScannedFile) => {
    if (done.has(index)) return;
    done.add(index);
    onFile(index, scanned);
  };
  if (pool !== undefined && files.length >= MIN_FILES_FOR_WORKERS && !options.signal?.aborted) {
    const count = Math.min(pool.started.length, Math.ceil(files.length / 8));
    pool.started.slice(count).forEach(({ worker }) => void worker.terminate());
    try {
      await scanInWorkers(pool.started.slice(0, count), files, options.signal, record);
      return;
    } catch {
      // A worker failed: the files it did not finish are read here.
    }
  } else pool?.stop();
  const rest = files.map((_, index) => index).filter((index) => !done.has(index));
  await scanHere(files, rest, options.signal, record);
}
