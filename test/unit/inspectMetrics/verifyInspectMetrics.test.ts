import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import type { MetricGroup, Verification } from '../../../src/core/model/logViewTypes';
import { InspectSampleScores, reducedSampleValues, verifyInspectMetrics } from '../../../src/core/inspect/metrics/verifyInspectMetrics';
import { seededRandom, pick } from '../randomInput';

interface MetricSpec {
  name?: string;
  value: unknown;
  params?: Record<string, unknown>;
  group?: string;
}

function evalScore(name: string, metrics: Record<string, MetricSpec>, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const full = Object.fromEntries(Object.entries(metrics).map(([key, m]) => [key, { name: m.name ?? key, params: m.params ?? {}, ...m }]));
  return { name, scorer: name, params: {}, metrics: full, ...extra };
}

function verdictOf(groups: MetricGroup[], scorerKey: string, metricKey: string, reducer?: number): Verification {
  const candidates = groups.filter((g) => g.scorerKey === scorerKey);
  const group = candidates[reducer ?? 0];
  const metric = group?.metrics.find((m) => m.metricKey === metricKey);
  assert.ok(metric, `${scorerKey}/${metricKey}`);
  return metric.values[0].verification;
}

/** Three samples × two epochs of a C/I scorer `match` and a dictionary scorer `rubric`. */
function samples(): InspectSampleScores[] {
  const rows: [number, number, unknown, unknown, string][] = [
    [1, 1, 'C', { correct: 1, style: 0.5 }, 'a'],
    [1, 2, 'I', { correct: 0, style: 1 }, 'a'],
    [2, 1, 'C', { correct: 1, style: 1 }, 'b'],
    [2, 2, 'C', { correct: 1, style: NaN }, 'b'],
    [3, 1, 'I', { correct: 0, style: 0 }, 'c'],
    [3, 2, 'I', { correct: 0, style: 0 }, 'c'],
  ];
  return rows.map(([id, epoch, match, rubric, topic]) => ({ id, epoch, scores: { match: { value: match }, rubric: { value: rubric } }, metadata: { topic } }));
}

test('one group per EvalScore, one view per metric, values reduced by each EvalScore reducer', () => {
  // match per sample: mean (0.5, 1, 0) → accuracy 0.5; mode ('C' first of the tie, 'C', 'I') → 2/3
  const results = {
    scores: [
      evalScore('match', { accuracy: { value: 0.5 }, stderr: { value: 0.28867513459481287 } }, { reducer: 'mean' }),
      evalScore('match', { accuracy: { value: 2 / 3 } }, { reducer: 'mode' }),
      evalScore('correct', { mean: { value: 0.5 }, std: { value: 0.5 }, var: { value: 0.25 } }, { scorer: 'rubric' }),
      evalScore('style', { mean: { value: (0.75 + 1 + 0) / 3 } }, { scorer: 'rubric' }),
    ],
  };
  const groups = verifyInspectMetrics(results, samples());
  assert.deepEqual(groups.map((g) => [g.scorerKey, g.scorerName, g.purpose, g.metrics.length]), [
    ['match', 'match', 'score', 2],
    ['match', 'match', 'score', 1],
    ['correct', 'rubric', 'score', 3],
    ['style', 'rubric', 'score', 1],
  ]);
  for (const group of groups) {
    for (const metric of group.metrics) assert.equal(metric.values[0].verification.verdict, 'match', `${group.scorerKey}/${metric.metricKey}: ${metric.values[0].verification.reason}`);
  }
  assert.equal(verdictOf(groups, 'match', 'accuracy', 1).recomputed, 2 / 3);
  assert.equal(groups[0].metrics[0].values[0].key, 'accuracy');
  assert.deepEqual(groups[0].metrics[0].values[0].distribution, { min: 0, max: 1, counts: [1, 0, 0, 0, 0, 1, 0, 0, 0, 1] });
  assert.equal(groups[0].metrics[0].values[0].interval, undefined);
  assert.deepEqual(groups[1].metrics[0].values[0].distribution, { min: 0, max: 1, counts: [1, 2] });
  assert.equal(groups[1].metrics[0].values[0].interval?.passes, 2);
  const spread = groups[1].metrics[0].values[0].spread!;
  assert.equal(spread.n, 3);
  assert.ok(Math.abs(spread.variance - 1 / 3) < 1e-15);
});

test('a clustered stderr reads the cluster from each sample\'s metadata', () => {
  // match reduced: 0.5, 1, 0 in clusters a, b, c: mean 0.5, deviations 0, 0.5, −0.5 → √(0.5 · 3/2) / 3
  const stored = Math.sqrt(0.75) / 3;
  const results = { scores: [evalScore('match', { stderr: { value: stored, params: { cluster: 'topic' } } })] };
  const verification = verdictOf(verifyInspectMetrics(results, samples()), 'match', 'stderr');
  assert.equal(verification.verdict, 'match', verification.reason);
  const wrongKey = { scores: [evalScore('match', { stderr: { value: stored, params: { cluster: 'subject' } } })] };
  const missing = verdictOf(verifyInspectMetrics(wrongKey, samples()), 'match', 'stderr');
  assert.equal(missing.verdict, 'not_verifiable');
  assert.match(missing.reason!, /"subject"/);
});

