/**
 * Writes the example logs of examples/logs/ and test/fixtures/logs/hostile.tasklog.json.
 * Run: node esbuild.js --bench && node out/bench/generateExampleLogs.js
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { conversation, execution, Json, mean, qaItem, randomOutcome, round, seededRng, specification, TOKEN_USAGE, trialMetrics, trialSample, TrialOutcome } from './logGenerator';

const root = process.env.EVAL_LENS_ROOT ?? path.resolve(__dirname, '..', '..');
const STARTED = 1767258000; // 2026-01-01T09:00:00Z

function write(rel: string, value: Json): void {
  const file = path.join(root, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
}

function trialsLog(displayName: string, seed: number, tamper?: (metrics: Json[]) => void): Json {
  const rng = seededRng(seed);
  const samples: Json[] = [];
  const aggregated: Record<string, number>[] = [];
  for (let n = 0; n < 12; n++) {
    const difficulty = [0.1, 0.25, 0.5, 0.8][n % 4];
    const outcomes: TrialOutcome[] = [0, 1, 2].map(() => randomOutcome(rng, difficulty));
    if (n === 6) {
      outcomes[2] = {
        correct: false, quality: 0, wellFormed: false,
        error: { error_type: 'TimeoutError', message: 'The model endpoint did not answer within 60 s.', hint: 'Raise the request timeout or lower the concurrency.', stage: 'solver' },
      };
    }
    const built = trialSample(rng, n, outcomes, 40);
    samples.push(built.sample);
    aggregated.push(built.aggregated);
  }
  const metrics = trialMetrics(aggregated);
  tamper?.(metrics);
  return {
    format_version: 'v1',
    app_version: '2.14.0',
    status: 'success',
    evidence: {
      metrics,
      samples,
      errors: [],
      failures: { num_errors: 1, num_total: 36 },
      model_token_usages: TOKEN_USAGE,
    },
    specification: specification(displayName),
    execution: execution(STARTED, 184.6),
    errors: [],
  };
}

function legacyLog(): Json {
  const rng = seededRng(7);
  const samples: Json[] = [];
  const correct: number[] = [];
  const lengths: number[] = [];
  for (let n = 0; n < 8; n++) {
    const item = qaItem(rng, n);
    const ok = rng() > 0.3;
    const answer = ok ? item.answer : 'I am not sure.';
    correct.push(ok ? 1 : 0);
    lengths.push(answer.length);
    samples.push({
      sample_id: n + 1,
      sample: { data: { question: item.question, answer: item.answer, category: item.category } },
      solver: { output: n % 4 === 3 ? answer : conversation(rng, item, answer, `call_legacy_${n}`, 10) },
      scores: [{ scorer_key: 'exact_match', scorer_name: 'Exact match', values: { correct: ok, answer_length: answer.length } }],
      action_records: null,
      errors: [],
    });
  }
  return {
    format_version: 'v1',
    app_version: '1.9.3',
    status: 'success',
    evidence: {
      metrics: [
        { metric_key: 'accuracy', scorer_key: 'exact_match', values: { correct: mean(correct) } },
        { metric_key: 'answer_length', metric_type: 'mean', scorer_key: 'exact_match', values: { answer_length: mean(lengths) } },
        { metric_key: 'answer_length_max', metric_type: 'max', scorer_key: 'exact_match', values: { answer_length: Math.max(...lengths) } },
      ],
      samples,
      errors: [],
    },
    specification: { display_name: 'Capital QA (legacy log)', task: { key: 'capital-qa', name: 'Capital and arithmetic QA' }, config: { temperature: 0 }, run_config: null },
    execution: execution(STARTED - 86400 * 90, 41.2),
    errors: [],
  };
}

function failureLog(): Json {
  const rng = seededRng(11);
  const samples: Json[] = [];
  const sampleErrors: Json[][] = [
    [{ error_type: 'DatasetError', message: 'Field "question" is missing in row 3.', hint: 'Check the dataset column mapping.', stage: 'dataset' }],
    [],
    [{ error_type: 'ScorerError', message: 'Judge response could not be parsed as a number: "very good".', stage: 'score' }],
    [{ error_type: 'RuntimeError', message: 'Unexpected disconnect from the agent runtime.' }],
  ];
  for (let n = 0; n < 4; n++) {
    const item = qaItem(rng, n);
    samples.push({
      sample_id: item.id,
      errors: sampleErrors[n],
      trials: [{
        index: 0, sample_id: item.id, sample: { data: { question: item.question, answer: item.answer } },
        solver: { output: n === 1 ? conversation(rng, item, item.answer, 'call_f1', 8) : null },
        scores: n === 1 ? [{ scorer_key: 'exact_match', values: { correct: true } }] : [],
        errors: n === 0 ? [{ error_type: 'SolverError', message: 'No input to send to the model.', stage: 'solver' }] : [],
      }],
    });
  }
  return {
    format_version: 'v1',
    app_version: '2.14.0',
    status: 'failure',
    evidence: {
      metrics: null,
      samples,
      errors: [{ error_type: 'MetricError', message: 'Cannot compute accuracy: 3 of 4 samples have no score.', hint: 'Fix the sample errors and run again.', stage: 'metric' }],
      failures: { num_errors: 3, num_total: 4 },
      model_token_usages: [{ model_id: 101, purpose: 'test', prompt_tokens: 812, completion_tokens: 64 }],
    },
    specification: specification('Capital QA — failed run', { trials: { num_trials: 1 } }),
    execution: execution(STARTED + 3600, 12.9),
    errors: [{ error_type: 'ConfigurationError', message: 'The judge model "judge-large" is not available in this workspace.', hint: 'Select an available judge model in the task configuration.', stage: 'configuration' }],
  };
}

function repeatabilityLog(): Json {
  const rng = seededRng(41);
  const items = [0, 1, 2, 3, 4, 5].map((n) => qaItem(rng, n));
  const perSample: number[][] = items.map(() => []);
  const runs: Json[] = [0, 1, 2].map((r) => {
    const correct: number[] = [];
    const samples = items.map((item, s) => {
      const ok = rng() > [0.1, 0.3, 0.5][s % 3] + [0, 0.15, -0.1][r];
      correct.push(ok ? 1 : 0);
      perSample[s].push(ok ? 1 : 0);
      return {
        sample_id: item.id,
        sample: { data: { question: item.question, answer: item.answer } },
        solver: { output: conversation(rng, item, ok ? item.answer : 'Unknown', `call_r${r}_${s}`, 6) },
        scores: [{ scorer_key: 'exact_match', scorer_name: 'Exact match', values: { correct: ok } }],
        errors: [],
      };
    });
    return { index: r, metrics: [{ metric_key: 'accuracy', metric_type: 'mean', scorer_key: 'exact_match', scorer_name: 'Exact match', values: { correct: mean(correct) } }], samples, errors: [] };
  });
  const samples: Json[] = items.map((item, s) => ({
    sample_id: item.id,
    sample: { data: { question: item.question, answer: item.answer } },
    scores: [{ scorer_key: 'exact_match', scorer_name: 'Exact match', values: { correct: mean(perSample[s]) } }],
    errors: [],
  }));
  return {
    format_version: 'v1',
    app_version: '2.14.0',
    status: 'success',
    evidence: {
      metrics: [{ metric_key: 'accuracy', metric_type: 'mean', scorer_key: 'exact_match', scorer_name: 'Exact match', values: { correct: mean(samples.map((_, s) => mean(perSample[s]))) } }],
      samples,
      runs,
      errors: [],
      model_token_usages: TOKEN_USAGE,
    },
    specification: { ...specification('Capital QA — repeatability (3 runs)'), repeatability_config: { num_runs: 3 } },
    execution: execution(STARTED + 7200, 96.3),
    errors: [],
  };
}

function hostileLog(): Json {
  const script = '<script>alert(1)</script>';
  const img = '<img src=x onerror=alert(1)>';
  const link = '[x](javascript:alert(1))';
  const all = `${script} ${img} ${link}`;
  const output: Json = {
    items: [
      { type: 'message', role: 'system', content: [{ type: 'input_text', text: `System ${script}` }] },
      { type: 'message', role: 'user', content: all },
      { type: 'reasoning', summary: [{ type: 'summary_text', text: `Thinking ${img}` }] },
      { type: 'function_call', call_id: 'call_x', name: `tool${script}`, arguments: JSON.stringify({ q: img }) },
      { type: 'function_call_output', call_id: 'call_x', output: link },
      { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: `Answer: ${all}` }] },
      { type: `custom_${script}`, payload: img },
    ],
    metadata: { model: script, tags: [img, link] },
  };
  return {
    format_version: 'v1',
    app_version: `2.14.0 ${script}`,
    status: 'failure',
    evidence: {
      metrics: [{ metric_key: `acc ${img}`, metric_type: 'mean', scorer_key: `exact ${script}`, scorer_name: link, reason: all, values: { [`correct ${script}`]: 1 } }],
      samples: [{
        sample_id: `s-${script}`,
        sample: { data: { question: all, [`${img}`]: link, answer: script } },
        solver: { output },
        scores: [{ scorer_key: `exact ${script}`, scorer_name: link, values: { [`correct ${script}`]: true, note: all }, metadata: { rationale: all } }],
        errors: [{ error_type: `Error ${script}`, message: all, hint: link, stage: 'score' }],
      }],
      errors: [{ error_type: img, message: all, hint: script }],
      model_token_usages: [{ model_id: 1, purpose: `test ${script}`, prompt_tokens: 1, completion_tokens: 1 }],
    },
    specification: { display_name: `Hostile ${all}`, task: { name: script }, config: { note: img }, run_config: null },
    execution: execution(STARTED, 1),
    errors: [{ error_type: `Fatal ${img}`, message: all, hint: link, stage: 'configuration' }],
  };
}

write('examples/logs/success-trials.tasklog.json', trialsLog('Capital QA — qa-model-small, 3 trials', 3));
write('examples/logs/mismatch.tasklog.json', trialsLog('Capital QA — MISMATCH: accuracy deliberately misreported', 3, (metrics) => {
  const accuracy = metrics[0] as { values: Record<string, Json> };
  accuracy.values.correct = round((accuracy.values.correct as number) + 0.05, 4);
}));
write('examples/logs/legacy.tasklog.json', legacyLog());
write('examples/logs/failure.tasklog.json', failureLog());
write('examples/logs/repeatability.tasklog.json', repeatabilityLog());
write('test/fixtures/logs/hostile.tasklog.json', hostileLog());
console.log('example logs written');
