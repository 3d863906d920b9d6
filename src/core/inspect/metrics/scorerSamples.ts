/**
 * Every sample's scores grouped by scorer and sample id (as Inspect groups them: by the id's text), then reduced
 * over the epochs and read as the numbers a metric of one `EvalScore` sees (docs/inspect-logs.md).
 */
import { inspectMetricStrings } from '../../l10n/inspectMetricStrings';
import { InspectScore, asInspectScore, isDictionary, isUnscored, quoteValue, valueToFloat } from './inspectValue';
import { ReducedScore, reduceEpochs } from './epochReduction';
import type { MetricInput } from './inspectMetricFunctions';
import type { StoredEvalScore } from './storedEvalScores';

/** One sample and epoch's scores, as the report reads them (summaries or samples). */
export interface SampleScoresInput {
  id: string | number;
  epoch: number;
  scores: Record<string, unknown>;
  metadata?: unknown;
}

/** One sample's scores from one scorer over its epochs: the first one's, then any later ones (most have none). */
interface ScorerSample {
  id: string | number;
  metadata?: unknown;
  first: InspectScore;
  more?: InspectScore[];
}

/**
 * The key of an id's text, by which Inspect groups samples: the text of a number is keyed by the number (no text
 * is built for a number id), any other text by itself. Two ids get one key exactly when their texts are the same.
 */
function textKey(id: string | number): string | number {
  if (typeof id === 'number') return id;
  const number = Number(id);
  return String(number) === id ? number : id;
}

/** One sample's score after epoch reduction (or one epoch's, when reduction is off). */
export interface ReducedSample {
  id: string | number;
  metadata?: unknown;
  score: ReducedScore;
}

/** What the metrics of one EvalScore see: the sample values, how many were unscored, or the first problem. */
export interface MetricValues {
  inputs: MetricInput[];
  unscored: number;
  problem?: string;
}

export class ScorerSamples {
  private readonly byScorer = new Map<string, Map<string | number, ScorerSample>>();
  private readonly reduced = new Map<string, ReducedSample[]>();
  /** The metric values of each EvalScore read so far (the metrics and the table's values read the same ones). */
  readonly metricValues = new Map<string, MetricValues>();

  constructor(samples: Iterable<SampleScoresInput>, private readonly reduce = true) {
    for (const sample of samples) this.add(sample);
  }

  /** The scorer names seen in any sample, in the order first seen. */
  scorers(): string[] {
    return [...this.byScorer.keys()];
  }

  private add(sample: SampleScoresInput): void {
    if (!isDictionary(sample) || !isDictionary(sample.scores)) return;
    const id = typeof sample.id === 'number' || typeof sample.id === 'string' ? sample.id : quoteValue(sample.id);
    const scores = sample.scores;
    // Own keys, as Object.entries gives them, without a pair made for each.
    for (const scorer in scores) {
      if (!Object.prototype.hasOwnProperty.call(scores, scorer)) continue;
      const score = asInspectScore(scores[scorer]);
      if (!score) continue;
      let samples = this.byScorer.get(scorer);
      if (!samples) this.byScorer.set(scorer, (samples = new Map()));
      const key = this.reduce ? textKey(id) : `${String(id)}\u0000${samples.size}`;
      // A later epoch starts a list of one (where an empty list's first push would reserve many slots).
      const entry = samples.get(key);
      if (!entry) samples.set(key, { id, metadata: sample.metadata, first: score });
      else if (entry.more) entry.more.push(score);
      else entry.more = [score];
    }
  }

  /** The scorer's per-sample scores reduced by `reducer` (Inspect's default when undefined), worked out once. */
  reducedScores(scorer: string, reducer: string | undefined): ReducedSample[] {
    const cacheKey = `${scorer}\u0000${reducer ?? ''}`;
    let found = this.reduced.get(cacheKey);
    if (found) return found;
    found = [];
    for (const sample of this.byScorer.get(scorer)?.values() ?? []) {
      const score = this.reduce ? reduceEpochs(sample.more ? [sample.first, ...sample.more] : [sample.first], reducer) : sample.first;
      found.push({ id: sample.id, metadata: sample.metadata, score });
    }
    this.reduced.set(cacheKey, found);
    return found;
  }
}

/** Whether an EvalScore reads one key of dictionary values (rather than the whole value of its scorer). */
function readsKey(evalScore: StoredEvalScore, value: unknown): boolean {
  if (evalScore.name !== evalScore.scorer) return true;
  return isDictionary(value) && Object.prototype.hasOwnProperty.call(value, evalScore.name);
}

/** The value of one reduced sample as the EvalScore's metrics read it: a number, unscored, or a problem. */
function metricValue(evalScore: StoredEvalScore, sample: ReducedSample): { value: number } | { problem: string } | 'unscored' {
  if (sample.score.problem !== undefined) return { problem: sample.score.problem };
  let value = sample.score.value;
  if (isUnscored(value)) return 'unscored';
  if (readsKey(evalScore, value)) {
    if (!isDictionary(value) || !Object.prototype.hasOwnProperty.call(value, evalScore.name)) {
      return { problem: inspectMetricStrings.missingKey(quoteValue(sample.id), evalScore.name) };
    }
    value = value[evalScore.name];
    if (isUnscored(value)) return 'unscored';
  }
  return valueToFloat(value);
}

/** The per-sample values the metrics of `evalScore` were computed from, worked out once per EvalScore (not to be changed). */
export function metricValues(samples: ScorerSamples, evalScore: StoredEvalScore): MetricValues {
  const cacheKey = `${evalScore.name}\u0000${evalScore.scorer}\u0000${evalScore.reducer ?? ''}`;
  let result = samples.metricValues.get(cacheKey);
  if (!result) samples.metricValues.set(cacheKey, (result = readMetricValues(samples, evalScore)));
  return result;
}

function readMetricValues(samples: ScorerSamples, evalScore: StoredEvalScore): MetricValues {
  const result: MetricValues = { inputs: [], unscored: 0 };
  for (const sample of samples.reducedScores(evalScore.scorer, evalScore.reducer)) {
    const reading = metricValue(evalScore, sample);
    if (reading === 'unscored') {
      result.unscored++;
    } else if ('problem' in reading) {
      result.problem ??= inspectMetricStrings.sampleValueProblem(quoteValue(sample.id), reading.problem);
    } else {
      result.inputs.push({ sampleId: sample.id, value: reading.value, metadata: sample.metadata });
    }
  }
  return result;
}
