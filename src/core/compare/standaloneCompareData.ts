/**
 * The per-sample values a standalone compare page needs to compare the logs again (another cluster column,
 * a flipped metric): each log's summary, its sample ids, its score columns, its trials' outcomes and, for
 * the baseline, the cluster each sample falls in for each cluster key. The page turns them back into
 * ComparableLogs and runs the same LogComparison as the CLI and the editor.
 */
import type { CompareOptions, ComparisonSummary } from '../model/compareTypes';
import type { LogSummary, SampleDetail, TrialCell } from '../model/logViewTypes';
import type { SampleRecord } from '../log/sampleRecords';
import { ComparableLog, recordsFromSamples } from './comparableLog';
import { ComparableSamples, OUTCOME_CODES, SCORE_NOT_NUMBER, SCORE_NUMBER, ScoreColumnValues } from './comparableSamples';
import type { DataFingerprints } from './dataFingerprints';
import { sampleIdsOf } from './sampleIds';
import type { SampleBoundsChunk } from '../protocol/embeddedReport';
import { LogComparison } from './logComparison';

/** One log, columnar. */
export interface CompactComparableLog {
  summary: LogSummary;
  /** Sample ids as text, in file order. */
  ids: string[];
  /** Score column id → the value of each sample: a finite number, null when absent, '' when not a number. */
  scores: Record<string, (number | null | '')[]>;
  /** Each sample's trial outcomes, one letter per trial (see OUTCOME_LETTERS). */
  trials: string[];
  /** Baseline only: cluster key → the number of the cluster each sample falls in (missing values form one). */
  clusters?: Record<string, number[]>;
}

export interface CompareValues {
  logs: CompactComparableLog[];
  /** Per candidate (position − 1): the sample ids whose details are embedded, in chunk order. */
  pairs: string[][];
  /** With EmbeddedCompare.logFiles, per candidate: the baseline's and the candidate's sample index of each pair of `pairs`. */
  pairIndices?: { baseline: number[]; candidate: number[] }[];
  /** With EmbeddedCompare.logFiles, per log: where its samples lie in its file. */
  bounds?: SampleBoundsChunk[];
}

export const OUTCOME_LETTERS: Record<TrialCell['outcome'], string> = { pass: 'p', fail: 'f', error: 'e', unknown: 'u' };
const OUTCOMES: Record<string, TrialCell['outcome']> = { p: 'pass', f: 'fail', e: 'error', u: 'unknown' };

function notEmbedded(): SampleDetail {
  throw new Error('sample details are read from the pairs of the file');
}

/** The columnar values of a compact log (the letters of its trials as outcome codes). */
function samplesFromCompact(compact: CompactComparableLog): ComparableSamples {
  const count = compact.ids.length;
  const columns = new Map<string, ScoreColumnValues>();
  for (const [id, values] of Object.entries(compact.scores)) {
    const column: ScoreColumnValues = { values: new Float64Array(count).fill(NaN), states: new Uint8Array(count) };
    for (let i = 0; i < count; i++) {
      const value = values[i];
      if (value === null || value === undefined) continue;
      column.states[i] = typeof value === 'number' ? SCORE_NUMBER : SCORE_NOT_NUMBER;
      if (typeof value === 'number') column.values[i] = value;
    }
    columns.set(id, column);
  }
  const trialEnds = new Int32Array(count);
  let trials = 0;
  for (let i = 0; i < count; i++) trialEnds[i] = trials += (compact.trials[i] ?? '').length;
  const outcomes = new Uint8Array(trials);
  for (let i = 0, at = 0; i < count; i++) for (const letter of compact.trials[i] ?? '') outcomes[at++] = OUTCOME_CODES.indexOf(OUTCOMES[letter] ?? 'unknown');
  return { ids: sampleIdsOf(compact.ids), columns, outcomes, trialEnds };
}

/** A ComparableLog over compact values (its samples' details are not part of them). */
function comparableFromCompact(compact: CompactComparableLog): ComparableLog {
  const samples = samplesFromCompact(compact);
  let records: SampleRecord[] | undefined;
  const clusterKeys = Object.keys(compact.clusters ?? {});
  return {
    summary: compact.summary,
    samples,
    get records(): SampleRecord[] {
      return (records ??= recordsFromSamples(samples));
    },
    sampleData(index: number): unknown {
      if (!compact.clusters || index < 0 || index >= compact.ids.length) return undefined;
      const clusters = compact.clusters;
      // Own properties whatever the key (a key named __proto__ included).
      return Object.fromEntries(clusterKeys.map((key) => [key, `#${String(clusters[key][index])}`]));
    },
    detail: notEmbedded,
  };
}

/**
 * The hashes LogComparison.applyFingerprints takes, from the changed inputs the summary lists: the baseline's
 * samples all alike, a candidate's sample different where its pair's data changed.
 */
function changedInputHashes(summary: ComparisonSummary, logs: readonly CompactComparableLog[]): DataFingerprints[] {
  const hashes: DataFingerprints[] = [{ count: logs[0].ids.length, width: 1, bytes: new Uint8Array(logs[0].ids.length) }];
  for (let i = 1; i < logs.length; i++) {
    const changed = new Set(summary.candidates.find((c) => c.position === i)?.alignment.inputChanged ?? []);
    hashes.push({ count: logs[i].ids.length, width: 1, bytes: Uint8Array.from(logs[i].ids, (id) => (changed.has(id) ? 1 : 0)) });
  }
  return hashes;
}

/** The comparison of the embedded values with other options (every changed input known, as in the file). */
export function compareValues(values: CompareValues, summary: ComparisonSummary, options: CompareOptions): LogComparison {
  const comparison = new LogComparison(values.logs.map(comparableFromCompact), options);
  comparison.applyFingerprints(changedInputHashes(summary, values.logs));
  return comparison;
}
