import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { validateTaskResultLog } from '../../../src/core/schema/generated/validators';
import { assertError, assertInvalid, assertValid, compileDef, copy, errorMessageOf, readFixture, schemaTitleOf, type JsonObject } from './schemaTestSupport';

const validLog = readFixture('task-result-log.valid.json');

/** A copy of the valid log, changed by `edit`. */
function logWith(edit: (log: JsonObject) => void): JsonObject {
  const log = copy(validLog);
  edit(log);
  return log;
}

const evidence = (log: JsonObject): JsonObject => log.evidence as JsonObject;
const samples = (log: JsonObject): JsonObject[] => evidence(log).samples as JsonObject[];
const legacySample = (log: JsonObject): JsonObject => samples(log)[0];
const trialSample = (log: JsonObject): JsonObject => samples(log)[1];
const firstTrial = (log: JsonObject): JsonObject => (trialSample(log).trials as JsonObject[])[0];
const specification = (log: JsonObject): JsonObject => log.specification as JsonObject;
const trials = (log: JsonObject): JsonObject => (specification(log).config as JsonObject).trials as JsonObject;

describe('TaskResultLog', () => {
  test('accepts a complete log mixing legacy samples and samples with trials', () => {
    assertValid(validateTaskResultLog, validLog);
  });

  test('requires every top-level field', () => {
    for (const field of ['format_version', 'app_version', 'status', 'evidence', 'specification', 'execution', 'errors']) {
      const error = assertError(validateTaskResultLog, logWith((log) => delete log[field]), { path: '', keyword: 'required' });
      assert.equal(error.params.missingProperty, field);
    }
  });

  test('format_version is the literal v1', () => {
    const error = assertError(validateTaskResultLog, logWith((log) => (log.format_version = 'v2')), { path: '/format_version', keyword: 'const' });
    assert.match(errorMessageOf(error) ?? '', /v1/);
  });

  test('status is success or failure', () => {
    assertValid(validateTaskResultLog, logWith((log) => (log.status = 'failure')));
    assertError(validateTaskResultLog, logWith((log) => (log.status = 'ok')), { path: '/status', keyword: 'enum' });
  });

  test('keeps produced objects open to extra fields', () => {
    assertValid(validateTaskResultLog, logWith((log) => {
      log.extra_top = 1;
      evidence(log).extra = true;
      legacySample(log).extra = 'x';
      firstTrial(log).extra = [];
    }));
  });
});

describe('TaskResultEvidence', () => {
  test('metrics may be null but not absent', () => {
    assertValid(validateTaskResultLog, logWith((log) => (evidence(log).metrics = null)));
    const error = assertError(validateTaskResultLog, logWith((log) => delete evidence(log).metrics), { path: '/evidence', keyword: 'required' });
    assert.equal(error.params.missingProperty, 'metrics');
  });

  test('optional parts may be absent or null', () => {
    assertValid(validateTaskResultLog, logWith((log) => (log.evidence = { metrics: [] })));
    assertValid(validateTaskResultLog, logWith((log) => Object.assign(evidence(log), { samples: null, runs: null, failures: null })));
  });

  test('errors and model_token_usages are lists', () => {
    assertError(validateTaskResultLog, logWith((log) => (evidence(log).errors = {})), { path: '/evidence/errors', keyword: 'type' });
    assertError(validateTaskResultLog, logWith((log) => (evidence(log).model_token_usages = 'none')), { path: '/evidence/model_token_usages', keyword: 'type' });
  });
});

describe('SampleEvidence', () => {
  test('a legacy sample carries sample, solver and scores without trials', () => {
    const log = logWith((l) => (evidence(l).samples = [legacySample(l)]));
    assert.equal(legacySample(log).trials, undefined);
    assertValid(validateTaskResultLog, log);
  });

  test('a sample with trials may omit sample, solver and scores', () => {
    assertValid(validateTaskResultLog, logWith((log) => {
      const sample = trialSample(log);
      delete sample.sample;
      delete sample.solver;
      delete sample.scores;
    }));
  });

  test('sample_id is a string or an integer', () => {
    assertError(validateTaskResultLog, logWith((log) => (legacySample(log).sample_id = true)), { path: '/evidence/samples/0/sample_id', keyword: 'type' });
    assertError(validateTaskResultLog, logWith((log) => (legacySample(log).sample_id = 1.5)), { path: '/evidence/samples/0/sample_id', keyword: 'type' });
  });

  test('requires sample_id and errors', () => {
    assertError(validateTaskResultLog, logWith((log) => delete legacySample(log).sample_id), { path: '/evidence/samples/0', keyword: 'required' });
    assertError(validateTaskResultLog, logWith((log) => delete legacySample(log).errors), { path: '/evidence/samples/0', keyword: 'required' });
  });

  test('action_records accept any value', () => {
    for (const value of [null, [], { a: 1 }, 'text']) assertValid(validateTaskResultLog, logWith((log) => (legacySample(log).action_records = value)));
  });

  test('trials is a list of trial evidence', () => {
    assertError(validateTaskResultLog, logWith((log) => (trialSample(log).trials = {})), { path: '/evidence/samples/1/trials', keyword: 'type' });
  });
});

