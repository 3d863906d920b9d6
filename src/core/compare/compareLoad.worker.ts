import { parentPort, workerData } from 'node:worker_threads';
import { BufferSampleStore } from '../log/bufferLog';
import { LogLoadError, loadLogIndexSync } from '../log/logLoader';
import { readSample } from '../log/sampleReading';
import type { SampleRecord } from '../log/sampleRecords';
import { fingerprintHash, liteSampleData, sampleDataHashes } from './inputFingerprints';
import { ClusterNumbering } from './clusterNumbering';
import type { CompareLoadData, IndexedLogMessage } from '../protocol/compareWorkerMessages';
import { configureWorkerL10n } from '../l10n/workerL10n';

// Messages built here use the translations the starting thread shared.
configureWorkerL10n();

/**
 * Worker thread that reads and indexes one log for a comparison and posts what comparing needs: the
 * summary, the compact sample records, where each sample lies in the file, and the detail settings. Then it
 * posts the hash of each sample's data (for "input changed"), taken from each sample as it is indexed, and
 * ends. The bytes stay here and are released with the worker; samples are read again from the file on demand.
 */
function run(): { message: IndexedLogMessage; store?: BufferSampleStore; hashes: string[] } {
  const { filePath, fileName, clusterNumbers } = workerData as CompareLoadData;
  const hashes: string[] = [];
  const numbering = clusterNumbers ? new ClusterNumbering() : undefined;
  try {
    const index = loadLogIndexSync({ filePath }, {
      fileName,
      leaveOutChecks: true,
      requireLog: true,
      onSample: (shape, position, runIndex, store) => {
        if (runIndex !== undefined) return;
        const sample = liteSampleData(() => shape.data, () => readSample(store.full(position), position).data);
        hashes[position] = fingerprintHash(sample.fingerprint);
        numbering?.add(position, sample.data);
      },
    });
    const set = index.sampleSet();
    const store = set?.store;
    if (set && !(store instanceof BufferSampleStore)) return { message: { kind: 'fallback' }, hashes };
    const bounds = store instanceof BufferSampleStore ? store : undefined;
    return {
      message: {
        kind: 'indexed',
        summary: index.getSummary(),
        records: (set?.records ?? []).map(withoutChecks),
        starts: Float64Array.from(bounds?.starts ?? []),
        ends: Float64Array.from(bounds?.ends ?? []),
        settings: index.detailSettings(),
        ...(numbering?.result() ? { clusterNumbers: numbering.result() } : {}),
      },
      store: bounds,
      hashes,
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { message: error instanceof LogLoadError ? { kind: 'error', message, line: error.line, column: error.column } : { kind: 'error', message }, hashes };
  }
}

/** A record without its checks (comparing does not read them): less to send. */
function withoutChecks(record: SampleRecord): SampleRecord {
  if (!record.checks) return record;
  const { checks: _checks, ...rest } = record;
  return rest;
}

const { message, store, hashes: indexedHashes } = run();
// The hashes are all there before the index is posted, so the file's bytes are released when this worker
// ends instead of lasting while the extension host takes in the index. Where indexing did not see every
// sample, they are read again.
const complete = store !== undefined && indexedHashes.length === store.count && !indexedHashes.includes(undefined as unknown as string);
const hashes = message.kind === 'indexed' && store
  ? (complete ? indexedHashes : sampleDataHashes(store.count, (i) => store.lite(i), (i) => store.full(i), (sample, i) => readSample(sample, i).data))
  : [];
parentPort?.postMessage(message);
if (message.kind === 'indexed') parentPort?.postMessage({ kind: 'fingerprints', hashes } satisfies IndexedLogMessage);
