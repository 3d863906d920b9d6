/**
 * The per-sample values a standalone compare page needs to compare the logs again (another cluster column,
 * a flipped metric): each log's summary, its sample ids, its score columns, its trials' outcomes and, for
 * the baseline, the cluster each sample falls in for each cluster key. The page turns them back into
 * ComparableLogs and runs the same LogComparison as the CLI and the editor.
 */
import type { CompareOptions, ComparisonSummary } from '../model/compareTypes';
import type { LogSummary, SampleDetail, TrialCell } from '../model/logViewTypes';
import type { SampleRecord } from '../log/sampleRecords';
import type { ComparableLog } from './comparableLog';
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

/** A ComparableLog over compact values (its samples' details are not part of them). */
function comparableFromCompact(compact: CompactComparableLog): ComparableLog {
  const columns = Object.entries(compact.scores);
  const records: SampleRecord[] = compact.ids.map((sampleId, index) => {
    const scores: SampleRecord['scores'] = {};
    for (const [id, values] of columns) {
      const value = values[index];
      if (value !== null && value !== undefined) scores[id] = value;
    }
    const letters = compact.trials[index] ?? '';
    const trials: TrialCell[] = Array.from(letters, (letter, i) => ({ index: i, outcome: OUTCOMES[letter] ?? 'unknown' }));
    return { index, sampleId, layout: trials.length ? 'trials' : 'legacy', scores, trials, errorStages: [], errorCount: 0, data: {} } as SampleRecord;
  });
  const clusterKeys = Object.keys(compact.clusters ?? {});
  return {
    summary: compact.summary,
    records,
    sampleData(index: number): unknown {
      if (!compact.clusters || index < 0 || index >= records.length) return undefined;
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
function changedInputHashes(summary: ComparisonSummary, logs: readonly CompactComparableLog[]): string[][] {
  const hashes: string[][] = [logs[0].ids.map(() => '=')];
  for (let i = 1; i < logs.length; i++) {
    const changed = new Set(summary.candidates.find((c) => c.position === i)?.alignment.inputChanged ?? []);
    hashes.push(logs[i].ids.map((id) => (changed.has(id) ? '≠' : '=')));
  }
  return hashes;
}

/** The comparison of the embedded values with other options (every changed input known, as in the file). */
export function compareValues(values: CompareValues, summary: ComparisonSummary, options: CompareOptions): LogComparison {
  const comparison = new LogComparison(values.logs.map(comparableFromCompact), options);
  comparison.applyFingerprints(changedInputHashes(summary, values.logs));
  return comparison;
}