describe('SampleTrialEvidence', () => {
  test('requires index, sample_id, sample, solver, scores and errors', () => {
    for (const field of ['index', 'sample_id', 'sample', 'solver', 'scores', 'errors']) {
      const error = assertError(validateTaskResultLog, logWith((log) => delete firstTrial(log)[field]), { path: '/evidence/samples/1/trials/0', keyword: 'required' });
      assert.equal(error.params.missingProperty, field);
    }
  });

  test('index is an integer', () => {
    assertError(validateTaskResultLog, logWith((log) => (firstTrial(log).index = '0')), { path: '/evidence/samples/1/trials/0/index', keyword: 'type' });
  });
});

describe('SampleData and SolverData', () => {
  test('SampleData requires an object data', () => {
    assertError(validateTaskResultLog, logWith((log) => (legacySample(log).sample = {})), { path: '/evidence/samples/0/sample', keyword: 'required' });
    assertError(validateTaskResultLog, logWith((log) => (firstTrial(log).sample = { data: 'x' })), { path: '/evidence/samples/1/trials/0/sample/data', keyword: 'type' });
  });

  test('SolverData requires output, of any value', () => {
    for (const output of [null, 'text', 3, [], { items: [] }]) assertValid(validateTaskResultLog, logWith((log) => (firstTrial(log).solver = { output })));
    assertError(validateTaskResultLog, logWith((log) => (firstTrial(log).solver = {})), { path: '/evidence/samples/1/trials/0/solver', keyword: 'required' });
  });
});

describe('ScoresData', () => {
  const scores = (log: JsonObject): JsonObject => (legacySample(log).scores as JsonObject[])[0];

  test('requires scorer_key and values', () => {
    assertError(validateTaskResultLog, logWith((log) => delete scores(log).scorer_key), { path: '/evidence/samples/0/scores/0', keyword: 'required' });
    assertError(validateTaskResultLog, logWith((log) => (scores(log).values = 1)), { path: '/evidence/samples/0/scores/0/values', keyword: 'type' });
  });

  test('scorer_purpose is score or qa', () => {
    assertValid(validateTaskResultLog, logWith((log) => (scores(log).scorer_purpose = 'qa')));
    assertError(validateTaskResultLog, logWith((log) => (scores(log).scorer_purpose = 'judge')), { path: '/evidence/samples/0/scores/0/scorer_purpose', keyword: 'enum' });
  });

  test('direct_ios is a list and metadata an object', () => {
    assertError(validateTaskResultLog, logWith((log) => (scores(log).direct_ios = 'io')), { path: '/evidence/samples/0/scores/0/direct_ios', keyword: 'type' });
    assertError(validateTaskResultLog, logWith((log) => (scores(log).metadata = 'm')), { path: '/evidence/samples/0/scores/0/metadata', keyword: 'type' });
  });
});

describe('MetricData', () => {
  const metric = (log: JsonObject): JsonObject => (evidence(log).metrics as JsonObject[])[0];

  test('a legacy metric without metric_type is accepted', () => {
    assertValid(validateTaskResultLog, logWith((log) => (evidence(log).metrics = [{ values: { a: 1 }, metric_key: 'm' }])));
  });

  test('requires values and metric_key', () => {
    assertError(validateTaskResultLog, logWith((log) => delete metric(log).metric_key), { path: '/evidence/metrics/0', keyword: 'required' });
    assertError(validateTaskResultLog, logWith((log) => delete metric(log).values), { path: '/evidence/metrics/0', keyword: 'required' });
  });

  test('typed optional fields', () => {
    assertError(validateTaskResultLog, logWith((log) => (metric(log).metric_type = 1)), { path: '/evidence/metrics/0/metric_type', keyword: 'type' });
    assertError(validateTaskResultLog, logWith((log) => (metric(log).scorer_purpose = 'other')), { path: '/evidence/metrics/0/scorer_purpose', keyword: 'enum' });
    assertError(validateTaskResultLog, logWith((log) => (metric(log).reason = false)), { path: '/evidence/metrics/0/reason', keyword: 'type' });
  });
});

