import { parentPort, workerData } from 'node:worker_threads';
import { BufferSampleStore } from '../log/bufferLog';
import { LogLoadError, loadLogIndexSync } from '../log/logLoader';
import { readSample } from '../log/sampleReading';
import { bytesDiscarded } from '../log/discardBytes';
import { FingerprintCollector, liteSampleData, sampleDataFingerprints } from './inputFingerprints';
import { ClusterNumbering } from './clusterNumbering';
import { samplesFromColumns, samplesFromRecords, transferables } from './comparableSamples';
import { scoreColumnIds } from './comparableLog';
import type { CompareLoadData, IndexedLogMessage } from '../protocol/compareWorkerMessages';
import { configureWorkerL10n } from '../l10n/workerL10n';
import { collectReleasedMemory } from '../engine/collectReleasedMemory';

// Messages built here use the translations the starting thread shared.
configureWorkerL10n();

/**
 * Worker thread that reads and indexes one log for a comparison and posts what comparing needs: the
 * summary, the samples' values in columns (comparableSamples.ts, moved rather than copied), where each sample
 * lies in the file, and the detail settings. Then it posts the hash of each sample's data (for "input changed"),
 * taken from each sample as it is indexed, and ends. The file is scanned and indexed a window at a time, never
 * held whole (LoadLogOptions.readInWindows; read whole only where that scan stops); the index stays here and is
 * released with the worker; samples are read again from the file on demand.
 */
async function run(): Promise<{ message: IndexedLogMessage; store?: BufferSampleStore; hashes: FingerprintCollector }> {
  const { filePath, fileName, clusterNumbers } = workerData as CompareLoadData;
  const hashes = new FingerprintCollector();
  const numbering = clusterNumbers ? new ClusterNumbering() : undefined;
  try {
    const index = loadLogIndexSync({ filePath }, {
      fileName,
      leaveOutChecks: true,
      requireLog: true,
      discardBytes: true,
      readInWindows: true,
      onSample: (shape, position, runIndex, store) => {
        if (runIndex !== undefined) return;
        // A store scanned whole knows how many samples come: room for their hashes is made at once.
        if (position === 0 && !store.waitFor) hashes.reserve(store.count);
        const sample = liteSampleData(() => shape.data, () => readSample(store.full(position), position).data);
        hashes.add(position, sample.fingerprint);
        numbering?.add(position, sample.data);
      },
    });
    // The file's bytes are gone before the columns are posted: the worker's peak is indexing alone.
    await bytesDiscarded();
    const set = index.sampleSet();
    const store = set?.store;
    if (set && !(store instanceof BufferSampleStore)) return { message: { kind: 'fallback' }, hashes };
    const bounds = store instanceof BufferSampleStore ? store : undefined;
    const summary = index.getSummary();
    return {
      message: {
        kind: 'indexed',
        summary,
        samples: set ? samplesFromColumns(set.records, scoreColumnIds(summary)) : samplesFromRecords([], scoreColumnIds(summary)),
        // The store's own arrays, moved rather than copied: nothing reads the store after they are posted.
        starts: bounds?.starts ?? new Float64Array(0),
        ends: bounds?.ends ?? new Float64Array(0),
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

async function post(): Promise<void> {
  const { collectBeforePosting } = workerData as CompareLoadData;
  const { message, store, hashes: indexed } = await run();
  // The hashes are all there before the index is posted, so nothing is read from the file after it. Where
  // indexing did not see every sample, they are read again.
  const hashes = message.kind === 'indexed' && store
    ? (indexed.result(store.count) ?? sampleDataFingerprints(store.count, (i) => store.lite(i), (i) => store.full(i), (sample, i) => readSample(sample, i).data))
    : undefined;
  if (message.kind === 'indexed') {
    // The index is unreferenced once `run` returns: its memory goes back before the host takes the columns in.
    if (collectBeforePosting) collectReleasedMemory();
    const clusters = (message.clusterNumbers ?? []).map(([, numbers]) => numbers.buffer as ArrayBuffer);
    parentPort?.postMessage(message, [...transferables(message.samples), message.starts.buffer as ArrayBuffer, message.ends.buffer as ArrayBuffer, ...clusters]);
    if (hashes) parentPort?.postMessage({ kind: 'fingerprints', hashes } satisfies IndexedLogMessage, [hashes.bytes.buffer as ArrayBuffer]);
    else parentPort?.postMessage({ kind: 'fingerprints', hashes: { count: 0, width: 0, bytes: new Uint8Array(0) } } satisfies IndexedLogMessage);
  } else {
    parentPort?.postMessage(message);
  }
}

void post();
