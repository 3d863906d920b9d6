import type { LogIndex } from '../log/logIndex';
import type { TrialPasses } from './statistics/passAtK';

/** The trials and passes of one sample for one score. */
interface SamplePasses extends TrialPasses {
  sampleId: string | number;
}

/** Per-sample pass counts of one 0/1 score over trials. */
interface ScorePasses {
  scorerKey: string;
  score: string;
  samples: SamplePasses[];
}

/**
 * The pass counts of every 0/1 score over the trials of each top-level sample (docs/semantics.md §12), as the
 * index counted them while reading the samples (log/trialPassTally.ts): the samples are not read again.
 */
export function trialPassCounts(index: LogIndex): ScorePasses[] {
  const set = index.sampleSet();
  const tally = index.trialPasses();
  if (!set || !tally) return [];
  return tally.binaryScores().map((score) => ({
    scorerKey: score.scorerKey,
    score: score.score,
    samples: score.samples.map((s) => ({ sampleId: set.records.sampleIdAt(s.position), trials: s.trials, passes: s.passes })),
  }));
}