describe('TaskResultError and TaskResultFailures', () => {
  const trialError = (log: JsonObject): JsonObject => (firstTrial(log).errors as JsonObject[])[0];

  test('requires error_type and message', () => {
    assertError(validateTaskResultLog, logWith((log) => delete trialError(log).message), { path: '/evidence/samples/1/trials/0/errors/0', keyword: 'required' });
    assertError(validateTaskResultLog, logWith((log) => (log.errors = [{ message: 'no type' }])), { path: '/errors/0', keyword: 'required' });
  });

  test('stage is one of the six stages, or null', () => {
    for (const stage of ['configuration', 'dataset', 'solver', 'score', 'metric', 'action', null]) {
      assertValid(validateTaskResultLog, logWith((log) => (trialError(log).stage = stage)));
    }
    assertError(validateTaskResultLog, logWith((log) => (trialError(log).stage = 'network')), { path: '/evidence/samples/1/trials/0/errors/0/stage', keyword: 'enum' });
  });

  test('failures require integer num_errors and num_total', () => {
    assertError(validateTaskResultLog, logWith((log) => (evidence(log).failures = { num_errors: 1 })), { path: '/evidence/failures', keyword: 'required' });
    assertError(validateTaskResultLog, logWith((log) => (evidence(log).failures = { num_errors: '1', num_total: 2 })), { path: '/evidence/failures/num_errors', keyword: 'type' });
  });
});

describe('TaskResultSpecification and RepeatabilityConfig', () => {
  test('requires display_name, task, config and run_config; run_config may be anything', () => {
    for (const field of ['display_name', 'task', 'config', 'run_config']) {
      const error = assertError(validateTaskResultLog, logWith((log) => delete specification(log)[field]), { path: '/specification', keyword: 'required' });
      assert.equal(error.params.missingProperty, field);
    }
    assertValid(validateTaskResultLog, logWith((log) => (specification(log).run_config = { workers: 4 })));
  });

  test('evaluated_entity and repeatability_config are optional', () => {
    assertValid(validateTaskResultLog, logWith((log) => {
      delete specification(log).evaluated_entity;
      specification(log).repeatability_config = null;
    }));
  });

  test('repeatability_config requires an integer num_runs', () => {
    assertError(validateTaskResultLog, logWith((log) => (specification(log).repeatability_config = {})), { path: '/specification/repeatability_config', keyword: 'required' });
    assertError(validateTaskResultLog, logWith((log) => (specification(log).repeatability_config = { num_runs: 'two' })), { path: '/specification/repeatability_config/num_runs', keyword: 'type' });
  });
});

describe('RunEvidence', () => {
  const run = (log: JsonObject): JsonObject => (evidence(log).runs as JsonObject[])[0];

  test('requires index and metrics; metrics may be null', () => {
    assertError(validateTaskResultLog, logWith((log) => delete run(log).index), { path: '/evidence/runs/0', keyword: 'required' });
    assertError(validateTaskResultLog, logWith((log) => delete run(log).metrics), { path: '/evidence/runs/0', keyword: 'required' });
    assertValid(validateTaskResultLog, logWith((log) => (run(log).metrics = null)));
  });

  test('checks the samples of a run as sample evidence', () => {
    assertError(validateTaskResultLog, logWith((log) => (run(log).samples = [{ sample_id: 1 }])), { path: '/evidence/runs/0/samples/0', keyword: 'required' });
  });
});

