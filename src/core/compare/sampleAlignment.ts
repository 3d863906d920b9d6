import type { SampleRecord } from '../log/sampleRecords';

/** Paired sample positions of two logs, and the samples left out of the pairs. */
export interface Alignment {
  /** Position in the baseline of each pair (baseline order). */
  baseline: Int32Array;
  /** Position in the candidate of each pair. */
  candidate: Int32Array;
  ids: string[];
  onlyBaseline: string[];
  onlyCandidate: string[];
  duplicateBaseline: string[];
  duplicateCandidate: string[];
}

/** Sample id (as text) → position, for ids seen once; ids seen more than once are returned apart. */
function positionsById(records: readonly Pick<SampleRecord, 'sampleId'>[]): { unique: Map<string, number>; duplicates: string[] } {
  const unique = new Map<string, number>();
  const duplicates = new Set<string>();
  for (let i = 0; i < records.length; i++) {
    const id = String(records[i].sampleId);
    if (duplicates.has(id)) continue;
    if (unique.has(id)) {
      unique.delete(id);
      duplicates.add(id);
    } else {
      unique.set(id, i);
    }
  }
  return { unique, duplicates: [...duplicates] };
}

/**
 * Aligns two logs by `sample_id` compared as text (docs/semantics.md §10). An id found more than once in either log
 * pairs with nothing: it is listed as duplicated and left out, as a sample present in one log only.
 */
export function alignSamples(baseline: readonly Pick<SampleRecord, 'sampleId'>[], candidate: readonly Pick<SampleRecord, 'sampleId'>[]): Alignment {
  const a = positionsById(baseline);
  const b = positionsById(candidate);
  const duplicates = new Set([...a.duplicates, ...b.duplicates]);
  const basePositions: number[] = [];
  const candPositions: number[] = [];
  const ids: string[] = [];
  const onlyBaseline: string[] = [];
  for (const [id, position] of a.unique) {
    const other = b.unique.get(id);
    if (other !== undefined) {
      basePositions.push(position);
      candPositions.push(other);
      ids.push(id);
    } else if (!duplicates.has(id)) {
      onlyBaseline.push(id);
    }
  }
  const onlyCandidate: string[] = [];
  for (const id of b.unique.keys()) if (!a.unique.has(id) && !duplicates.has(id)) onlyCandidate.push(id);
  return {
    baseline: Int32Array.from(basePositions),
    candidate: Int32Array.from(candPositions),
    ids,
    onlyBaseline,
    onlyCandidate,
    duplicateBaseline: a.duplicates,
    duplicateCandidate: b.duplicates,
  };
}
