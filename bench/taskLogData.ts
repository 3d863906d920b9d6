/** Seeded generation of the task result log benchmark file (bench/data/, git-ignored): N samples × 3 trials with conversations. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { warmFileCache } from './benchTypes';
import { execution, Json, randomOutcome, seededRng, specification, TOKEN_USAGE, trialMetrics, trialSample } from './logGenerator';

/** Reasoning words per trial: sets the size (about 10 kB per sample of three trials). */
const PADDING_WORDS = 210;

function writeSync(fd: number, text: string): void {
  fs.writeSync(fd, text);
}

/**
 * How the log's top-level members are ordered: the specification and execution before the evidence (as a
 * streaming writer puts them), or in the order the specification lists them (the evidence first).
 */
export type MemberOrder = 'specification-first' | 'evidence-first';

/** Writes the log (if not there yet) and returns its path; the same samples in either member order. */
export function ensureTaskLog(dataDir: string, samples: number, seed = 20260101, order: MemberOrder = 'specification-first'): string {
  const file = path.join(dataDir, order === 'specification-first' ? `tasklog-${samples}x3.tasklog.json` : `tasklog-${samples}x3.${order}.tasklog.json`);
  if (fs.existsSync(file)) return file;
  fs.mkdirSync(dataDir, { recursive: true });
  const rng = seededRng(seed);
  const tmp = `${file}.tmp`;
  const fd = fs.openSync(tmp, 'w');
  const aggregated: Record<string, number>[] = [];
  const header = {
    format_version: 'v1',
    app_version: '2.14.0',
    status: 'success',
    specification: specification(`Capital QA — ${samples} samples × 3 trials`),
    execution: execution(1767258000, 5400),
    errors: [],
  };
  const { specification: spec, execution: run, errors, ...first } = header;
  const head = JSON.stringify(order === 'specification-first' ? header : first);
  writeSync(fd, `${head.slice(0, -1)},"evidence":{"samples":[\n`);
  for (let n = 0; n < samples; n++) {
    const difficulty = [0.1, 0.25, 0.5, 0.8][n % 4];
    const outcomes = [0, 1, 2].map(() => randomOutcome(rng, difficulty));
    if (n % 97 === 5) outcomes[1] = { ...outcomes[1], error: { error_type: 'TimeoutError', message: 'The model endpoint did not answer within 60 s.', stage: 'solver' } };
    const built = trialSample(rng, n, outcomes, PADDING_WORDS);
    aggregated.push(built.aggregated);
    writeSync(fd, `${n ? ',\n' : ''}${JSON.stringify(built.sample)}`);
  }
  const tail: Json = { metrics: trialMetrics(aggregated), errors: [], model_token_usages: TOKEN_USAGE };
  const after = order === 'specification-first' ? '' : `,${JSON.stringify({ specification: spec, execution: run, errors }).slice(1, -1)}`;
  writeSync(fd, `],${JSON.stringify(tail).slice(1)}${after}}\n`);
  fs.closeSync(fd);
  fs.renameSync(tmp, file);
  return file;
}

/**
 * The two logs the compare benchmarks pair: the task log of `samples` samples and a candidate from another
 * seed (written if not there yet), read once so that they are in the OS cache; with their size in MB.
 */
export function ensureCompareLogs(dataDir: string, samples: number): { baseline: string; candidate: string; sizeMb: number } {
  const baseline = ensureTaskLog(dataDir, samples);
  const candidate = ensureTaskLog(path.join(dataDir, 'compare-candidate'), samples, 20260202);
  warmFileCache(baseline);
  warmFileCache(candidate);
  return { baseline, candidate, sizeMb: (fs.statSync(baseline).size + fs.statSync(candidate).size) / 1e6 };
}
