import type { SampleShape } from './sampleReading';
import { isBinary, isPass } from './logValue';

/** The trials and passes of one sample for one score. */
export interface SamplePasses {
  /** Position of the sample in its set. */
  position: number;
  trials: number;
  passes: number;
}

/** Per-sample pass counts of one score over trials; `binary` false once a trial value is not 0/1. */
export interface ScorePasses {
  scorerKey: string;
  score: string;
  binary: boolean;
  samples: SamplePasses[];
}

/**
 * The pass counts of every score over the trials of each sample (docs/semantics.md §12), gathered while the samples
 * are read once: n the trials that carry the score, c those whose value is `true` or 1. Samples without trials
 * (legacy) are left out; so is a sample for a score none of its trials carries.
 */
export class TrialPassTally {
  private readonly scores = new Map<string, ScorePasses>();

  /** Counts the trials of one sample. */
  add(shape: SampleShape): void {
    if (shape.trials.length === 0) return;
    let counts: Map<ScorePasses, SamplePasses> | undefined;
    for (const trial of shape.trials) {
      for (const entry of trial.scores) {
        for (const score in entry.values) {
          const value = entry.values[score];
          if (value === null || value === undefined) continue;
          const id = `${entry.scorerKey}\u0000${score}`;
          let passes = this.scores.get(id);
          if (!passes) this.scores.set(id, (passes = { scorerKey: entry.scorerKey, score, binary: true, samples: [] }));
          if (!isBinary(value)) passes.binary = false;
          counts ??= new Map();
          let sample = counts.get(passes);
          if (!sample) counts.set(passes, (sample = { position: shape.position, trials: 0, passes: 0 }));
          sample.trials++;
          if (isPass(value)) sample.passes++;
        }
      }
    }
    if (counts) for (const [passes, sample] of counts) passes.samples.push(sample);
  }

  /** The scores whose trial values are all 0/1, with the samples that carry them, in the order first seen. */
  binaryScores(): ScorePasses[] {
    return [...this.scores.values()].filter((s) => s.binary && s.samples.length > 0);
  }

  /** The pass counts of one 0/1 score, or undefined. */
  score(scorerKey: string, score: string): ScorePasses | undefined {
    const found = this.scores.get(`${scorerKey}\u0000${score}`);
    return found && found.binary && found.samples.length > 0 ? found : undefined;
  }
}
