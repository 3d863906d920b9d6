/**
 * Writes the baseline/candidate pair of examples/logs/ used to show comparing runs: the same 40 questions
 * answered three times each by two models. The candidate is better by design (each trial fails a quarter
 * less often) and one question was reworded in the candidate's dataset (its input changed).
 * Run: node esbuild.js --bench && node out/bench/generateCompareExamples.js
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { execution, Json, randomOutcome, seededRng, specification, trialMetrics, trialSample, TrialOutcome } from './logGenerator';

const root = process.env.EVAL_LENS_ROOT ?? path.resolve(__dirname, '..', '..');
const SAMPLES = 40;
const STARTED = 1767344400; // 2026-01-02T09:00:00Z
/** Index of the question reworded in the candidate's dataset. */
const REWORDED = 7;

interface RunSettings {
  displayName: string;
  model: string;
  modelId: number;
  outcomeSeed: number;
  /** Added to each item's chance of failing a trial. */
  difficultyShift: number;
  runtime: number;
  testTokens: [number, number];
}

function compareLog(run: RunSettings, rewordSample?: number): Json {
  const outcomesRng = seededRng(run.outcomeSeed);
  const samples: Json[] = [];
  const aggregated: Record<string, number>[] = [];
  for (let n = 0; n < SAMPLES; n++) {
    const difficulty = Math.max(0.02, [0.2, 0.4, 0.6, 0.85][n % 4] + run.difficultyShift);
    const outcomes: TrialOutcome[] = [0, 1, 2].map(() => randomOutcome(outcomesRng, difficulty));
    // The same question, tool output and wording in both logs: the item comes from a seed of its own.
    const built = trialSample(seededRng(5000 + n), n, outcomes, 12);
    const sample = built.sample as { trials: { sample: { data: Record<string, Json> }; solver: { output: { metadata?: Record<string, Json> } | null } }[] };
    for (const trial of sample.trials) {
      if (trial.solver.output?.metadata) trial.solver.output.metadata.model = run.model;
      if (n === rewordSample) trial.sample = { data: { ...trial.sample.data, question: `${String(trial.sample.data.question)} Give only the name.` } };
    }
    samples.push(built.sample);
    aggregated.push(built.aggregated);
  }
  const spec = specification(run.displayName) as Record<string, Json>;
  spec.evaluated_entity = { type: 'model', key: run.model, model_id: run.modelId };
  return {
    format_version: 'v1',
    app_version: '2.14.0',
    status: 'success',
    evidence: {
      metrics: trialMetrics(aggregated),
      samples,
      errors: [],
      model_token_usages: [
        { model_id: run.modelId, purpose: 'test', prompt_tokens: run.testTokens[0], completion_tokens: run.testTokens[1] },
        { model_id: 202, purpose: 'judge', prompt_tokens: 50820, completion_tokens: 3610 },
      ],
    },
    specification: spec,
    execution: execution(STARTED, run.runtime),
    errors: [],
  };
}

function write(rel: string, value: Json): void {
  const file = path.join(root, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
}

write('examples/logs/compare-baseline.tasklog.json', compareLog({
  displayName: 'Capital QA — qa-model-small (baseline)', model: 'qa-model-small', modelId: 101, outcomeSeed: 11, difficultyShift: 0, runtime: 412.5, testTokens: [80350, 15200],
}));
write('examples/logs/compare-candidate.tasklog.json', compareLog({
  displayName: 'Capital QA — qa-model-medium (candidate)', model: 'qa-model-medium', modelId: 103, outcomeSeed: 12, difficultyShift: -0.25, runtime: 367.2, testTokens: [80350, 13100],
}, REWORDED));
