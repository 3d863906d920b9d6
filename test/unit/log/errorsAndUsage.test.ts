import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { index, log, trial } from './logTestHelpers';

describe('errors by stage', () => {
  const value = log({
    metrics: null,
    errors: [{ error_type: 'MetricError', message: 'no metric', stage: 'metric' }],
    failures: { num_errors: 2, num_total: 3 },
    samples: [
      { sample_id: 'a', errors: [{ error_type: 'DatasetError', message: 'bad row', stage: 'dataset', hint: 'fix it' }], trials: [trial(0, { ok: true }, { errors: [{ error_type: 'Timeout', message: 'slow', stage: 'solver' }] })] },
      { sample_id: 'b', errors: [{ error_type: 'Oops', message: 'no stage' }], trials: [trial(0, { ok: false })] },
      { sample_id: 'c', errors: [], trials: [trial(0, { ok: true })] },
    ],
    runs: [{ index: 0, metrics: null, errors: [{ error_type: 'RunError', message: 'run broke', stage: 'action' }] }],
  }, {}, { status: 'failure', errors: [{ error_type: 'ConfigurationError', message: 'bad config', stage: 'configuration' }] });

  test('groups every level by stage, unknown last, with where-info and totals', async () => {
    const summary = await index(value).summary();
    assert.deepEqual(summary.errors.map((g) => [g.stage, g.total]), [
      ['configuration', 1], ['dataset', 1], ['solver', 1], ['metric', 1], ['action', 1], ['unknown', 1],
    ]);
    assert.equal(summary.errorTotal, 6);
    const where = Object.fromEntries(summary.errors.map((g) => [g.stage, g.errors[0].where]));
    assert.deepEqual(where.configuration, { level: 'log' });
    assert.deepEqual(where.metric, { level: 'task' });
    assert.deepEqual(where.action, { level: 'run', runIndex: 0 });
    assert.deepEqual(where.dataset, { level: 'sample', sampleIndex: 0, sampleId: 'a' });
    assert.deepEqual(where.solver, { level: 'trial', sampleIndex: 0, sampleId: 'a', trialIndex: 0 });
    assert.equal(summary.errors[1].errors[0].hint, 'fix it');
    assert.deepEqual(summary.failures, { numErrors: 2, numTotal: 3 });
    assert.deepEqual(summary.samples.errorStages, ['dataset', 'solver', 'unknown']);
  });

  test('sample rows carry their error stages and filter by stage', async () => {
    const idx = index(value);
    const page = await idx.page({ offset: 0, limit: 10 });
    assert.deepEqual(page.rows.map((r) => [r.sampleId, r.errorStages, r.errorCount]), [['a', ['dataset', 'solver'], 2], ['b', ['unknown'], 1], ['c', [], 0]]);
    assert.deepEqual((await idx.page({ offset: 0, limit: 10, errorStage: 'unknown' })).rows.map((r) => r.sampleId), ['b']);
    assert.deepEqual((await idx.page({ offset: 0, limit: 10, errorStage: 'any' })).rows.map((r) => r.sampleId), ['a', 'b']);
    assert.deepEqual((await idx.page({ offset: 0, limit: 10, errorStage: 'solver' })).rows.map((r) => r.sampleId), ['a']);
  });
});

describe('token usage', () => {
  test('one row per model and purpose', async () => {
    const summary = await index(log({ metrics: [], model_token_usages: [
      { model_id: 1, purpose: 'test', prompt_tokens: 100, completion_tokens: 20 },
      { model_id: 2, purpose: 'judge', prompt_tokens: 50, completion_tokens: 5 },
    ] })).summary();
    assert.deepEqual(summary.tokenUsage, [
      { modelId: 1, purpose: 'test', promptTokens: 100, completionTokens: 20 },
      { modelId: 2, purpose: 'judge', promptTokens: 50, completionTokens: 5 },
    ]);
    assert.deepEqual((await index(log({ metrics: [] })).summary()).tokenUsage, []);
  });
  test('a model the log names (the evaluated entity) carries its name; another keeps its id alone', async () => {
    const summary = await index(log({ metrics: [], model_token_usages: [
      { model_id: 101, purpose: 'test', prompt_tokens: 100, completion_tokens: 20 },
      { model_id: 202, purpose: 'judge', prompt_tokens: 50, completion_tokens: 5 },
    ] }, { evaluated_entity: { type: 'model', key: 'qa-model-small', model_id: 101 } })).summary();
    assert.deepEqual(summary.tokenUsage.map((r) => [r.modelId, r.modelName]), [[101, 'qa-model-small'], [202, undefined]]);
  });
});