describe('TaskExecution, ModelTokenUsage and TokenUsage', () => {
  test('execution requires runtime, started_at and ended_at; model_usage may be anything', () => {
    for (const field of ['runtime', 'started_at', 'ended_at']) {
      assertError(validateTaskResultLog, logWith((log) => delete (log.execution as JsonObject)[field]), { path: '/execution', keyword: 'required' });
    }
    assertError(validateTaskResultLog, logWith((log) => ((log.execution as JsonObject).started_at = '2025-01-01')), { path: '/execution/started_at', keyword: 'type' });
    assertValid(validateTaskResultLog, logWith((log) => ((log.execution as JsonObject).model_usage = null)));
  });

  test('model token usage requires its four fields and a known purpose', () => {
    const usage = (log: JsonObject): JsonObject => (evidence(log).model_token_usages as JsonObject[])[0];
    for (const purpose of ['test', 'judge', 'generate', 'auxiliary']) assertValid(validateTaskResultLog, logWith((log) => (usage(log).purpose = purpose)));
    assertError(validateTaskResultLog, logWith((log) => (usage(log).purpose = 'training')), { path: '/evidence/model_token_usages/0/purpose', keyword: 'enum' });
    assertError(validateTaskResultLog, logWith((log) => delete usage(log).completion_tokens), { path: '/evidence/model_token_usages/0', keyword: 'required' });
  });

  test('TokenUsage requires integer prompt_tokens and completion_tokens', () => {
    const validate = compileDef('task-result-log.schema.json', 'TokenUsage');
    assertValid(validate, { prompt_tokens: 1, completion_tokens: 2 });
    assertError(validate, { prompt_tokens: 1 }, { path: '', keyword: 'required' });
    assertError(validate, { prompt_tokens: 1, completion_tokens: 0.5 }, { path: '/completion_tokens', keyword: 'type' });
  });
});

describe('Trials and score aggregators', () => {
  test('TrialsConfig requires an integer num_trials', () => {
    const validate = compileDef('scoring.schema.json', 'TrialsConfig');
    assertValid(validate, { num_trials: 3 });
    assertError(validate, {}, { path: '', keyword: 'required' });
    assertError(validate, { num_trials: '3' }, { path: '/num_trials', keyword: 'type' });
  });

  test('TrialsDefinitionTemplate takes an integer or string num_trials', () => {
    assertValid(validateTaskResultLog, logWith((log) => (trials(log).num_trials = '{{ num_trials }}')));
    assertError(validateTaskResultLog, logWith((log) => (trials(log).num_trials = true)), { path: '/specification/config/trials/num_trials', keyword: 'type' });
    assertError(validateTaskResultLog, logWith((log) => delete trials(log).num_trials), { path: '/specification/config/trials', keyword: 'required' });
  });

  test('accepts each of the five aggregators', () => {
    const aggregators = [{ function: 'mean' }, { function: 'min', score_name: 'worst' }, { function: 'max' }, { function: 'pass@k', k: 3 }, { function: 'pass^k', k: 2, score_name: 'all_pass' }];
    assertValid(validateTaskResultLog, logWith((log) => (trials(log).score_aggregators = aggregators.map((aggregator) => ({ score_name: 'correct', aggregator })))));
  });

  test('pass@k and pass^k require an integer k, reporting only their own branch', () => {
    for (const fn of ['pass@k', 'pass^k']) {
      const all = assertInvalid(validateTaskResultLog, logWith((log) => (trials(log).score_aggregators = [{ score_name: 'c', aggregator: { function: fn } }])));
      // Above the aggregator only the nullable `trials` wrapper (anyOf object | null) reports; below it, only the chosen branch.
      const errors = all.filter((e) => e.instancePath.startsWith('/specification/config/trials/score_aggregators'));
      assert.ok(all.every((e) => e.instancePath.startsWith('/specification/config/trials')));
      assert.equal(errors.length, 1);
      assert.equal(errors[0].params.missingProperty, 'k');
      assert.match(schemaTitleOf(errors[0]) ?? '', /k aggregator/);
    }
    assertError(validateTaskResultLog, logWith((log) => (trials(log).score_aggregators = [{ score_name: 'c', aggregator: { function: 'pass@k', k: 1.5 } }])), {
      path: '/specification/config/trials/score_aggregators/0/aggregator/k',
      keyword: 'type',
    });
  });

  test('rejects an unknown aggregator function and a missing score_name', () => {
    assertError(validateTaskResultLog, logWith((log) => (trials(log).score_aggregators = [{ score_name: 'c', aggregator: { function: 'median' } }])), {
      path: '/specification/config/trials/score_aggregators/0/aggregator/function',
      keyword: 'enum',
    });
    assertError(validateTaskResultLog, logWith((log) => (trials(log).score_aggregators = [{ aggregator: { function: 'mean' } }])), {
      path: '/specification/config/trials/score_aggregators/0',
      keyword: 'required',
    });
  });
});
