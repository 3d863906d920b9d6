/** The scores that stand for a sample: sample-level where present, verified against its trials, else the trials' (docs/semantics.md §8). */
import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import { effectiveScores } from '../../../src/core/log/effectiveScores';
import { readSample } from '../../../src/core/log/sampleReading';
import { scores } from './logTestHelpers';

/** A sample with `count` scorers in each of two trials; the even ones also have a sample-level value (the odd-numbered of those wrong). */
function sampleWith(count: number): unknown {
  const keys = Array.from({ length: count }, (_, k) => `scorer${k}`);
  const trial = (index: number) => ({ index, scores: keys.map((key, k) => scores(key, { v: (k + index) % 2 })), errors: [] });
  return {
    sample_id: 'one',
    trials: [trial(0), trial(1)],
    scores: keys.filter((_, k) => k % 2 === 0).map((key, k) => scores(key, { v: k % 2 ? 1 : 0.5 })),
    errors: [],
  };
}

test('with few scorers or many, each sample-level value is verified against its own scorer\'s trials and the rest are derived', () => {
  for (const count of [3, 12, 40]) {
    const result = effectiveScores(readSample(sampleWith(count), 0), []);
    const sampleLevel = result.filter((s) => !s.derived);
    const derived = result.filter((s) => s.derived);
    assert.deepEqual(sampleLevel.map((s) => s.scorerKey), Array.from({ length: Math.ceil(count / 2) }, (_, k) => `scorer${2 * k}`), `count ${count}`);
    assert.deepEqual(sampleLevel.map((s) => s.verification?.v.verdict), sampleLevel.map((_, k) => (k % 2 ? 'mismatch' : 'match')), `count ${count}`);
    assert.deepEqual(derived.map((s) => [s.scorerKey, s.values.v]), Array.from({ length: Math.floor(count / 2) }, (_, k) => [`scorer${2 * k + 1}`, 0.5]), `count ${count}`);
    assert.deepEqual(result.map((s) => s.derived), [...sampleLevel.map(() => false), ...derived.map(() => true)], 'sample-level first, then derived');
  }
});
