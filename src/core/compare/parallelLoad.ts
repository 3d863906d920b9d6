import * as fs from 'node:fs';
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import { LogLoadError } from '../log/logLoadError';
import { BufferSampleStore, readRange } from '../log/bufferLog';
import type { LogIndex } from '../log/logIndex';
import { loadLogIndex } from '../log/logLoader';
import { buildSampleDetail } from '../log/sampleDetail';
import { readSample } from '../log/sampleReading';
import { ComparableFileSamples, comparableLog, ComparableLog, recordsFromSamples } from './comparableLog';
import { DataFingerprints, fingerprintTexts } from './inputFingerprints';
import type { SampleRecord } from '../log/sampleRecords';
import * as l10n from '@vscode/l10n';
import type { CompareLoadData, FileOffsets, IndexedLogMessage } from '../protocol/compareWorkerMessages';
import { InspectLogError, isInspectLogFile } from '../inspect/inspectLog';
import { openInspectLog } from '../inspect/openInspectLog';

export interface CompareLoadOptions {
  /** The position of the log whose clusters are numbered as it is indexed (the baseline of a compare file). */
  clusterNumbersOf?: number;
  /** Each indexing worker collects its garbage before posting (CompareLoadData.collectBeforePosting): for the CLI only. */
  collectInWorkers?: boolean;
}

/** Logs indexed at the same time (each worker holds one file's bytes while it indexes). */
const PARALLEL = 2;

/**
 * Estimated samples above which the logs are indexed one at a time: the index of a log of very many small
 * samples takes several times the file's bytes while it is built, two of them at once too much memory.
 */
const MANY_SAMPLES = 250_000;
const SNIFFED_BYTES = 1 << 20;
/**
 * The young generation of an indexing worker, in MB. Indexing makes a little short-lived garbage per sample;
 * V8's default young generation lets it fill tens of megabytes before it is collected, which for a log of a
 * million samples raised the worker's peak by about a hundred megabytes (docs/performance.md), at no gain in time.
 */
const WORKER_YOUNG_GENERATION_MB = 8;
const SAMPLE_ID_KEY = Buffer.from('"sample_id"');

/** A rough count of a log's samples: the `"sample_id"` keys in its first MiB scaled to its size (trials count too); 0 when unreadable or not a regular file. */
export function estimatedSamples(filePath: string): number {
  try {
    const stat = fs.statSync(filePath);
    // Only a regular file is read here (a named pipe would block): the loader refuses the rest by name.
    if (!stat.isFile()) return 0;
    const size = stat.size;
    const head = readRange(filePath, 0, Math.min(size, SNIFFED_BYTES));
    let keys = 0;
    for (let at = head.indexOf(SAMPLE_ID_KEY); at >= 0; at = head.indexOf(SAMPLE_ID_KEY, at + SAMPLE_ID_KEY.length)) keys++;
    return head.length ? Math.round((keys * size) / head.length) : 0;
  } catch {
    return 0;
  }
}

/**
 * Offsets in a file in 4 bytes each when every one fits (a file under 4 GiB), else as they are. Done here once
 * the worker has posted them (moved, not copied), so that its peak holds no second copy.
 */
function compactOffsets(offsets: FileOffsets): FileOffsets {
  if (offsets instanceof Uint32Array) return offsets;
  for (const offset of offsets) if (offset > 0xffffffff) return offsets;
  return Uint32Array.from(offsets);
}

function readSlice(file: string, start: number, end: number): unknown {
  return JSON.parse(readRange(file, start, end).toString('utf8'));
}

/** A comparable log whose samples are read from the file at the offsets the worker found. */
function fileBackedLog(filePath: string, message: Extract<IndexedLogMessage, { kind: 'indexed' }>, fingerprints: Promise<DataFingerprints | undefined>): ComparableLog {
  // Opening a pair builds each side's detail and then compares the two samples' data: the last sample read is kept,
  // so that each side is read from the file and parsed once (docs/performance.md, "Each side of a pair read once").
  let lastIndex = -1;
  let lastSample: unknown;
  const sample = (index: number): unknown => {
    if (index === lastIndex) return lastSample;
    if (!Number.isInteger(index) || index < 0 || index >= message.starts.length) throw new RangeError(l10n.t('no sample at index {0}', index));
    lastSample = readSlice(filePath, message.starts[index], message.ends[index]);
    lastIndex = index;
    return lastSample;
  };
  let records: SampleRecord[] | undefined;
  let texts: Promise<readonly string[] | undefined> | undefined;
  let hashes: Promise<DataFingerprints | undefined> | undefined = fingerprints;
  return {
    summary: message.summary,
    samples: message.samples,
    get records(): SampleRecord[] {
      return (records ??= recordsFromSamples(message.samples));
    },
    sampleData(index: number): unknown {
      try {
        return readSample(sample(index), index).data;
      } catch {
        return undefined;
      }
    },
    detail: (index: number) => buildSampleDetail(sample(index), index, undefined, { generation: message.summary.generation, ...message.settings }),
    get dataHashes(): Promise<DataFingerprints | undefined> | undefined {
      return hashes;
    },
    get dataFingerprints(): Promise<readonly string[] | undefined> | undefined {
      return hashes && (texts ??= hashes.then((found) => (found ? fingerprintTexts(found) : undefined)));
    },
    releaseDataHashes(): void {
      hashes = undefined;
      texts = undefined;
    },
    ...(message.clusterNumbers ? { clusterNumbers: new Map(message.clusterNumbers) } : {}),
    fileSamples: { filePath, starts: message.starts, ends: message.ends, context: { generation: message.summary.generation, ...message.settings } },
  };
}

