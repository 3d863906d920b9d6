import { parentPort, workerData } from 'node:worker_threads';
import { BufferSampleStore } from '../log/bufferLog';
import { LogLoadError, loadLogIndexSync } from '../log/logLoader';
import { readSample } from '../log/sampleReading';
import { sampleDataHashes } from './inputFingerprints';
import type { IndexedLogMessage } from './parallelLoad';

/**
 * Worker thread that reads and indexes one log for a comparison and posts what comparing needs: the
 * summary, the compact sample records, where each sample lies in the file, and the detail settings. Then it
 * posts the hash of each sample's data (for "input changed") and ends. The bytes stay here and are released
 * with the worker; samples are read again from the file on demand.
 */
function run(): { message: IndexedLogMessage; store?: BufferSampleStore } {
  const { filePath, fileName } = workerData as { filePath: string; fileName: string };
  try {
    const index = loadLogIndexSync({ filePath }, { fileName });
    const set = index.sampleSet();
    const store = set?.store;
    if (set && !(store instanceof BufferSampleStore)) return { message: { kind: 'fallback' } };
    const bounds = store instanceof BufferSampleStore ? store : undefined;
    return {
      message: {
        kind: 'indexed',
        summary: index.getSummary(),
        records: [...(set?.records ?? [])],
        starts: Float64Array.from(bounds?.starts ?? []),
        ends: Float64Array.from(bounds?.ends ?? []),
        settings: index.detailSettings(),
      },
      store: bounds,
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { message: error instanceof LogLoadError ? { kind: 'error', message, line: error.line, column: error.column } : { kind: 'error', message } };
  }
}

const { message, store } = run();
// The hashes are taken before the index is posted, so the file's bytes are released when this worker ends
// instead of lasting while the extension host takes in the index.
const hashes = message.kind === 'indexed' && store ? sampleDataHashes(store.count, (i) => store.lite(i), (i) => store.full(i), (sample, i) => readSample(sample, i).data) : [];
parentPort?.postMessage(message);
if (message.kind === 'indexed') parentPort?.postMessage({ kind: 'fingerprints', hashes } satisfies IndexedLogMessage);
