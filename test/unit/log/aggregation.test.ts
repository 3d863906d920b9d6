import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { aggregateTrials, computeAggregate, ScoresEntry } from '../../../src/core/log/trialAggregation';
import { readTrialsSettings } from '../../../src/core/log/trialsConfig';
import { index, log, trial, withTrialsConfig } from './logTestHelpers';
import { pick, seededRandom } from '../randomInput';

const entry = (values: Record<string, unknown>, scorerKey = 'judge'): ScoresEntry[] => [{ scorerKey, purpose: 'score', values }];

describe('trial aggregation', () => {
  test('the five aggregators', () => {
    const values = [true, false, true, true];
    assert.equal(computeAggregate('mean', values), 0.75);
    assert.equal(computeAggregate('min', [0.2, 0.9, 0.5]), 0.2);
    assert.equal(computeAggregate('max', [0.2, 0.9, 0.5]), 0.9);
    assert.equal(computeAggregate('pass@k', values, 2), 1 - Math.pow(0.25, 2));
    assert.equal(computeAggregate('pass^k', values, 2), Math.pow(0.75, 2));
    // p counts only true or 1.
    assert.ok(Math.abs((computeAggregate('pass@k', [1, 0.9, 0], 1) ?? 0) - 1 / 3) < 1e-12);
    assert.equal(computeAggregate('mean', ['a', 'b']), undefined);
    assert.equal(computeAggregate('median', [1, 2]), undefined);
  });

  test('defaults: numeric and boolean scores by mean, other types not aggregated', () => {
    const result = aggregateTrials([entry({ n: 1, b: true, s: 'x' }), entry({ n: 3, b: false, s: 'y' })], []);
    assert.equal(result.length, 1);
    assert.deepEqual([...result[0].values.keys()].sort(), ['b', 'n']);
    assert.equal(result[0].values.get('n')?.[0].value, 2);
    assert.equal(result[0].values.get('b')?.[0].value, 0.5);
  });

  test('score_name targets the aggregated value; without it the score keeps its name', () => {
    const settings = readTrialsSettings(withTrialsConfig({
      num_trials: 2,
      score_aggregators: [
        { score_name: 'ok', aggregator: { function: 'pass@k', k: 2, score_name: 'ok_pass2' } },
        { score_name: 'ok', aggregator: { function: 'min' } },
      ],
    }));
    assert.equal(settings.numTrials, 2);
    assert.deepEqual(settings.aggregators.map((a) => [a.targetName, a.collides ?? false]), [['ok_pass2', false], ['ok', false]]);
    const result = aggregateTrials([entry({ ok: true }), entry({ ok: false })], settings.aggregators);
    assert.equal(result[0].values.get('ok_pass2')?.[0].value, 1 - 0.25);
    assert.equal(result[0].values.get('ok')?.[0].value, 0);
    assert.equal(result[0].values.get('ok')?.length, 1);
  });

  test('two unnamed aggregators of one score collide: both values are kept and shown', async () => {
    const config = withTrialsConfig({
      num_trials: 2,
      score_aggregators: [
        { score_name: 'ok', aggregator: { function: 'mean' } },
        { score_name: 'ok', aggregator: { function: 'max' } },
      ],
    });
    const settings = readTrialsSettings(config);
    assert.ok(settings.aggregators.every((a) => a.collides === true));
    const idx = index(log({ metrics: [{ metric_key: 'ok', metric_type: 'mean', scorer_key: 'judge', values: { ok: 1 } }], samples: [{ sample_id: 1, errors: [], trials: [trial(0, { ok: 1 }), trial(1, { ok: 0 })] }] }, config));
    const summary = await idx.summary();
    assert.deepEqual(summary.trials?.aggregators.map((a) => a.collides), [true, true]);
    const ids = summary.samples.scoreColumns.map((c) => c.id);
    assert.ok(ids.includes('judge/ok [mean]') && ids.includes('judge/ok [max]'), ids.join());
    const row = (await idx.page({ offset: 0, limit: 1 })).rows[0];
    assert.equal(row.scores['judge/ok [mean]'], 0.5);
    assert.equal(row.scores['judge/ok [max]'], 1);
    const detail = await idx.detail(0);
    assert.deepEqual(detail.scores[0].collisions?.ok.map((c) => [c.function, c.value]), [['mean', 0.5], ['max', 1]]);
    // The metric (mean over samples of "ok") matches the max aggregation, not the mean one.
    const verification = summary.metrics?.[0].metrics[0].values[0].verification;
    assert.equal(verification?.verdict, 'match');
    assert.match(verification?.reason ?? '', /max/);
  });

  test('trials without a value are left out; pass@k/pass^k per sample use the primary binary score', async () => {
    const config = withTrialsConfig({ num_trials: 3, score_aggregators: [{ score_name: 'ok', aggregator: { function: 'pass@k', k: 3 } }] });
    const idx = index(log({
      metrics: [],
      samples: [{ sample_id: 1, errors: [], trials: [trial(0, { ok: true }), trial(1, { ok: false }), { ...trial(2, {}), scores: [], errors: [{ error_type: 'Timeout', message: 't', stage: 'solver' }] }] }],
    }, config));
    const summary = await idx.summary();
    assert.equal(summary.samples.passK, 3);
    const row = (await idx.page({ offset: 0, limit: 1 })).rows[0];
    assert.deepEqual(row.trials.map((t) => t.outcome), ['pass', 'fail', 'error']);
    assert.equal(row.passAtK, 1 - Math.pow(0.5, 3));
    assert.equal(row.passPowK, Math.pow(0.5, 3));
    assert.equal(row.scores['judge/ok'], 1 - Math.pow(0.5, 3));
  });

  test('one trial aggregates as the same trial beside an empty one (every value type, configured aggregators, a scorer twice)', () => {
    // A sample of one trial is aggregated without gathering its values first; a second trial with no scores takes
    // the gathering path and must give the same.
    const next = seededRandom(5);
    const VALUES = [0, 1, -0, 0.5, -3, true, false, 'C', '1', null, undefined, [1], { a: 1 }, Number.NaN, Number.POSITIVE_INFINITY];
    const settings = readTrialsSettings(withTrialsConfig({
      num_trials: 1,
      score_aggregators: [
        { score_name: 'ok', aggregator: { function: 'pass@k', k: 2, score_name: 'ok_pass2' } },
        { score_name: 'ok', aggregator: { function: 'max' } },
        { score_name: 'x', aggregator: { function: 'pass^k' } },
        { score_name: 'x', aggregator: { function: 'mean' } },
      ],
    }));
    for (let round = 0; round < 500; round++) {
      const entries: ScoresEntry[] = Array.from({ length: Math.floor(next() * 4) }, () => {
        const values: Record<string, unknown> = {};
        for (const key of ['ok', 'x', 'y', '__proto__']) if (next() < 0.6) Object.defineProperty(values, key, { value: pick(next, VALUES), enumerable: true, writable: true, configurable: true });
        const scored: ScoresEntry = { scorerKey: pick(next, ['judge', 'match', 'judge']), purpose: next() < 0.8 ? 'score' : 'qa', values };
        if (next() < 0.5) scored.scorerName = 'a name';
        return scored;
      });
      const aggregators = next() < 0.5 ? settings.aggregators : [];
      assert.deepStrictEqual(aggregateTrials([entries], aggregators), aggregateTrials([entries, []], aggregators), `round ${round}`);
    }
  });
});
