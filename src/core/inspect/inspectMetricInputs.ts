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

/** One summary's metric input; `keys`: the metadata keys the metrics read (metadataKeysRead). */
export function metricInputOf(summary: Record<string, unknown>, keys: ReadonlySet<string>): InspectSampleScores {
  return {
    id: typeof summary.id === 'number' ? summary.id : String(summary.id),
    epoch: epochOf(summary),
    scores: isPlainObject(summary.scores) ? metricScores(summary.scores) : {},
    ...(summary.metadata !== undefined && keys.size ? { metadata: metricMetadata(summary.metadata, keys) } : {}),
  };
}

/** Metric inputs taken from each summary as it was read, with the metadata keys they keep. */
export interface CollectedMetricInputs {
  keys: ReadonlySet<string>;
  inputs: readonly InspectSampleScores[];
}

function sameKeys(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  if (a.size !== b.size) return false;
  for (const key of a) if (!b.has(key)) return false;
  return true;
}

/**
 * Each summary's metric input for the metrics of `results`: those collected while reading when they kept the same
 * metadata keys, else each summary parsed again, one at a time, as the metrics go through them once.
 */
export function* metricInputs(list: InspectSummaryList, results: unknown, collected?: CollectedMetricInputs): Iterable<InspectSampleScores> {
  const keys = metadataKeysRead(results);
  if (collected && collected.inputs.length === list.count && sameKeys(collected.keys, keys)) {
    yield* collected.inputs;
    return;
  }
  for (let i = 0; i < list.count; i++) yield metricInputOf(list.at(i), keys);
}
