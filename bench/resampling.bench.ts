/**
 * The paired bootstrap and sign-flip permutation test (docs/semantics.md §12) on 20,000 paired differences, as a
 * comparison of two 20,000-sample logs adds them, without reading any log: the per-sample values are drawn the
 * way bench/logGenerator.ts draws them (a judge score, the mean of three trials rounded to 2 decimals, and the
 * mean of three 0/1 trials), from two seeds. Best of three runs in this process; then both keys as the compare view
 * runs them after its table, in worker threads (dist/worker/resampling.js), from the start to the last figure.
 * What the compare view waits for on the real 20,000-sample bench pair (every metric key, and memory) is measured by
 * compare.bench.ts.
 */
import { performance } from 'node:perf_hooks';
import type { BenchResult } from './benchTypes';
import { randomOutcome, round, seededRng } from './logGenerator';
import * as path from 'node:path';
import { resamplingFigures } from '../src/core/compare/smallSampleFigures';
import { runResampling } from '../src/core/compare/resamplingRunner';

const PAIRS = 20000;
const RUNS = 3;
const group = `resampling (${PAIRS.toLocaleString('en-US')} paired samples, 10,000 resamples)`;

/** Per-sample values of one log: the judge score and the pass rate, each the mean over three trials. */
function sampleValues(seed: number): { quality: Float64Array; correct: Float64Array } {
  const rng = seededRng(seed);
  const quality = new Float64Array(PAIRS);
  const correct = new Float64Array(PAIRS);
  for (let i = 0; i < PAIRS; i++) {
    const difficulty = (i % 10) / 10;
    const trials = [randomOutcome(rng, difficulty), randomOutcome(rng, difficulty), randomOutcome(rng, difficulty)];
    quality[i] = round(trials.reduce((s, t) => s + t.quality, 0) / 3, 4);
    correct[i] = trials.filter((t) => t.correct).length / 3;
  }
  return { quality, correct };
}

function differences(a: Float64Array, b: Float64Array): Float64Array {
  return Float64Array.from(a, (x, i) => b[i] - x);
}

function bestMs(d: Float64Array): number {
  let best = Infinity;
  for (let r = 0; r < RUNS; r++) {
    const started = performance.now();
    resamplingFigures(d, null);
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

/** Both keys through the compare view's runner (worker threads), start to last result, best of three. */
async function bestWorkerMs(jobs: { metricId: string; differences: Float64Array }[]): Promise<number> {
  const script = path.resolve(__dirname, '..', '..', 'dist', 'worker', 'resampling.js');
  let best = Infinity;
  for (let r = 0; r < RUNS; r++) {
    const work = jobs.map((j) => ({ candidate: 1, metricId: j.metricId, differences: j.differences.slice(), tP: null }));
    const started = performance.now();
    const finished = await runResampling(work, undefined, script, () => undefined).done;
    if (!finished) throw new Error(`the resampling workers did not finish (is ${script} built?)`);
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

export async function run(): Promise<BenchResult[]> {
  const baseline = sampleValues(1);
  const candidate = sampleValues(2);
  const quality = differences(baseline.quality, candidate.quality);
  const correct = differences(baseline.correct, candidate.correct);
  const qualityMs = bestMs(quality);
  const correctMs = bestMs(correct);
  const workerMs = await bestWorkerMs([{ metricId: 'quality', differences: quality }, { metricId: 'correct', differences: correct }]);
  return [
    { group, metric: 'judge score (many distinct differences): bootstrap + permutation', value: qualityMs, unit: 'ms', goal: '≤ 1000 ms', met: qualityMs <= 1000 },
    { group, metric: 'pass rate over 3 trials (7 distinct differences): bootstrap + permutation', value: correctMs, unit: 'ms', goal: '≤ 1000 ms', met: correctMs <= 1000 },
    { group, metric: 'both keys in the compare view\'s worker threads, start to last figure (added after the table)', value: workerMs, unit: 'ms', goal: '≤ 1000 ms', met: workerMs <= 1000 },
  ];
}
