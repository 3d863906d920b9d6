/**
 * What comparing reads of each sample of a log, columnar (src/core/compare/comparableSamples.ts, sampleIds.ts,
 * dataFingerprints.ts): the shapes the compare loading worker posts and the comparison reads.
 */

/** Every sample id as text, one after another; id i lies between ends[i − 1] (0 for the first) and ends[i]. */
export interface SampleIds {
  text: string;
  ends: Int32Array;
}

/** One score column: each sample's value as a number (NaN unless it is one) and its state. */
export interface ScoreColumnValues {
  values: Float64Array;
  states: Uint8Array;
}

export interface ComparableSamples {
  ids: SampleIds;
  /** Score column id → its values (a column absent here has no value in any sample). */
  columns: Map<string, ScoreColumnValues>;
  /** Every trial's outcome (OUTCOME_CODES), sample after sample; sample i's lie before trialEnds[i]. */
  outcomes: Uint8Array;
  trialEnds: Int32Array;
}

/** The hash of each sample's data in log order, `width` bytes each, in one array (no string per sample). */
export interface DataFingerprints {
  count: number;
  width: number;
  bytes: Uint8Array;
}

