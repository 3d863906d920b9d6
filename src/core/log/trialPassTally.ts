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
  /** Scorer key → score → its counts (no key is built per value). */
  private readonly byScorer = new Map<string, Map<string, ScorePasses>>();
  /** The scores in the order first seen. */
  private readonly order: ScorePasses[] = [];

  /**
   * The counts met at each place of a trial's scores in the trial before: trials and samples list their scores in
   * the same order, so the counts are found without a lookup per value.
   */
  private readonly recent: ScorePasses[] = [];

  /** Counts the trials of one sample: its counts are the last entry of each score's list while it is read. */
  add(shape: SampleShape): void {
    const position = shape.position;
    const recent = this.recent;
    for (const trial of shape.trials) {
      let slot = 0;
      for (const entry of trial.scores) {
        const scorerKey = entry.scorerKey;
        const values = entry.values;
        for (const score in values) {
          const value = values[score];
          if (value === null || value === undefined) continue;
          let passes = recent[slot];
          if (passes === undefined || passes.score !== score || passes.scorerKey !== scorerKey) recent[slot] = passes = this.passesOf(scorerKey, score);
          slot++;
          if (!isBinary(value)) passes.binary = false;
          const list = passes.samples;
          let sample = list[list.length - 1];
          if (sample === undefined || sample.position !== position) list.push((sample = { position, trials: 0, passes: 0 }));
          sample.trials++;
          if (isPass(value)) sample.passes++;
        }
      }
    }
  }

  /** The counts of one score, made when first seen. */
  private passesOf(scorerKey: string, score: string): ScorePasses {
    let scores = this.byScorer.get(scorerKey);
    if (!scores) this.byScorer.set(scorerKey, (scores = new Map()));
    let passes = scores.get(score);
    if (!passes) {
      passes = { scorerKey, score, binary: true, samples: [] };
      scores.set(score, passes);
      this.order.push(passes);
    }
    return passes;
  }

  /** The scores whose trial values are all 0/1, with the samples that carry them, in the order first seen. */
  binaryScores(): ScorePasses[] {
    return this.order.filter((s) => s.binary && s.samples.length > 0);
  }

  /** The pass counts of one 0/1 score, or undefined. */
  score(scorerKey: string, score: string): ScorePasses | undefined {
    const found = this.byScorer.get(scorerKey)?.get(score);
    return found && found.binary && found.samples.length > 0 ? found : undefined;
  }
}

/** One score's trials and passes in one sample; `binary` false once a trial value is not 0/1. */
export interface OneSamplePasses {
  scorerKey: string;
  score: string;
  binary: boolean;
  trials: number;
  passes: number;
}

/**
 * The counts `TrialPassTally.add` makes of one sample, per score in the order first seen, without the tally's tables:
 * what a sample's detail needs (a sample lists a few scores, looked up among themselves).
 */
export function samplePassCounts(shape: SampleShape): OneSamplePasses[] {
  const counts: OneSamplePasses[] = [];
  const { trials } = shape;
  for (let t = 0; t < trials.length; t++) {
    const { scores } = trials[t];
    for (let s = 0; s < scores.length; s++) {
      const { scorerKey, values } = scores[s];
      for (const score in values) {
        const value = values[score];
        if (value === null || value === undefined) continue;
        let count: OneSamplePasses | undefined;
        for (let c = 0; c < counts.length && !count; c++) if (counts[c].score === score && counts[c].scorerKey === scorerKey) count = counts[c];
        if (!count) counts.push((count = { scorerKey, score, binary: true, trials: 0, passes: 0 }));
        count.trials++;
        if (!isBinary(value)) count.binary = false;
        if (isPass(value)) count.passes++;
      }
    }
  }
  return counts;
}
