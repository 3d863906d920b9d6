/**
 * Writes the two Inspect logs of examples/logs/: arith-inspect.eval and arith-inspect-candidate.eval, the same
 * 5 questions × 2 epochs answered by two models (zstd entries, sample 4 in the chunked layout, the samples'
 * summaries in `summaries.json` as a finished run has them). Each header carries
 * what Inspect stores after a run — the results' accuracy and stderr over the epoch-reduced grades, the token usage
 * per model — worked out here with Inspect's formulas, so that opening either shows its metrics verified and
 * comparing them shows a paired difference. examples/datasets/eval-logs.dataset.yaml reads the first.
 * Run: node esbuild.js --bench && node out/bench/generateExampleEvalLog.js
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { HEADER, buildEvalArchive, inspectSample } from '../test/unit/sources/inspectLogData';

const root = process.env.EVAL_LENS_ROOT ?? path.resolve(__dirname, '..', '..');
const IDS = [1, 2, 3, 4, 5];
const EPOCHS = [1, 2];

interface Run {
  file: string;
  model: string;
  /** The grade of sample `id` in `epoch`: C (correct) or I (incorrect). */
  grade: (id: number, epoch: number) => 'C' | 'I';
  startedAt: string;
  completedAt: string;
}

const RUNS: Run[] = [
  { file: 'arith-inspect.eval', model: 'openai/gpt-test', grade: (id) => (id % 3 === 0 ? 'I' : 'C'), startedAt: '2026-11-01T10:00:00+00:00', completedAt: '2026-11-01T10:05:00+00:00' },
  { file: 'arith-inspect-candidate.eval', model: 'openai/gpt-test-mini', grade: (id, epoch) => (id === 2 || (id === 5 && epoch === 2) ? 'I' : 'C'), startedAt: '2026-11-02T09:00:00+00:00', completedAt: '2026-11-02T09:03:20+00:00' },
];

function mean(values: number[]): number {
  return values.reduce((a, b) => a + b, 0) / values.length;
}

/** Inspect's stderr: the sample standard deviation (n − 1) over √n. */
function stderr(values: number[]): number {
  const m = mean(values);
  return Math.sqrt(values.reduce((a, v) => a + (v - m) ** 2, 0) / (values.length - 1)) / Math.sqrt(values.length);
}

function sampleOf(run: Run, id: number, epoch: number): Record<string, unknown> {
  const sample = inspectSample(id, epoch);
  const model = run.model.slice(run.model.indexOf('/') + 1);
  const usage = (sample.model_usage as Record<string, unknown>)['openai/gpt-test'];
  const text = JSON.stringify({ ...sample, model_usage: {} }).replaceAll('"gpt-test"', JSON.stringify(model));
  const scores = { match: { ...(sample.scores as { match: Record<string, unknown> }).match, value: run.grade(id, epoch) } };
  return { ...(JSON.parse(text) as Record<string, unknown>), scores, model_usage: { [run.model]: usage, 'openai/grader': (sample.model_usage as Record<string, unknown>)['openai/grader'] } };
}

function headerOf(run: Run, samples: Record<string, unknown>[]): Record<string, unknown> {
  // Epochs reduced by the mean, then accuracy and stderr over the samples (Inspect's defaults).
  const reduced = IDS.map((id) => mean(EPOCHS.map((epoch) => (run.grade(id, epoch) === 'C' ? 1 : 0))));
  const usage: Record<string, Record<string, number>> = {};
  for (const sample of samples) {
    for (const [model, counts] of Object.entries(sample.model_usage as Record<string, Record<string, number>>)) {
      const total = (usage[model] ??= { input_tokens: 0, output_tokens: 0, total_tokens: 0 });
      for (const key of Object.keys(total)) total[key] += counts[key];
    }
  }
  const evalPart = { ...HEADER.eval, model: run.model, dataset: { name: 'arith', samples: IDS.length }, config: { epochs: EPOCHS.length, epochs_reducer: ['mean'] } };
  return {
    ...HEADER,
    eval: evalPart,
    // Inspect counts every epoch of every sample in total_samples, the reduced samples in scored_samples.
    results: {
      total_samples: IDS.length * EPOCHS.length,
      completed_samples: IDS.length * EPOCHS.length,
      scores: [{ name: 'match', scorer: 'match', reducer: 'mean', scored_samples: IDS.length, unscored_samples: 0, params: {}, metrics: { accuracy: { name: 'accuracy', value: mean(reduced), params: {} }, stderr: { name: 'stderr', value: stderr(reduced), params: {} } } }],
    },
    stats: { started_at: run.startedAt, completed_at: run.completedAt, model_usage: usage },
  };
}

/** What Inspect writes of a finished sample in `summaries.json`: no messages or events, the input as text. */
function summaryOf(sample: Record<string, unknown>): Record<string, unknown> {
  const attachments = sample.attachments as Record<string, string>;
  const input = typeof sample.input === 'string' && sample.input.startsWith('attachment://') ? attachments[sample.input.slice('attachment://'.length)] : sample.input;
  const { id, epoch, target, metadata, scores, model_usage, started_at, completed_at, total_time, working_time, uuid } = sample;
  const message_count = (sample.messages as unknown[]).length;
  return { id, epoch, input, target, metadata, scores, model_usage, started_at, completed_at, total_time, working_time, uuid, retries: 0, completed: true, message_count };
}

for (const run of RUNS) {
  const samples = EPOCHS.flatMap((epoch) => IDS.map((id) => sampleOf(run, id, epoch)));
  const summaries = { name: 'summaries.json', data: JSON.stringify(samples.map(summaryOf)), method: 93, frames: 1 };
  const bytes = buildEvalArchive(samples, { method: 93, frames: 2, chunked: (sample) => sample.id === 4, header: headerOf(run, samples), extra: [summaries] });
  const file = path.join(root, 'examples', 'logs', run.file);
  fs.writeFileSync(file, bytes);
  console.log(`wrote ${path.relative(root, file)} (${bytes.length} bytes)`);
}
