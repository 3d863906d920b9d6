import type { SampleRecord } from '../log/sampleRecords';
import { firstPositionOf, idStart, isIdAt, sampleIdAt, SampleIds, SampleIdTable, sampleIdsOf } from './sampleIds';

/** Paired sample positions of two logs, and the samples left out of the pairs. */
export interface Alignment {
  /** Position in the baseline of each pair (baseline order, so ascending). */
  baseline: Int32Array;
  /** Position in the candidate of each pair. */
  candidate: Int32Array;
  /** The sample id (as text) of pair `pair`. */
  pairId(pair: number): string;
  /**
   * The pair of the sample id `id` (as text), or −1. `seenAt`: the baseline position the id is said to have (a
   * page row's); when the id is there, no search of every id is made.
   */
  pairOf(id: string, seenAt?: number): number;
  onlyBaseline: string[];
  onlyCandidate: string[];
  duplicateBaseline: string[];
  duplicateCandidate: string[];
}

/** The pair whose baseline position is `position` (pairs are in ascending baseline order), or −1. */
function pairAt(baseline: Int32Array, position: number): number {
  let low = 0;
  let high = baseline.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    if (baseline[middle] === position) return middle;
    if (baseline[middle] < position) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}

/**
 * Aligns two logs by `sample_id` compared as text (docs/semantics.md §10). An id found more than once in either log
 * pairs with nothing: it is listed as duplicated and left out, as a sample present in one log only.
 */
export function alignSampleIds(baselineIds: SampleIds, candidateIds: SampleIds): Alignment {
  const a = new SampleIdTable(baselineIds);
  const b = new SampleIdTable(candidateIds);
  const basePositions = new Int32Array(baselineIds.ends.length);
  const candPositions = new Int32Array(baselineIds.ends.length);
  let paired = 0;
  const onlyBaseline: string[] = [];
  for (let i = 0; i < baselineIds.ends.length; i++) {
    if (!a.unique(i)) continue;
    const other = b.find(baselineIds.text, idStart(baselineIds, i), baselineIds.ends[i]);
    if (other >= 0 && b.unique(other)) {
      basePositions[paired] = i;
      candPositions[paired++] = other;
    } else if (other < 0) {
      onlyBaseline.push(sampleIdAt(baselineIds, i));
    }
  }
  const onlyCandidate: string[] = [];
  for (let j = 0; j < candidateIds.ends.length; j++) {
    if (b.unique(j) && a.find(candidateIds.text, idStart(candidateIds, j), candidateIds.ends[j]) < 0) onlyCandidate.push(sampleIdAt(candidateIds, j));
  }
  // Every baseline sample paired (the usual case): the positions are kept as they are, not copied.
  const baseline = paired === basePositions.length ? basePositions : basePositions.slice(0, paired);
  return {
    baseline,
    candidate: paired === candPositions.length ? candPositions : candPositions.slice(0, paired),
    pairId: (pair) => sampleIdAt(baselineIds, baseline[pair]),
    pairOf: (id, seenAt) => {
      // A paired id is found once only in the baseline: the id at `seenAt` names its pair, or none.
      if (seenAt !== undefined && isIdAt(baselineIds, seenAt, id)) return pairAt(baseline, seenAt);
      // The id tables are not kept once aligned (a million ids take a dozen megabytes each): the ids' text is searched.
      const position = firstPositionOf(baselineIds, id);
      return position < 0 ? -1 : pairAt(baseline, position);
    },
    onlyBaseline,
    onlyCandidate,
    duplicateBaseline: a.duplicates,
    duplicateCandidate: b.duplicates,
  };
}

/** alignSampleIds over records, with the paired ids listed. */
export function alignSamples(baseline: readonly Pick<SampleRecord, 'sampleId'>[], candidate: readonly Pick<SampleRecord, 'sampleId'>[]): Alignment & { ids: string[] } {
  const alignment = alignSampleIds(sampleIdsOf(baseline.map((r) => r.sampleId)), sampleIdsOf(candidate.map((r) => r.sampleId)));
  return { ...alignment, ids: Array.from(alignment.baseline, (_, pair) => alignment.pairId(pair)) };
}
