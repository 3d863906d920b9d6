/**
 * An Inspect sample's shape for indexing, made straight from its epochs' summaries: what readSample
 * (src/core/log/sampleReading.ts) reads from the task result log sample that sampleEvidence builds (inspectSamples.ts),
 * without building that sample first. Only indexing reads it; a detail still builds the sample (it shows more of it).
 */
import type { ErrorWhere } from '../model/logViewTypes';
import type { SampleShape, TrialShape } from '../log/sampleReading';
import type { ScoresEntry } from '../log/trialAggregation';
import { readErrors } from '../log/errorCollection';
import { isPlainObject } from '../json/objectValues';
import { epochOf } from './inspectSummaryList';
import { InspectSampleGroup, ReducedValues, errorsOf, reducedScoreEntries, sampleData, scoreValues } from './inspectSamples';

/** What indexing reads of each epoch: the score values and errors, with the data (`index`) or without (`scores`). */
export type IndexedParts = 'index' | 'scores';

/** One epoch's scores, each as a score entry with its values only (as trialOf writes them below `detail`). */
function trialScores(summary: Record<string, unknown>): ScoresEntry[] {
  const scores: ScoresEntry[] = [];
  const sampleScores = summary.scores;
  if (!isPlainObject(sampleScores)) return scores;
  // Own keys, as Object.entries gives them, without a pair made for each.
  for (const scorer in sampleScores) {
    if (Object.prototype.hasOwnProperty.call(sampleScores, scorer)) scores.push({ scorerKey: scorer, purpose: 'score', values: scoreValues(scorer, sampleScores[scorer]), scorerName: scorer });
  }
  return scores;
}

/** One epoch as a trial: Inspect counts epochs from 1, a trial's index from 0 (trialOf in inspectSamples.ts). */
function trialShape(summary: Record<string, unknown>, parts: IndexedParts, where: ErrorWhere): TrialShape {
  const index = epochOf(summary) - 1;
  const withData = parts === 'index';
  const errors = errorsOf(summary);
  return {
    index,
    data: withData ? sampleData(summary) : undefined,
    hasData: withData,
    solver: undefined,
    scores: trialScores(summary),
    errors: errors.length ? readErrors(errors, { ...where, level: 'trial', trialIndex: index }) : [],
  };
}

/** The shape of one sample id at `position` (of run `runIndex`), as readSample would read sampleEvidence's sample. */
export function inspectSampleShape(group: InspectSampleGroup, reduced: ReducedValues, parts: IndexedParts, position: number, runIndex?: number): SampleShape {
  const sampleId = group.id;
  const where: ErrorWhere = { level: 'sample', sampleIndex: position, sampleId, ...(runIndex !== undefined ? { runIndex } : {}) };
  const trials = group.epochs.map((summary) => trialShape(summary, parts, where));
  const scores: ScoresEntry[] | undefined = reducedScoreEntries(group, reduced);
  const first = trials.length && trials[0].hasData ? trials[0] : undefined;
  return {
    position,
    sampleId,
    // A sample whose only part is its sample-level scores is of the legacy layout (readSample).
    layout: trials.length === 0 && scores !== undefined ? 'legacy' : 'trials',
    data: first?.data,
    dataSource: first ? 'trial' : 'none',
    solver: undefined,
    hasSolver: false,
    scores,
    trials,
    errors: [],
    hasTrials: true,
  };
}
