import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { loadLogIndexSync } from '../../../src/core/log/logLoader';
import type { LogIndex } from '../../../src/core/log/logIndex';
import { pick, seededRandom } from '../randomInput';
import { log, withTrialsConfig } from './logTestHelpers';

/**
 * The index built from bytes (samples located by offsets, indexed from their "lite" copies without
 * `solver` and `direct_ios`) against the index of the whole parsed text, on random logs.
 */

type J = Record<string, unknown>;

/** A random score value: every kind a column can hold, so the column kinds and their order are exercised. */
function randomValue(next: () => number): unknown {
  return pick(next, [true, false, 0, 1, 0.25, 0.75, 'A', 'B', null, { nested: [1, 2] }, 3, -0.5]);
}

/** A random sample: trials or legacy layout, scorers that appear late, errors, data fields, big cut values. */
function randomSample(next: () => number, n: number): J {
  const scorers = ['exact', 'judge', 'format', n > 900 ? 'late' : 'exact'];
  const scoresOf = (): J[] => scorers.filter(() => next() < 0.7).map((key) => ({
    scorer_key: key,
    ...(next() < 0.5 ? { scorer_name: `${key} scorer ${Math.floor(next() * 2)}` } : {}),
    ...(next() < 0.2 ? { scorer_purpose: 'qa' } : {}),
    values: Object.fromEntries(pick(next, [['correct'], ['quality', 'correct'], ['score'], [`v${n % 7}`]]).map((k) => [k, randomValue(next)])),
    direct_ios: next() < 0.5 ? [{ request: { input: 'x'.repeat(Math.floor(next() * 200)) } }] : null,
  }));
  const errors = (): J[] => (next() < 0.05 ? [{ error_type: pick(next, ['TimeoutError', 'ValueError']), message: `failed ${n}`, stage: pick(next, ['solver', 'scorer', 'setup']) }] : []);
  const data = { id: `s${n}`, question: `What is ${n}? ${'ü'.repeat(n % 3)}`, answer: String(n * 2), category: pick(next, ['math', 'geo']) };
  if (next() < 0.1) return { sample_id: n, sample: { data }, solver: { output: `answer ${n}` }, scores: scoresOf(), errors: errors() };
  const trials = Array.from({ length: Math.floor(next() * 4) }, (_, i) => ({
    index: i, sample_id: n, sample: next() < 0.9 ? { data } : {}, solver: { output: `answer ${n}/${i}`, steps: ['a', 'b'] }, scores: scoresOf(), errors: errors(),
  }));
  return { sample_id: next() < 0.95 ? `s${n}` : n, ...(next() < 0.4 ? { scores: scoresOf() } : {}), errors: errors(), trials };
}

function randomLog(seed: number, samples: number): string {
  const next = seededRandom(seed);
  const list = Array.from({ length: samples }, (_, n) => randomSample(next, n));
  const runs = [0, 1].map((index) => ({ index, metrics: [], errors: [], samples: Array.from({ length: samples / 2 }, (_, n) => randomSample(next, n)) }));
  const config = withTrialsConfig({ num_trials: 3, aggregators: [{ function: 'mean', score_name: 'quality' }, { function: 'pass@k', score_name: 'correct', k: 2 }] });
  return JSON.stringify(log({ samples: list, runs, metrics: [] }, config), null, seed % 2 ? 1 : undefined);
}

/** Everything a report shows from the index: the summary, pages of every set, checks and details. */
function views(index: LogIndex): unknown[] {
  const summary = index.getSummary();
  const shown: unknown[] = [summary, index.sampleChecks()];
  const sets = [undefined, ...(summary.runs?.runs.map((r) => r.index) ?? [])];
  for (const runIndex of sets) {
    for (const column of ['sampleId', ...summary.samples.scoreColumns.map((c) => c.id)]) {
      shown.push(index.getPage({ offset: 37, limit: 60, runIndex, sort: { column, direction: 'desc' } }));
    }
    shown.push(index.getPage({ offset: 0, limit: 50, runIndex, errorStage: 'any' }));
    shown.push(index.getPage({ offset: 5, limit: 50, runIndex, scoreFilter: { column: 'exact/correct', value: 'pass' } }));
    shown.push(index.getDetail(Math.min(777, (runIndex === undefined ? summary.samples.count : summary.runs?.runs[runIndex].sampleCount ?? 1) - 1), runIndex));
  }
  return shown;
}

describe('lite indexing on random logs', () => {
  for (const seed of [3, 8, 21, 34]) {
    test(`gives the summary, pages, checks and details of the fully parsed log (seed ${seed})`, () => {
      const text = randomLog(seed, 1200);
      const lite = loadLogIndexSync(Buffer.from(text), { fileName: 'random.tasklog.json' });
      const full = loadLogIndexSync(Buffer.from(text), { fileName: 'random.tasklog.json', mode: 'full' });
      assert.ok(lite.getSummary().errorTotal > 0, 'the random log has errors');
      assert.deepEqual(views(lite), views(full));
    });
  }
});
