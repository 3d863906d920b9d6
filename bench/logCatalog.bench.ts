/**
 * Evaluation Logs view benchmark: the facts (task, model, status, first metric, samples, date) of 1,000 logs —
 * task result logs of three sizes (18 KB, 160 KB and 520 KB, the last larger than the head read so its
 * specification comes from the tail) and Inspect `.eval` archives — read with a cold cache, then again with a
 * warm one (only a stat per file). Goal: each listing ≤ 1 s.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { LogFactsCache } from '../src/core/logCatalog/logFactsCache';
import { isLogFactsProblem } from '../src/core/logCatalog/logFacts';
import { buildEvalArchive, inspectSample } from '../test/unit/sources/inspectLogData';
import { BenchResult, warmFileCache } from './benchTypes';

const LOGS = 1000;
const RUNS = 3;
const GOAL_MS = 1000;
const root = resolve(__dirname, '..', '..');
const group = `Evaluation Logs view (${LOGS.toLocaleString('en-US')} logs: task result logs and .eval)`;

/** Writes the logs into folders of 50 (a folder of runs), every fourth one an Inspect archive; returns their paths. */
function writeLogs(dir: string): string[] {
  const examples = join(root, 'examples', 'logs');
  const taskLogs = ['legacy.tasklog.json', 'success-trials.tasklog.json', 'compare-baseline.tasklog.json'].map((name) => readFileSync(join(examples, name), 'utf8'));
  const archive = buildEvalArchive(Array.from({ length: 20 }, (_, i) => inspectSample(i + 1)));
  rmSync(dir, { recursive: true, force: true });
  const files: string[] = [];
  for (let i = 0; i < LOGS; i++) {
    const folder = join(dir, `runs-${Math.floor(i / 50)}`);
    if (i % 50 === 0) mkdirSync(folder, { recursive: true });
    const file = i % 4 === 3 ? join(folder, `run-${i}.eval`) : join(folder, `run-${i}.tasklog.json`);
    writeFileSync(file, i % 4 === 3 ? archive : taskLogs[i % 3]);
    files.push(file);
  }
  return files;
}

/** Wall time and this process's CPU time (which other work on the machine does not inflate) of one listing. */
async function timed(cache: LogFactsCache, files: string[]): Promise<{ ms: number; cpuMs: number; problems: number }> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const results = await cache.factsOfAll(files);
  const used = process.cpuUsage(cpu);
  return { ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000, problems: results.filter(isLogFactsProblem).length };
}

export async function run(): Promise<BenchResult[]> {
  const files = writeLogs(join(root, 'bench', 'data', 'logcatalog'));
  for (const file of files) warmFileCache(file);
  let cold = Infinity;
  let warm = Infinity;
  let coldCpu = Infinity;
  let problems = 0;
  for (let r = 0; r < RUNS; r++) {
    const cache = new LogFactsCache();
    const first = await timed(cache, files);
    const second = await timed(cache, files);
    cold = Math.min(cold, first.ms);
    coldCpu = Math.min(coldCpu, first.cpuMs);
    warm = Math.min(warm, second.ms);
    problems += first.problems + second.problems;
  }
  const facts = problems ? `${problems} log(s) gave a problem instead of facts` : 'every log gave its facts';
  const note = `${facts}; files in the OS cache, best of ${RUNS}; CPU time of the cold listing ${coldCpu.toFixed(0)} ms`;
  return [
    { group, metric: 'list, cold cache', value: cold, unit: 'ms', goal: '≤ 1 s', met: cold <= GOAL_MS && problems === 0, note },
    { group, metric: 'list again, warm cache', value: warm, unit: 'ms', goal: '≤ 1 s', met: warm <= GOAL_MS && problems === 0 },
  ];
}