interface WorkerAnswer {
  message: IndexedLogMessage;
  /** The hashes of the samples' data, posted after the index; undefined when the worker ends without them. */
  fingerprints: Promise<DataFingerprints | undefined>;
  /** Settles when the worker has ended and its memory is given back. */
  exited: Promise<void>;
}

function indexInWorker(workerScript: string, filePath: string, clusterNumbers: boolean, collectBeforePosting: boolean): Promise<WorkerAnswer> {
  return new Promise((resolve, reject) => {
    const data: CompareLoadData = { filePath, fileName: path.basename(filePath), clusterNumbers, ...(collectBeforePosting ? { collectBeforePosting } : {}) };
    const worker = new Worker(workerScript, { workerData: data, resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB } });
    const exited = new Promise<void>((done) => worker.once('exit', () => done()));
    let settleFingerprints: (hashes: DataFingerprints | undefined) => void = () => undefined;
    const fingerprints = new Promise<DataFingerprints | undefined>((done) => { settleFingerprints = done; });
    let indexed = false;
    const end = (): void => {
      settleFingerprints(undefined);
      void worker.terminate();
    };
    worker.on('message', (message: IndexedLogMessage) => {
      if (message.kind === 'fingerprints') {
        settleFingerprints(message.hashes);
        end();
        return;
      }
      indexed = true;
      resolve({ message, fingerprints, exited });
      if (message.kind !== 'indexed') end();
    });
    worker.once('error', (error) => {
      if (indexed) end();
      else reject(error);
    });
    worker.once('exit', (code) => {
      settleFingerprints(undefined);
      if (!indexed) reject(new Error(l10n.t('the indexing worker exited with code {0}', code)));
    });
  });
}

/**
 * An Inspect log as a comparable log: its samples aligned by id with their epoch-reduced values, the summary its
 * reader makes, and each detail read from the log; undefined when the file is JSON that is not an Inspect log.
 */
async function inspectComparable(filePath: string): Promise<ComparableLog | undefined> {
  try {
    // Comparing reads no sample-level checks: they are left out of the records.
    const source = await openInspectLog(filePath, 1, 'lean');
    return { ...comparableLog(source.index, undefined, source.getSummary()), detail: (index: number) => source.detail(index) };
  } catch (error) {
    if (!(error instanceof InspectLogError)) throw error;
    if (error.notInspect) return undefined;
    throw new LogLoadError(error.message, filePath);
  }
}

/** One log; with `untilWorkerEnds`, the worker that indexed it has ended (and given back its memory) when this settles. */
async function loadOne(filePath: string, workerScript: string | undefined, clusterNumbers: boolean, untilWorkerEnds: boolean, collectInWorker = false): Promise<ComparableLog> {
  const inspect = isInspectLogFile(filePath) ? await inspectComparable(filePath) : undefined;
  if (inspect) return inspect;
  if (workerScript) {
    let answer: WorkerAnswer | undefined;
    try {
      answer = await indexInWorker(workerScript, filePath, clusterNumbers, collectInWorker);
    } catch {
      answer = undefined; // the worker could not run: index in this thread below
    }
    if (answer && untilWorkerEnds) await answer.exited;
    const message = answer?.message;
    if (answer && message?.kind === 'indexed') return fileBackedLog(filePath, { ...message, starts: compactOffsets(message.starts), ends: compactOffsets(message.ends) }, answer.fingerprints);
    if (message?.kind === 'error') throw new LogLoadError(message.message, filePath, message.line, message.column);
  }
  return comparableLog(...withFileSamples(await loadLogIndex({ filePath }, { fileName: path.basename(filePath), requireLog: true }), filePath));
}

/** An index with where its top-level samples lie in `filePath`, when its store reads them from that file. */
function withFileSamples(index: LogIndex, filePath: string): [LogIndex, ComparableFileSamples | undefined] {
  const set = index.sampleSet();
  const store = set?.store;
  if (!(store instanceof BufferSampleStore) || store.count !== set?.records.length) return [index, undefined];
  return [index, { filePath, starts: store.starts, ends: store.ends, context: { generation: index.getSummary().generation, ...index.detailSettings() } }];
}

/**
 * Reads and indexes the logs of a comparison, two at a time in worker threads when `workerScript`
 * (dist/worker/compareLoad.js) exists (one at a time when a log has very many samples), else one after the
 * other in this thread. Rejects with a
 * LogLoadError naming the file that cannot be read.
 */
export async function loadComparableLogs(filePaths: readonly string[], workerScript?: string, options: CompareLoadOptions = {}): Promise<ComparableLog[]> {
  const script = workerScript && fs.existsSync(workerScript) ? workerScript : undefined;
  const logs: ComparableLog[] = new Array(filePaths.length);
  let next = 0;
  const parallel = script && !filePaths.some((file) => estimatedSamples(file) > MANY_SAMPLES) ? PARALLEL : 1;
  // One at a time means one worker's memory at a time: the next starts once the last has ended.
  const lane = async (): Promise<void> => {
    while (next < filePaths.length) {
      const i = next++;
      logs[i] = await loadOne(filePaths[i], script, i === options.clusterNumbersOf, parallel === 1, options.collectInWorkers);
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, filePaths.length) }, lane));
  return logs;
}
