/**
 * The samples of a log indexed from its file (lean opening), as byte ranges of that file: what lets the
 * export embed each sample's own JSON (parsed by the page only when shown) and the schema check read the
 * samples without splitting the file again.
 */
import type { LogIndex } from '../log/logIndex';
import type { LogSource } from '../log/logSource';
import type { DetailContext } from '../log/sampleDetail';
import type { JsonPath } from '../yaml/specDocument';
import { BufferSampleStore } from '../log/bufferLog';
import type { FileWindows, RawSampleSet } from './fileWindows';

export type { RawSampleSet } from './fileWindows';


/** A sample that is not valid JSON, found by the schema check. */
export interface UnparsedSample {
  /** Position of its set in RawSampleAccess.sets. */
  set: number;
  index: number;
}

export interface RawSampleAccess {
  filePath: string;
  /** Every sample array that has samples, in file order. */
  sets: RawSampleSet[];
  context: Omit<DetailContext, 'generation'>;
  /** Samples that are not valid JSON (resolves once the schema check is done). */
  unparsed(): Promise<UnparsedSample[]>;
  /** Throws the error (file, line, column) of a sample that is not valid JSON. */
  failOn(sample: UnparsedSample): void;
  /** The file's compressed windows, when a worker thread writes them (rejects when it could not). */
  windows?(): Promise<FileWindows>;
}

/** A log source whose samples can be read as the file's bytes. */
export interface RawLogSource extends LogSource {
  rawSamples: RawSampleAccess;
}

export function rawSamplesOf(source: LogSource): RawSampleAccess | undefined {
  return (source as Partial<RawLogSource>).rawSamples;
}

/**
 * The sample arrays of a lean index (samples read back from `filePath`), or undefined when its samples are
 * not all byte ranges of the file or two runs share an index (pages could not tell them apart).
 */
export function rawSampleSets(index: LogIndex): RawSampleSet[] | undefined {
  const sets: RawSampleSet[] = [];
  const add = (runIndex: number | undefined, path: JsonPath): boolean => {
    const set = index.sampleSet(runIndex);
    if (!set) return true;
    if (!(set.store instanceof BufferSampleStore)) return false;
    if (set.store.count > 0) sets.push({ runIndex, path, starts: set.store.starts, ends: set.store.ends });
    return true;
  };
  if (!add(undefined, ['evidence', 'samples'])) return undefined;
  const runs = index.getSummary().runs?.runs ?? [];
  if (new Set(runs.map((run) => run.index)).size !== runs.length) return undefined;
  for (let position = 0; position < runs.length; position++) {
    if (runs[position].sampleCount > 0 && !add(runs[position].index, ['evidence', 'runs', position, 'samples'])) return undefined;
  }
  return sets.sort((a, b) => a.starts[0] - b.starts[0]);
}
