/**
 * An Inspect sample's shape made straight from its summaries is what reading the task result log sample built from
 * the same summaries gives (docs/inspect-logs.md): on every example and fixture log, and on random summaries with
 * score values of every JSON type, errors, limits, dictionary scores and reduced values.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { openInspectLog } from '../../../src/core/inspect/openInspectLog';
import { InspectOpenPlan } from '../../../src/core/inspect/inspectLogSource';
import { inspectSampleShape, IndexedParts } from '../../../src/core/inspect/inspectSampleShape';
import { InspectSampleGroup, ReducedValues, sampleEvidence } from '../../../src/core/inspect/inspectSamples';
import { readSample } from '../../../src/core/log/sampleReading';
import { pick, seededRandom } from '../randomInput';
import { repoRoot, sharedFixture } from '../sharedFixtures';

const LOGS = [
  ...['arith-inspect.eval', 'arith-inspect-candidate.eval'].map((name) => path.join(repoRoot, 'examples', 'logs', name)),
  ...fs.readdirSync(sharedFixture('inspect-ai')).filter((name) => name.endsWith('.eval') || name.endsWith('.json')).map((name) => sharedFixture('inspect-ai', name)),
];

describe('an Inspect sample shape made from its summaries', () => {
  for (const file of LOGS) {
    for (const plan of ['report', 'verify'] as InspectOpenPlan[]) {
      test(`${path.basename(file)} (${plan}): each sample's shape is the one read from its task-log sample`, async () => {
        const source = await openInspectLog(file, 1, plan);
        try {
          const set = source.index.sampleSet();
          assert.ok(set, 'the log has samples');
          const { store } = set;
          assert.ok(store.shape, 'the store makes shapes');
          assert.ok(store.count > 0);
          for (let i = 0; i < store.count; i++) {
            assert.deepStrictEqual(store.shape(i), readSample(store.lite(i), i), `sample ${i}`);
            assert.deepStrictEqual(store.shape(i, 3), readSample(store.lite(i), i, 3), `sample ${i} of run 3`);
          }
        } finally {
          source.dispose();
        }
      });
    }
  }

  const VALUES: (() => unknown)[] = [
    () => 'C', () => 'I', () => 'P', () => 'N', () => ' yes ', () => 'maybe', () => '', () => '0.25', () => 3, () => -1.5, () => 0, () => 1,
    () => true, () => false, () => null, () => [1, 'C'], () => ({ nested: { deep: [1] } }), () => Number.NaN,
  ];
  const KEYS = ['a', 'b', 'constructor', 'c'];

  function scoreOf(next: () => number): unknown {
    const kind = next();
    if (kind < 0.2) return pick(next, VALUES)();
    if (kind < 0.4) return { value: Object.fromEntries(KEYS.filter(() => next() < 0.6).map((key) => [key, pick(next, VALUES)()])) };
    const score: Record<string, unknown> = { value: pick(next, VALUES)() };
    if (next() < 0.5) score.answer = 'an answer';
    if (next() < 0.3) score.explanation = null;
    if (next() < 0.3) score.metadata = { why: 'because' };
    return score;
  }

  function summaryOf(next: () => number, id: string | number, epoch: unknown): Record<string, unknown> {
    const summary: Record<string, unknown> = { id };
    if (epoch !== undefined) summary.epoch = epoch;
    summary.input = next() < 0.5 ? 'a question' : [{ role: 'user', content: 'first' }, { role: 'user', content: [{ type: 'text', text: 'second' }] }, 'not a message'];
    if (next() < 0.7) summary.target = next() < 0.5 ? ['x', 2] : 'y';
    if (next() < 0.6) summary.metadata = { input: 'shadowed', topic: pick(next, ['t1', 't2']), n: 4 };
    if (next() < 0.8) {
      const scores: Record<string, unknown> = {};
      for (const scorer of ['match', 'judge', 'includes']) if (next() < 0.6) scores[scorer] = scoreOf(next);
      summary.scores = scores;
    } else if (next() < 0.5) {
      summary.scores = pick(next, [null, 'not scores', [1, 2]]);
    }
    const error = next();
    if (error < 0.1) summary.error = { message: 'it broke', traceback: '…' };
    else if (error < 0.15) summary.error = 'a text error';
    else if (error < 0.2) summary.error = { code: 7 };
    if (next() < 0.15) summary.limit = pick(next, [{ type: 'token', limit: 1000 }, { limit: 5 }, 'not a limit']);
    return summary;
  }

  function reducedOf(next: () => number, ids: (string | number)[]): ReducedValues {
    const reduced = new Map<string, Map<string | number, number>>();
    for (const column of ['match', 'judge/a', 'judge/b', 'match/x', 'includes']) {
      if (next() < 0.3) continue;
      const values = new Map<string | number, number>();
      // Some values keyed by the id's text (read for a number id by its text), some missing.
      for (const id of ids) if (next() < 0.8) values.set(next() < 0.3 ? String(id) : id, Math.round(next() * 100) / 100);
      reduced.set(column, values);
    }
    return reduced;
  }

  test('random summaries: the shape made from them is the one read from the sample built from them', () => {
    const next = seededRandom(41);
    for (let round = 0; round < 300; round++) {
      const ids = [1, 2, 'three', '4', 5.5];
      const reduced = reducedOf(next, ids);
      const id = pick(next, ids);
      const epochs = Math.floor(next() * 4);
      const group: InspectSampleGroup = { id, epochs: Array.from({ length: epochs }, (_, e) => summaryOf(next, id, pick(next, [e + 1, undefined, 'two', 2.5]))) };
      const parts: IndexedParts = next() < 0.5 ? 'index' : 'scores';
      const position = Math.floor(next() * 10);
      const runIndex = next() < 0.3 ? 2 : undefined;
      const expected = readSample(sampleEvidence(group, reduced, undefined, parts), position, runIndex);
      assert.deepStrictEqual(inspectSampleShape(group, reduced, parts, position, runIndex), expected, `round ${round}: ${JSON.stringify(group)}`);
    }
  });
});
