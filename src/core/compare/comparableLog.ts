import type { LogSummary, SampleDetail } from '../model/logViewTypes';
import type { SampleRecord } from '../log/sampleRecords';
import type { LogIndex } from '../log/logIndex';
import type { DetailContext } from '../log/sampleDetail';
import { readSample } from '../log/sampleReading';
import { isRecord } from '../log/logValue';
import { ComparableSamples, sampleCount, samplesFromColumns, samplesFromRecords, trialCells } from './comparableSamples';
import { sampleIdAt } from './sampleIds';
import type { DataFingerprints } from './dataFingerprints';

/** What comparing needs from one indexed log: its summary, its samples' values (columnar), and each sample on demand. */
export interface ComparableLog {
  summary: LogSummary;
  /** What comparing reads of each sample, columnar (comparableSamples.ts). */
  samples: ComparableSamples;
  /** The samples' compact records (built on first use where the log was read as columns only). */
  records: readonly SampleRecord[];
  /** The data of the sample at `index` (`sample.data`, else its first trial's); undefined when unreadable. */
  sampleData(index: number): unknown;
  /** The detail of the sample at `index` (read again from its log: an Inspect log reads its full sample, asynchronously). */
  detail(index: number): SampleDetail | Promise<SampleDetail>;
  /** The hash of each sample's data (inputFingerprints.ts), computed off this thread; undefined when not available. */
  dataHashes?: Promise<DataFingerprints | undefined>;
  /** The same hashes as texts (fingerprintHash). */
  dataFingerprints?: Promise<readonly string[] | undefined>;
  /** Lets go of the hashes (8 bytes a sample) once a comparison has used them: dataHashes is undefined after. */
  releaseDataHashes?(): void;
  /** Where each sample lies in the log file, when every sample is a byte range of it (the export embeds the file's own bytes). */
  fileSamples?: ComparableFileSamples;
  /** Per data key of its first samples (dataKeys), the cluster number of each sample (clusterNumbering.ts), when the indexing thread took them. */
  clusterNumbers?: ReadonlyMap<string, ArrayLike<number>>;
}

/** The samples of a log as byte ranges of its file, and what building a detail needs besides a sample. */
export interface ComparableFileSamples {
  filePath: string;
  starts: ArrayLike<number>;
  ends: ArrayLike<number>;
  context: DetailContext;
}

/**
 * A comparable view of a log index (top-level samples; the samples are read again from its store, one at a time).
 * `fileSamples`: where its samples lie in the file it was read from, when known; `summary`: the log's summary
 * when its reader makes another than the index.
 */
export function comparableLog(index: LogIndex, fileSamples?: ComparableFileSamples, summary = index.getSummary()): ComparableLog {
  const set = index.sampleSet();
  let samples: ComparableSamples | undefined;
  let records: SampleRecord[] | undefined;
  return {
    ...(fileSamples ? { fileSamples } : {}),
    summary,
    get records(): SampleRecord[] {
      return (records ??= set ? Array.from({ length: set.records.length }, (_, i) => set.records.recordAt(i)) : []);
    },
    get samples(): ComparableSamples {
      return (samples ??= set ? samplesFromColumns(set.records, scoreColumnIds(summary)) : samplesFromRecords([], scoreColumnIds(summary)));
    },
    sampleData(position: number): unknown {
      if (!set || position < 0 || position >= set.records.length) return undefined;
      try {
        return readSample(set.store.lite(position), position).data;
      } catch {
        return undefined;
      }
    },
    detail: (position: number) => index.getDetail(position),
  };
}

/** The ids of a log's score columns. */
export function scoreColumnIds(summary: LogSummary): string[] {
  return summary.samples.scoreColumns.map((column) => column.id);
}

/** Compact records rebuilt from columnar values: ids, scores and trial outcomes (what comparing reads). */
export function recordsFromSamples(samples: ComparableSamples): SampleRecord[] {
  const columns = [...samples.columns];
  return Array.from({ length: sampleCount(samples) }, (_, index): SampleRecord => {
    const scores: SampleRecord['scores'] = {};
    for (const [id, column] of columns) if (column.states[index]) scores[id] = column.states[index] === 1 ? column.values[index] : '';
    const trials = trialCells(samples, index);
    return { index, sampleId: sampleIdAt(samples.ids, index), layout: trials.length ? 'trials' : 'legacy', scores, trials, errorStages: [], errorCount: 0, data: {} };
  });
}

/** A text that is equal for equal data (undefined when the data cannot be written, e.g. nested too deeply). */
export function dataFingerprint(data: unknown): string | undefined {
  try {
    return JSON.stringify(data === undefined ? null : data);
  } catch {
    return undefined;
  }
}

/** How many first samples of a log dataKeys looks at. */
export const DATA_KEYS_PROBE = 20;

/** Keys of the sample data seen in the first samples of a log (the cluster column chooser). */
export function dataKeys(log: ComparableLog, probe = DATA_KEYS_PROBE): string[] {
  const keys = new Set<string>();
  for (let i = 0; i < Math.min(probe, sampleCount(log.samples)); i++) {
    const data = log.sampleData(i);
    if (isRecord(data)) for (const key of Object.keys(data)) keys.add(key);
  }
  return [...keys];
}