test('a stored value off by more than the tolerance is a mismatch; within it a match', () => {
  const off = { scores: [evalScore('match', { accuracy: { value: 0.5 + 1e-6 } })] };
  const mismatch = verdictOf(verifyInspectMetrics(off, samples()), 'match', 'accuracy');
  assert.equal(mismatch.verdict, 'mismatch');
  assert.equal(mismatch.recomputed, 0.5);
  assert.match(mismatch.reason!, /3 sample/);
  const near = { scores: [evalScore('match', { accuracy: { value: 0.5 + 1e-12 } })] };
  assert.equal(verdictOf(verifyInspectMetrics(near, samples()), 'match', 'accuracy').verdict, 'match');
  const counted = { scores: [evalScore('match', { accuracy: { value: 0.9 } }, { scored_samples: 4 })] };
  assert.match(verdictOf(verifyInspectMetrics(counted, samples()), 'match', 'accuracy').reason!, /4 samples were scored/);
});

test('what cannot be recomputed says why', () => {
  const results = {
    scores: [
      evalScore('match', {
        bootstrap_stderr: { value: 0.1 },
        f1: { name: 'my_package/f1', value: 0.3 },
        lower: { name: 'lower', value: 0.2, group: 'ci' },
        accuracy: { value: 0.5, params: { to_float: 'my_mapping' } },
        mean: { value: 'high' },
      }),
      evalScore('match', { accuracy: { value: 0.5 } }, { reducer: 'trimmed_mean' }),
    ],
  };
  const groups = verifyInspectMetrics(results, samples());
  const reasons = groups.flatMap((g) => g.metrics.map((m) => [m.metricKey, m.values[0].verification.verdict, m.values[0].verification.reason]));
  for (const [key, verdict] of reasons) assert.equal(verdict, 'not_verifiable', String(key));
  const reasonOf = (key: string) => String(reasons.find((r) => r[0] === key)?.[2]);
  assert.match(reasonOf('bootstrap_stderr'), /random/);
  assert.match(reasonOf('f1'), /my_package\/f1/);
  assert.match(reasonOf('lower'), /"ci"/);
  assert.match(reasonOf('mean'), /not a number/);
  assert.match(String(groups[1].metrics[0].values[0].verification.reason), /trimmed_mean/);
  assert.match(String(groups[0].metrics[3].values[0].verification.reason), /to_float/);
});

test('a value Inspect cannot map makes the metric not verifiable, naming the sample', () => {
  const input = samples();
  input[4].scores.match = { value: 'maybe' };
  const verification = verdictOf(verifyInspectMetrics({ scores: [evalScore('match', { accuracy: { value: 0.5 } })] }, input), 'match', 'accuracy');
  assert.equal(verification.verdict, 'not_verifiable');
  assert.match(verification.reason!, /sample 3/);
  assert.match(verification.reason!, /"maybe"/);
});

test('unscored samples are left out; with none scored Inspect stores NaN (null in older logs)', () => {
  // Sample 3 unscored: 0.5 and 1 remain.
  const input = samples().map((s) => (s.id === 3 ? { ...s, scores: { match: { value: NaN } } } : s));
  const scored = verdictOf(verifyInspectMetrics({ scores: [evalScore('match', { accuracy: { value: 0.75 } })] }, input), 'match', 'accuracy');
  assert.equal(scored.verdict, 'match');
  assert.equal(scored.sampleCount, 2);
  const allUnscored = samples().map((s) => ({ ...s, scores: { match: { value: NaN } } }));
  for (const stored of [null, NaN]) {
    const v = verdictOf(verifyInspectMetrics({ scores: [evalScore('match', { accuracy: { value: stored } })] }, allUnscored), 'match', 'accuracy');
    assert.equal(v.verdict, 'match');
  }
  assert.equal(verdictOf(verifyInspectMetrics({ scores: [evalScore('match', { accuracy: { value: 0 } })] }, allUnscored), 'match', 'accuracy').verdict, 'mismatch');
});

test('with epoch reduction turned off the metrics see every epoch', () => {
  const results = { scores: [evalScore('match', { accuracy: { value: 0.5 }, stderr: { value: Math.sqrt(0.3) / Math.sqrt(6) } })] };
  const groups = verifyInspectMetrics(results, samples(), { config: { epochs_reducer: [] } });
  assert.equal(verdictOf(groups, 'match', 'stderr').verdict, 'match');
  assert.equal(verdictOf(groups, 'match', 'stderr').sampleCount, 6);
});

