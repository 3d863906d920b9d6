import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { SampleShape, TrialShape } from '../../../src/core/log/sampleReading';
import type { ScoresEntry } from '../../../src/core/log/trialAggregation';
import type { JsonRecord } from '../../../src/core/log/logValue';
import { samplePassCounts, TrialPassTally } from '../../../src/core/log/trialPassTally';
import { seededRandom } from '../randomInput';

function trial(index: number, scores: [string, JsonRecord][]): TrialShape {
  const entries: ScoresEntry[] = scores.map(([scorerKey, values]) => ({ scorerKey, purpose: 'score', values }));
  return { index, data: undefined, hasData: false, solver: undefined, scores: entries, errors: [] };
}

function sample(position: number, trials: TrialShape[]): SampleShape {
  return { position, sampleId: position, layout: 'trials', data: undefined, dataSource: 'none', solver: undefined, hasSolver: false, trials, errors: [], hasTrials: true } as SampleShape;
}

describe('pass counts over trials', () => {
  test('scores listed in another order, or under two scorers by one name, are each counted as their own', () => {
    const tally = new TrialPassTally();
    tally.add(sample(0, [
      trial(0, [['exact', { ok: 1, len: 3 }], ['judge', { ok: true }]]),
      trial(1, [['judge', { ok: false }], ['exact', { len: 4, ok: 0 }]]),
      trial(2, [['exact', { ok: null, len: 5 }], ['judge', { ok: 1 }]]),
    ]));
    tally.add(sample(1, [
      trial(0, [['judge', { ok: 1 }]]),
      trial(1, [['exact', { ok: 1 }], ['judge', { ok: 1 }]]),
    ]));
    const counts = (scorer: string, score: string): unknown => tally.score(scorer, score)?.samples.map(({ position, trials, passes }) => [position, trials, passes]);
    assert.deepEqual(counts('exact', 'ok'), [[0, 2, 1], [1, 1, 1]], 'the null trial is left out');
    assert.deepEqual(counts('judge', 'ok'), [[0, 3, 2], [1, 2, 2]]);
    assert.equal(tally.score('exact', 'len'), undefined, 'not a 0/1 score');
    assert.deepEqual(tally.binaryScores().map((s) => `${s.scorerKey}.${s.score}`), ['exact.ok', 'judge.ok']);
  });

  test('one sample counted alone: the same counts as the tally makes of it, in the same order', () => {
    const next = seededRandom(7);
    const random = (n: number): number => Math.floor(next() * n);
    const values: unknown[] = [0, 1, true, false, null, undefined, 0.5, 2, 'yes'];
    for (let round = 0; round < 300; round++) {
      const trials = Array.from({ length: random(5) }, (_, t) => trial(t, Array.from({ length: random(4) }, (): [string, JsonRecord] => {
        const scores: JsonRecord = {};
        for (let k = random(4); k > 0; k--) scores[['ok', 'len', 'pass'][random(3)]] = values[random(values.length)] as JsonRecord[string];
        return [['exact', 'judge'][random(2)], scores];
      })));
      const shape = sample(0, trials);
      const tally = new TrialPassTally();
      tally.add(shape);
      const expected = tally.binaryScores().map((s) => [s.scorerKey, s.score, s.samples[0].trials, s.samples[0].passes]);
      const alone = samplePassCounts(shape).filter((c) => c.binary).map((c) => [c.scorerKey, c.score, c.trials, c.passes]);
      assert.deepEqual(alone, expected, `round ${round}: ${JSON.stringify(trials.map((t) => t.scores))}`);
    }
  });
});
