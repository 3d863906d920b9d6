/**
 * Filter preview benchmark: a full count of 1,000,000 generated rows (JSONL and CSV) through three
 * filters, Eval Lens `preview` against DuckDB with the same WHERE clause. Each measurement runs in
 * its own child process, so its peak resident memory (VmHWM) is its own.
 */
import { execFile } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { preview } from '../src/core/sources/preview';
import { ensureBenchFiles } from './benchData';
import { duckDb } from './benchPeers';
import { BenchResult, warmFileCache } from './benchTypes';

const ROWS = 1_000_000;
const SMALL_ROWS = 200_000;
const RUNS = 3;
const FILTERS = [
  { op: 'in', expression: '{{ sample.category }}', values: ['math', 'code'] },
  { op: 'greater_or_equal', expression: '{{ sample.difficulty }}', value: 3 },
  { op: 'is_true', expression: '{{ sample.is_hard }}' },
];
const WHERE = "category IN ('math', 'code') AND difficulty >= 3 AND is_hard";

interface ChildFigures {
  seconds: number;
  firstRowsMs?: number;
  matched: number;
  total?: number;
  peakRssMb: number;
}

function peakRssMb(): number {
  const status = readFileSync('/proc/self/status', 'utf8');
  const match = /VmHWM:\s+(\d+) kB/.exec(status);
  return match ? Number(match[1]) / 1024 : process.memoryUsage().rss / 1024 / 1024;
}

async function childEvalLens(file: string): Promise<ChildFigures> {
  const start = performance.now();
  let firstRowsMs: number | undefined;
  const result = await preview({ source: { type: 'local', file_path: file, filters: FILTERS } }, {
    limit: 100,
    onFirstPage: () => {
      firstRowsMs = performance.now() - start;
    },
  });
  const seconds = (performance.now() - start) / 1000;
  return { seconds, firstRowsMs, matched: result.matched, total: result.total, peakRssMb: peakRssMb() };
}

async function childDuckDb(file: string): Promise<ChildFigures> {
  const { DuckDBInstance } = duckDb();
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  const reader = file.endsWith('.csv') ? `read_csv('${file}', header = true)` : `read_json('${file}', format = 'newline_delimited')`;
  const start = performance.now();
  const answer = await connection.runAndReadAll(`SELECT COUNT(*) FROM ${reader} WHERE ${WHERE}`);
  const seconds = (performance.now() - start) / 1000;
  const matched = Number(answer.getRows()[0][0]);
  return { seconds, matched, peakRssMb: peakRssMb() };
}

function inChild(engine: 'evallens' | 'duckdb', file: string): Promise<ChildFigures> {
  return new Promise((resolvePromise, reject) => {
    execFile(process.execPath, [__filename, '--child', engine, file], { maxBuffer: 1 << 20 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${engine} child failed: ${stderr || error.message}`));
      else resolvePromise(JSON.parse(stdout) as ChildFigures);
    });
  });
}

const faster = (a: ChildFigures | undefined, b: ChildFigures) => (!a || b.seconds < a.seconds ? b : a);

/** The best of RUNS runs of each engine, taking turns, on a file already in the cache. */
async function bestOfEach(file: string): Promise<{ ours: ChildFigures; duck: ChildFigures }> {
  warmFileCache(file);
  let ours: ChildFigures | undefined;
  let duck: ChildFigures | undefined;
  for (let run = 0; run < RUNS; run++) {
    ours = faster(ours, await inChild('evallens', file));
    duck = faster(duck, await inChild('duckdb', file));
  }
  return { ours: ours as ChildFigures, duck: duck as ChildFigures };
}

const round = (value: number, digits = 3) => Number(value.toFixed(digits));

export async function run(): Promise<BenchResult[]> {
  const root = resolve(__dirname, '..', '..');
  const big = await ensureBenchFiles(root, ROWS);
  const small = await ensureBenchFiles(root, SMALL_ROWS);
  const results: BenchResult[] = [];
  for (const format of ['jsonl', 'csv'] as const) {
    const file = big[format];
    const sizeMb = Math.round(statSync(file).size / 1024 / 1024);
    const group = `filter preview (${format.toUpperCase()}, 1M rows, ${sizeMb} MB)`;
    const { ours, duck } = await bestOfEach(file);
    const ratio = ours.seconds / duck.seconds;
    const sameCount = ours.matched === duck.matched;
    results.push({
      group,
      metric: 'full count, 3 filters',
      value: round(ours.seconds),
      unit: 's',
      peer: { name: 'DuckDB', value: round(duck.seconds) },
      note: `best of ${RUNS} each, taking turns, file in the cache; matched ${ours.matched} of ${ours.total} (DuckDB ${duck.matched}${sameCount ? ', same' : ', DIFFERENT'})`,
    });
    results.push({ group, metric: 'ratio Eval Lens / DuckDB', value: round(ratio, 2), unit: 'x', goal: '≤ 1.5', met: ratio <= 1.5 });
    results.push({ group, metric: 'time to first 100 rows', value: round(ours.firstRowsMs ?? Number.NaN, 1), unit: 'ms', goal: '≤ 50 ms', met: (ours.firstRowsMs ?? Infinity) <= 50 });
    const smallOurs = await inChild('evallens', small[format]);
    results.push({
      group,
      metric: 'peak RSS, whole process',
      value: round(ours.peakRssMb, 0),
      unit: 'MB',
      peer: { name: 'DuckDB', value: round(duck.peakRssMb, 0) },
      goal: 'flat in file size',
      met: ours.peakRssMb <= smallOurs.peakRssMb * 1.2 + 10,
      note: `Eval Lens with ${SMALL_ROWS.toLocaleString('en-US')} rows: ${round(smallOurs.peakRssMb, 0)} MB`,
    });
  }
  return results;
}

if (require.main === module && process.argv[2] === '--child') {
  const engine = process.argv[3];
  const file = join(process.argv[4]);
  (engine === 'duckdb' ? childDuckDb(file) : childEvalLens(file)).then(
    (figures) => process.stdout.write(JSON.stringify(figures)),
    (error: unknown) => {
      process.stderr.write(String(error instanceof Error ? error.stack : error));
      process.exitCode = 1;
    },
  );
}
