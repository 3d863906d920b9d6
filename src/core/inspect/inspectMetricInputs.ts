/**
 * What the verified metrics read of each sample summary: its id, epoch, each score's value and metadata, and the
 * metadata keys the stored metrics read. An archive's reader takes these from each summary as it parses it, so the
 * metrics never parse the summaries again; a list read otherwise gives them by parsing each summary once more.
 */
import { isPlainObject, setOwn } from '../json/objectValues';
import { InspectSampleScores, metadataKeysRead } from './metrics/verifyInspectMetrics';
import { InspectSummaryList, epochOf } from './inspectSummaryList';

/**
 * A score as the metrics read it: its `value` and `metadata` (what epoch reduction carries over), without the
 * answer and explanation texts, which the metrics never read and which would otherwise be held for every sample.
 */
function metricScores(scores: Record<string, unknown>): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [scorer, score] of Object.entries(scores)) {
    const slim = isPlainObject(score) && Object.prototype.hasOwnProperty.call(score, 'value');
    setOwn(kept, scorer, !slim ? score : score.metadata === undefined ? { value: score.value } : { value: score.value, metadata: score.metadata });
  }
  return kept;
}

/** Of a sample's metadata, the keys the metrics read (`keys`); other values are passed as they are. */
function metricMetadata(metadata: unknown, keys: ReadonlySet<string>): unknown {
  if (!isPlainObject(metadata)) return metadata;
  const kept: Record<string, unknown> = {};
  for (const key of keys) if (Object.prototype.hasOwnProperty.call(metadata, key)) setOwn(kept, key, metadata[key]);
  return kept;
}

/**
 * One summary's metric input; `keys`: the metadata keys the metrics read (metadataKeysRead). `held`: the summary
 * stays held anyway, so its scores and metadata are given as they are (the metrics read the same members of them)
 * instead of copies that leave the rest out.
 */
export function metricInputOf(summary: Record<string, unknown>, keys: ReadonlySet<string>, held = false): InspectSampleScores {
  const scores = isPlainObject(summary.scores) ? (held ? summary.scores : metricScores(summary.scores)) : {};
  const input: InspectSampleScores = { id: typeof summary.id === 'number' ? summary.id : String(summary.id), epoch: epochOf(summary), scores };
  if (summary.metadata !== undefined && keys.size) input.metadata = held ? summary.metadata : metricMetadata(summary.metadata, keys);
  return input;
}

/** A summary's input whose id or metadata the list does not give: held whole. */
class WholeInput {
  constructor(readonly input: InspectSampleScores) {}
}

/**
 * What is held of one summary for the metrics: its slim scores when the list's id and epoch give the rest (one
 * object shared by every summary whose scores are alike), else its whole input.
 */
export type HeldMetricInput = Record<string, unknown> | WholeInput;

/** Scores whose values are short text, numbers, booleans or null, without metadata: shared between summaries. */
const MAX_SHARED_KEY_CHARS = 256;
const MAX_SHARED_SCORES = 4096;

function isShareableValue(value: unknown): boolean {
  if (value === null || typeof value === 'boolean') return true;
  if (typeof value === 'number') return !Object.is(value, -0);
  return typeof value === 'string' && value.length <= MAX_SHARED_KEY_CHARS;
}

/** The text that tells alike slim scores apart (names in order and values), or undefined when they are not shared. */
function sharingKey(scores: Record<string, unknown>): string | undefined {
  for (const score of Object.values(scores)) {
    if (!isPlainObject(score) || score.metadata !== undefined || !isShareableValue(score.value)) return undefined;
  }
  const key = JSON.stringify(scores);
  return key.length <= MAX_SHARED_KEY_CHARS ? key : undefined;
}

/**
 * Takes each summary's metric input as the summary is read (PackedSummaryList's `readAlong`), holding as little
 * as it can: most summaries of a log have one of a few score values, so their slim scores are one shared object.
 * The metrics only read these objects, never change them.
 */
export class MetricInputReader {
  private readonly shared = new Map<string, Record<string, unknown>>();

  /** `keys`: the metadata keys the metrics read (metadataKeysRead of the header's results). */
  constructor(readonly keys: ReadonlySet<string>) {}

  hold(summary: Record<string, unknown>): HeldMetricInput {
    const plainId = typeof summary.id === 'number' || typeof summary.id === 'string';
    if (!plainId || (summary.metadata !== undefined && this.keys.size)) return new WholeInput(metricInputOf(summary, this.keys));
    const scores = isPlainObject(summary.scores) ? metricScores(summary.scores) : {};
    const key = sharingKey(scores);
    if (key === undefined) return scores;
    const found = this.shared.get(key);
    if (found) return found;
    if (this.shared.size < MAX_SHARED_SCORES) this.shared.set(key, scores);
    return scores;
  }
}

/** Metric inputs held from each summary as it was read, with the metadata keys they keep. */
export interface CollectedMetricInputs {
  keys: ReadonlySet<string>;
  held: readonly HeldMetricInput[];
}

function sameKeys(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  if (a.size !== b.size) return false;
  for (const key of a) if (!b.has(key)) return false;
  return true;
}

/**
 * Each summary's metric input for the metrics of `results`: those held while reading when they kept the same
 * metadata keys, else each summary read again (parsed again, one at a time, unless the list holds it parsed) as the
 * metrics go through them once.
 */
export function* metricInputs(list: InspectSummaryList, results: unknown, collected?: CollectedMetricInputs): Iterable<InspectSampleScores> {
  const keys = metadataKeysRead(results);
  if (collected && collected.held.length === list.count && sameKeys(collected.keys, keys)) {
    for (let i = 0; i < list.count; i++) {
      const held = collected.held[i];
      yield held instanceof WholeInput ? held.input : { id: list.idAt(i)!, epoch: list.epochAt(i), scores: held };
    }
    return;
  }
  for (let i = 0; i < list.count; i++) yield metricInputOf(list.at(i), keys, list.holdsParsed);
}
