import { parentPort, workerData } from 'node:worker_threads';
import { BufferSampleStore } from '../log/bufferLog';
import { LogLoadError, loadLogIndexSync } from '../log/logLoader';
import type { IndexedLogMessage } from './parallelLoad';

/**
 * Worker thread that reads and indexes one log for a comparison and posts what comparing needs: the
 * summary, the compact sample records, where each sample lies in the file, and the detail settings. The
 * bytes stay here and are released with the worker; samples are read again from the file on demand.
 */
function run(): IndexedLogMessage {
  const { filePath, fileName } = workerData as { filePath: string; fileName: string };
  try {
    const index = loadLogIndexSync({ filePath }, { fileName });
    const set = index.sampleSet();
    const store = set?.store;
    if (set && !(store instanceof BufferSampleStore)) return { kind: 'fallback' };
    const bounds = store instanceof BufferSampleStore ? store : undefined;
    return {
      kind: 'indexed',
      summary: index.getSummary(),
      records: [...(set?.records ?? [])],
      starts: Float64Array.from(bounds?.starts ?? []),
      ends: Float64Array.from(bounds?.ends ?? []),
      settings: index.detailSettings(),
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return error instanceof LogLoadError ? { kind: 'error', message, line: error.line, column: error.column } : { kind: 'error', message };
  }
}

parentPort?.postMessage(run());