test('reducedSampleValues lists each score by scorer and value key', () => {
  const results = {
    scores: [evalScore('match', {}, { reducer: 'mean' }), evalScore('match', {}, { reducer: 'max' }), evalScore('correct', {}, { scorer: 'rubric' })],
  };
  const values = reducedSampleValues(results, samples());
  assert.deepEqual([...values.keys()], ['match/match', 'match/match@max', 'rubric/correct']);
  assert.deepEqual([...values.get('match/match')!], [[1, 0.5], [2, 1], [3, 0]]);
  assert.deepEqual([...values.get('match/match@max')!], [[1, 1], [2, 1], [3, 0]]);
  const withoutResults = reducedSampleValues(undefined, samples());
  assert.deepEqual([...withoutResults.keys()], ['match/match', 'rubric/correct', 'rubric/style']);
  assert.deepEqual([...withoutResults.get('rubric/style')!], [[1, 0.75], [2, 1], [3, 0]]);
});

test('each metric names the column of the reduced values it was recomputed from', () => {
  const results = {
    scores: [
      evalScore('match', { accuracy: { value: 0.5 } }, { reducer: 'mean' }),
      evalScore('match', { accuracy: { value: 2 / 3 } }, { reducer: 'max' }),
      evalScore('correct', { mean: { value: 0.5 } }, { scorer: 'rubric' }),
      evalScore('style', { mean: { value: (0.75 + 1 + 0) / 3 } }, { scorer: 'rubric' }),
    ],
  };
  const groups = verifyInspectMetrics(results, samples());
  const values = reducedSampleValues(results, samples());
  const columns = groups.flatMap((group) => group.metrics.map((metric) => metric.column));
  assert.deepEqual(columns, ['match/match', 'match/match@max', 'rubric/correct', 'rubric/style']);
  // The mean of each named column's values is the metric as recomputed: the column is the one the metric read.
  for (const group of groups) {
    for (const metric of group.metrics) {
      const read = [...values.get(metric.column!)!.values()];
      assert.equal(metric.values[0].verification.verdict, 'match', metric.column);
      assert.ok(Math.abs(read.reduce((a, b) => a + b, 0) / read.length - (metric.values[0].verification.recomputed as number)) < 1e-12, metric.column);
    }
  }
});

const HOSTILE_VALUES: unknown[] = [null, undefined, true, false, 0, -1, 1e308, Infinity, NaN, '', 'C', 'x', [], [1, 'C'], [[]], {}, { a: 1 }, { a: { b: [] } }, { value: 1 }, { __proto__: 1 }];

test('hostile results, samples and score values of every JSON type never throw', () => {
  const next = seededRandom(7);
  const hostileResults: unknown[] = [null, undefined, 'x', 1, [], {}, { scores: 'x' }, { scores: [null, 1, 'x', {}, { name: 1 }, { name: 'match', metrics: [] }, { name: 'match', metrics: { accuracy: null } }] }];
  for (let round = 0; round < 200; round++) {
    const input = Array.from({ length: 6 }, (_, i) => ({
      id: pick(next, [1, 2, '1', 'a', null, {}, [] as unknown]) as string | number,
      epoch: i,
      scores: pick(next, [
        { match: { value: pick(next, HOSTILE_VALUES) }, rubric: { value: pick(next, HOSTILE_VALUES) } },
        { match: pick(next, HOSTILE_VALUES) },
        pick(next, HOSTILE_VALUES),
      ]) as Record<string, unknown>,
      metadata: pick(next, [...HOSTILE_VALUES, { topic: pick(next, HOSTILE_VALUES) }]),
    }));
    const reducer = pick(next, [undefined, 'mean', 'median', 'mode', 'max', 'at_least_2', 'pass_at_2', 'pass_k_2', 'odd', 3 as unknown]);
    const results = round % 5 === 0 ? pick(next, hostileResults) : {
      scores: [
        evalScore('match', { accuracy: { value: pick(next, HOSTILE_VALUES) }, stderr: { value: 0.1, params: { cluster: 'topic' } }, std: { value: 0 }, var: { value: 0 } }, { reducer }),
        evalScore('a', { mean: { value: 0.5 } }, { scorer: 'rubric', reducer }),
      ],
    };
    const groups = verifyInspectMetrics(results, input);
    JSON.stringify(groups);
    reducedSampleValues(results, input);
  }
  assert.ok(true);
});

test('epochs are grouped by the text of their id: a number and its text together, other texts apart', () => {
  const results = { scores: [{ name: 'match', scorer: 'match', reducer: 'mean', metrics: { accuracy: { name: 'accuracy', value: 0 } } }] };
  const input: InspectSampleScores[] = [
    { id: 1, epoch: 1, scores: { match: { value: 1 } } },
    { id: '1', epoch: 2, scores: { match: { value: 0 } } },
    { id: '01', epoch: 1, scores: { match: { value: 1 } } },
    { id: 0, epoch: 1, scores: { match: { value: 1 } } },
    { id: -0, epoch: 2, scores: { match: { value: 0 } } },
    { id: ' 2', epoch: 1, scores: { match: { value: 1 } } },
    { id: 2, epoch: 1, scores: { match: { value: 0 } } },
    { id: 2, epoch: 2, scores: { match: { value: 0 } } },
    { id: 2, epoch: 3, scores: { match: { value: 1 } } },
  ];
  const values = reducedSampleValues(results, input).get('match/match');
  assert.deepEqual([...(values ?? [])], [[1, 0.5], ['01', 1], [0, 0.5], [' 2', 1], [2, 1 / 3]]);
});
