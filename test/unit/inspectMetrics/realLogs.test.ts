import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { repoRoot, sharedFixture } from '../sharedFixtures';
import { readInspectLog } from './inspectLogReading';
import { reducedSampleValues, verifyInspectMetrics } from '../../../src/core/inspect/metrics/verifyInspectMetrics';
import { storedEvalScores } from '../../../src/core/inspect/metrics/storedEvalScores';

const folder = sharedFixture('inspect-ai');
const realLogs = fs.existsSync(folder)
  ? fs.readdirSync(folder).filter((name) => name.endsWith('.eval') || name.endsWith('.json')).map((name) => path.join(folder, name))
  : [];
const exampleLogs = ['arith-inspect.eval', 'arith-inspect-candidate.eval'].map((name) => path.join(repoRoot, 'examples', 'logs', name));
const RECOMPUTED = new Set(['accuracy', 'mean', 'stderr', 'std', 'var']);

test('the shared Inspect fixtures are present', () => {
  assert.ok(realLogs.length >= 10, `expected the Inspect logs in ${folder}`);
});

for (const file of [...realLogs, ...exampleLogs]) {
  test(`every recomputable metric stored in ${path.basename(file)} matches`, async () => {
    const log = await readInspectLog(file);
    const groups = verifyInspectMetrics(log.results, log.samples, log.evalSpec);
    const stored = storedEvalScores(log.results);
    assert.equal(groups.length, stored.length);
    let checked = 0;
    for (const group of groups) {
      for (const metric of group.metrics) {
        if (!RECOMPUTED.has(metric.metricType ?? '')) continue;
        for (const value of metric.values) {
          assert.equal(value.verification.verdict, 'match', `${group.scorerKey}/${metric.metricKey}: ${value.verification.reason ?? ''}`);
          assert.equal(typeof value.verification.recomputed, 'number');
          checked++;
        }
      }
    }
    // Every stored EvalScore of these logs carries accuracy and stderr.
    assert.equal(checked, stored.reduce((n, s) => n + s.metrics.filter((m) => RECOMPUTED.has(m.name)).length, 0));
  });
}

test('the popularity log: 100 samples of C/I give the stored accuracy 0.52 and stderr √(p(1−p)/(n−1))', async () => {
  const log = await readInspectLog(realLogs.find((f) => f.includes('L8g2GLGDDfsiXvdJ8LyZNJ'))!);
  const [group] = verifyInspectMetrics(log.results, log.samples, log.evalSpec);
  const accuracy = group.metrics.find((m) => m.metricKey === 'accuracy')!.values[0];
  const stderr = group.metrics.find((m) => m.metricKey === 'stderr')!.values[0];
  assert.equal(accuracy.verification.recomputed, 0.52);
  assert.equal(accuracy.verification.sampleCount, 100);
  assert.ok(Math.abs(stderr.verification.recomputed! - Math.sqrt((0.52 * 0.48 * 100) / 99 / 100)) < 1e-15);
  assert.deepEqual(accuracy.distribution, { min: 0, max: 1, counts: [48, 52] });
  assert.equal(accuracy.interval?.n, 100);
  assert.equal(accuracy.interval?.passes, 52);
  assert.equal(group.scorerKey, 'match');
  assert.equal(group.purpose, 'score');
});

test('the four epochs of the GPQA log are reduced by their mean to the one stored sample value', async () => {
  const log = await readInspectLog(realLogs.find((f) => f.includes('gpqa-diamond'))!);
  assert.equal(log.samples.length, 4);
  const values = reducedSampleValues(log.results, log.samples, log.evalSpec);
  assert.deepEqual([...values.keys()], ['choice/choice']);
  assert.deepEqual([...values.get('choice/choice')!], [['rec06pnAkLOr2t2mp', 1]]);
  const [group] = verifyInspectMetrics(log.results, log.samples, log.evalSpec);
  assert.equal(group.metrics[0].values[0].verification.sampleCount, 1);
});

for (const file of exampleLogs) {
  test(`${path.basename(file)}: its accuracy is the mean of the five samples' grades, each reduced over both epochs`, async () => {
    const log = await readInspectLog(file);
    const [group] = verifyInspectMetrics(log.results, log.samples, log.evalSpec);
    assert.deepEqual(group.metrics.map((m) => [m.metricKey, m.column, m.values[0].verification.verdict]), [['accuracy', 'match/match', 'match'], ['stderr', 'match/match', 'match']]);
    // The grades as the archive holds them, C = 1, averaged per sample over its epochs.
    const perSample = new Map<string, number[]>();
    for (const sample of log.samples) {
      const grade = (sample.scores.match as { value: string }).value === 'C' ? 1 : 0;
      perSample.set(String(sample.id), [...(perSample.get(String(sample.id)) ?? []), grade]);
    }
    assert.deepEqual([...perSample.values()].map((grades) => grades.length), [2, 2, 2, 2, 2]);
    const reduced = [...perSample.values()].map((grades) => (grades[0] + grades[1]) / 2);
    const values = reducedSampleValues(log.results, log.samples, log.evalSpec).get('match/match');
    assert.deepEqual([...(values ?? new Map()).values()].sort(), [...reduced].sort());
    assert.ok(Math.abs((group.metrics[0].values[0].value as number) - reduced.reduce((a, b) => a + b, 0) / reduced.length) < 1e-12);
  });
}

test('a tampered stored accuracy is a mismatch that says both values', async () => {
  const log = await readInspectLog(realLogs.find((f) => f.includes('CzDPvkooKpp4d24wMPkx5d'))!);
  const results = structuredClone(log.results) as { scores: { metrics: { accuracy: { value: number } } }[] };
  results.scores[0].metrics.accuracy.value = 0.71;
  const [group] = verifyInspectMetrics(results, log.samples, log.evalSpec);
  const accuracy = group.metrics.find((m) => m.metricKey === 'accuracy')!.values[0].verification;
  assert.equal(accuracy.verdict, 'mismatch');
  assert.equal(accuracy.recomputed, 0.7);
  assert.match(accuracy.reason!, /0\.71/);
  assert.match(accuracy.reason!, /0\.7\b/);
  const stderr = group.metrics.find((m) => m.metricKey === 'stderr')!.values[0].verification;
  assert.equal(stderr.verdict, 'match');
});
