import type { SampleDetail, ScoreDetail, TrialDetail } from '../model/logViewTypes';
import type { AggregatorSpec } from './trialsConfig';
import type { EffectiveScorer } from './effectiveScores';
import type { ScoresEntry } from './trialAggregation';
import { logStrings } from '../l10n/logStrings';
import { effectiveScores } from './effectiveScores';
import { outputViewOf } from './outputView';
import { readSample } from './sampleReading';
import { passRates } from './sampleRecords';
import { sampleTarget } from './sampleTarget';
import { samplePassCurves } from './metricStatistics';
import { boundDepth } from '../json/depthGuard';

export interface DetailContext {
  generation: number;
  aggregators: readonly AggregatorSpec[];
  primaryScore?: string;
  passK: number;
}

function entryToDetail(entry: ScoresEntry): ScoreDetail {
  const detail: ScoreDetail = { scorerKey: entry.scorerKey, purpose: entry.purpose, values: entry.values };
  if (entry.scorerName !== undefined) detail.scorerName = entry.scorerName;
  if (entry.metadata !== undefined) detail.metadata = entry.metadata;
  if (entry.directIos !== undefined) detail.directIos = entry.directIos;
  return detail;
}

function effectiveToDetail(scorer: EffectiveScorer): ScoreDetail {
  const detail: ScoreDetail = { scorerKey: scorer.scorerKey, purpose: scorer.purpose, values: scorer.values };
  if (scorer.scorerName !== undefined) detail.scorerName = scorer.scorerName;
  if (scorer.metadata !== undefined) detail.metadata = scorer.metadata;
  if (scorer.directIos !== undefined) detail.directIos = scorer.directIos;
  if (scorer.verification) detail.verification = scorer.verification;
  if (scorer.derived) detail.derived = true;
  if (scorer.collisions) {
    detail.collisions = {};
    for (const [key, list] of Object.entries(scorer.collisions)) {
      detail.collisions[key] = list.map((c) => ({ function: c.function, label: c.label, value: c.value, ...(c.k !== undefined ? { k: c.k } : {}) }));
    }
  }
  return detail;
}

/** Builds the detail of one complete sample. */
export function buildSampleDetail(raw: unknown, position: number, runIndex: number | undefined, context: DetailContext): SampleDetail {
  // A value nested deeper than the limit is shown collapsed ("nested too deep to show").
  const shape = readSample(boundDepth(raw), position, runIndex);
  const notes: string[] = [];
  let trials: TrialDetail[];
  if (shape.layout === 'legacy') {
    notes.push(logStrings.legacyPseudoTrial);
    trials = [{
      index: 0,
      data: shape.data,
      output: outputViewOf(shape.solver, shape.hasSolver),
      scores: (shape.scores ?? []).map(entryToDetail),
      errors: [],
    }];
  } else {
    if (shape.trials.length === 0) notes.push(logStrings.noTrials);
    trials = shape.trials.map((trial) => {
      const detail: TrialDetail = { index: trial.index, output: outputViewOf(trial.solver, true), scores: trial.scores.map(entryToDetail), errors: trial.errors };
      if (trial.hasData) detail.data = trial.data;
      return detail;
    });
  }
  // The normal trial layout keeps the data in the trials and the scores per trial: nothing to explain there.
  if (shape.dataSource === 'none') notes.push(logStrings.noSampleData);
  const scorers = effectiveScores(shape, context.aggregators);
  if (scorers.length === 0) notes.push(logStrings.noScores);
  if (shape.trials.some((t) => t.errors.length > 0) && shape.trials.length > 1) notes.push(logStrings.trialErrorsExcluded);
  const detail: SampleDetail = {
    generation: context.generation,
    index: position,
    sampleId: shape.sampleId,
    layout: shape.layout,
    data: shape.data,
    trials,
    scores: scorers.map(effectiveToDetail),
    errors: [...shape.errors, ...shape.trials.flatMap((t) => t.errors)],
    notes,
    ...(shape.layout === 'trials' ? passRates(shape.trials, context.primaryScore, context.passK) : {}),
  };
  const curves = samplePassCurves(shape);
  if (curves.length) detail.curves = curves;
  const target = sampleTarget(shape.data);
  if (target) detail.target = target;
  if (runIndex !== undefined) detail.runIndex = runIndex;
  return detail;
}
