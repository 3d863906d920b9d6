import type { SampleStore } from '../log/sampleReading';
import { readSample } from '../log/sampleReading';
import { isBinary, isPass } from '../log/logValue';
import type { TrialPasses } from './statistics/passAtK';

/** The trials and passes of one sample for one score. */
interface SamplePasses extends TrialPasses {
  sampleId: string | number;
}

/** Per-sample pass counts of one score over trials; `binary` false once a trial value is not 0/1. */
interface ScorePasses {
  scorerKey: string;
  score: string;
  binary: boolean;
  samples: SamplePasses[];
}

/**
 * The pass counts of every score over the trials of each sample (docs/semantics.md §12): n the trials that carry
 * the score, c those whose value is `true` or 1. Samples without trials (legacy) are left out; so is a
 * sample for a score none of its trials carries. Only scores whose trial values are all 0/1 are returned.
 */
export function trialPassCounts(store: SampleStore, count: number): ScorePasses[] {
  const scores = new Map<string, ScorePasses>();
  for (let position = 0; position < count; position++) {
    const shape = readSample(store.lite(position), position);
    if (shape.trials.length === 0) continue;
    const counts = new Map<ScorePasses, TrialPasses>();
    for (const trial of shape.trials) {
      for (const entry of trial.scores) {
        for (const [score, value] of Object.entries(entry.values)) {
          if (value === null || value === undefined) continue;
          const id = `${entry.scorerKey}\u0000${score}`;
          let passes = scores.get(id);
          if (!passes) scores.set(id, (passes = { scorerKey: entry.scorerKey, score, binary: true, samples: [] }));
          if (!isBinary(value)) passes.binary = false;
          const sample = counts.get(passes) ?? { trials: 0, passes: 0 };
          sample.trials++;
          if (isPass(value)) sample.passes++;
          counts.set(passes, sample);
        }
      }
    }
    for (const [passes, sample] of counts) passes.samples.push({ sampleId: shape.sampleId, ...sample });
  }
  return [...scores.values()].filter((s) => s.binary && s.samples.length > 0);
}
