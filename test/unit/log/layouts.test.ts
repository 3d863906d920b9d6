import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { index, log, scores, trial } from './logTestHelpers';
import { logStrings } from '../../../src/core/l10n/logStrings';

describe('log layouts', () => {
  test('legacy samples carry sample/solver/scores and render as one pseudo-trial', async () => {
    const idx = index(log({
      metrics: [],
      samples: [{ sample_id: 1, sample: { data: { question: 'Q1' } }, solver: { output: 'A1' }, scores: [scores('exact', { correct: true })], errors: [] }],
    }));
    const summary = await idx.summary();
    assert.equal(summary.samples.layout, 'legacy');
    assert.equal(summary.samples.maxTrials, 0);
    const detail = await idx.detail(0);
    assert.equal(detail.layout, 'legacy');
    assert.equal(detail.trials.length, 1);
    assert.deepEqual(detail.trials[0].output, { kind: 'text', text: 'A1' });
    assert.deepEqual(detail.data, { question: 'Q1' });
    assert.equal(detail.scores[0].values.correct, true);
    assert.ok(detail.notes.includes(logStrings.legacyPseudoTrial));
  });

  test('trial samples keep their data in the trials; the normal trial layout needs no note', async () => {
    const idx = index(log({ metrics: [], samples: [{ sample_id: 'a', errors: [], trials: [trial(0, { ok: true }), trial(1, { ok: false })] }] }));
    const summary = await idx.summary();
    assert.equal(summary.samples.layout, 'trials');
    assert.equal(summary.samples.maxTrials, 2);
    const detail = await idx.detail(0);
    assert.equal(detail.trials.length, 2);
    assert.deepEqual(detail.data, { q: 'question' });
    assert.deepEqual(detail.notes, [], 'nothing is said about the normal trial layout');
    assert.equal(detail.scores[0].derived, true);
    assert.equal(detail.scores[0].values.ok, 0.5);
  });

  test('a log may mix legacy and trial samples', async () => {
    const idx = index(log({
      metrics: [],
      samples: [
        { sample_id: 1, sample: { data: { question: 'Q' } }, solver: { output: null }, scores: [scores('judge', { ok: 1 })], errors: [] },
        { sample_id: 2, errors: [], trials: [trial(0, { ok: 0 })] },
      ],
    }));
    const summary = await idx.summary();
    assert.equal(summary.samples.layout, 'mixed');
    assert.equal((await idx.detail(0)).layout, 'legacy');
    assert.equal((await idx.detail(1)).layout, 'trials');
    const page = await idx.page({ offset: 0, limit: 10 });
    assert.deepEqual(page.rows.map((r) => r.scores['judge/ok']), [1, 0]);
  });

  test('null sample, solver and scores are allowed', async () => {
    const idx = index(log({ metrics: [], samples: [{ sample_id: 'n', sample: null, solver: null, scores: null, errors: [], trials: [trial(0, { ok: true }, { solver: null, sample: null })] }] }));
    const detail = await idx.detail(0);
    assert.equal(detail.layout, 'trials');
    assert.equal(detail.trials[0].output.kind, 'none');
    assert.ok(detail.notes.includes(logStrings.noSampleData));
    for (const note of detail.notes) assert.doesNotMatch(note, /`/, 'notes are plain words, without code quotes');
  });

  test('a sample with no trials and no legacy parts is explained, not an error', async () => {
    const idx = index(log({ metrics: [], samples: [{ sample_id: 'empty', errors: [] }] }));
    const detail = await idx.detail(0);
    assert.equal(detail.trials.length, 0);
    assert.ok(detail.notes.includes(logStrings.noTrials));
    assert.ok(detail.notes.includes(logStrings.noScores));
  });

  test('metrics null: summary says why; no samples: layout none', async () => {
    const failed = index(log({ metrics: null }, {}, { status: 'failure', errors: [{ error_type: 'E', message: 'boom' }] }));
    const summary = await failed.summary();
    assert.equal(summary.metrics, null);
    assert.equal(summary.metricsMissingReason, logStrings.metricsNullFailure);
    assert.equal(summary.samples.layout, 'none');
    assert.equal(summary.samples.count, 0);
    const noError = await index(log({ metrics: null })).summary();
    assert.equal(noError.metricsMissingReason, logStrings.metricsNullNoError);
  });

  test('header fields come from the specification and execution', async () => {
    const summary = await index(log({ metrics: [] }, { evaluated_entity: { key: 'm' }, repeatability_config: { num_runs: 2 } })).summary();
    assert.equal(summary.displayName, 'Test log');
    assert.equal(summary.formatVersion, 'v1');
    assert.equal(summary.appVersion, '1.0.0');
    assert.deepEqual(summary.task, { key: 't' });
    assert.deepEqual(summary.evaluatedEntity, { key: 'm' });
    assert.deepEqual(summary.repeatability, { numRuns: 2 });
    assert.deepEqual(summary.execution, { runtime: 1.5, startedAt: 1700000000, endedAt: 1700000002 });
    assert.equal(summary.runConfig, undefined);
    assert.deepEqual(summary.schemaProblems, []);
  });
});
