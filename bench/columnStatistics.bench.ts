/**
 * Column statistics benchmark: the statistics of every column of the 1,000,000-row chat-format file (the preview
 * grid's statistics strip, docs/semantics.md §13) against DuckDB's `SUMMARIZE` of `read_json_auto` on the same
 * file. Each measurement runs in its own child process, so its peak resident memory (VmHWM, every thread) is its
 * own; a 200,000-row file shows whether memory stays flat.
 */
import { execFile } from 'node:child_process';
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { columnStatistics } from '../src/core/sources/columnStatistics';
import { duckDb } from './benchPeers';
import { BenchResult, cpuSince, peakRssMb, warmFileCache } from './benchTypes';
import { ensureShapedBenchFiles } from './nestedBenchData';

const ROWS = 1_000_000;
const SMALL_ROWS = 200_000;
const RUNS = 3;
const GOAL_RATIO = 1.5;

interface ChildFigures {
  seconds: number;
  cpuSeconds: number;
  rows: number;
  columns: number;
  peakRssMb: number;
}

async function childEvalLens(file: string): Promise<ChildFigures> {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const result = await columnStatistics({ source: { type: 'local', file_path: file } });
  const seconds = (performance.now() - start) / 1000;
  return { seconds, cpuSeconds: cpuSince(cpu), rows: result.rows, columns: result.columns.length, peakRssMb: peakRssMb() };
}

async function childDuckDb(file: string): Promise<ChildFigures> {
  const { DuckDBInstance } = duckDb();
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  const cpu = process.cpuUsage();
  const start = performance.now();
  const answer = await connection.runAndReadAll(`SUMMARIZE SELECT * FROM read_json_auto('${file}')`);
  const seconds = (performance.now() - start) / 1000;
  const rows = answer.getRows();
  // SUMMARIZE's last column but one is the row count of each column.
  const count = Number(rows[0]?.[rows[0].length - 2] ?? 0);
  return { seconds, cpuSeconds: cpuSince(cpu), rows: count, columns: rows.length, peakRssMb: peakRssMb() };
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
const round = (value: number, digits = 3) => Number(value.toFixed(digits));

export async function run(): Promise<BenchResult[]> {
  const root = resolve(__dirname, '..', '..');
  const { nested } = await ensureShapedBenchFiles(root, ROWS, 720_000);
  const small = await ensureShapedBenchFiles(root, SMALL_ROWS, 144_000);
  warmFileCache(nested);
  let ours: ChildFigures | undefined;
  let duck: ChildFigures | undefined;
  for (let k = 0; k < RUNS; k++) {
    ours = faster(ours, await inChild('evallens', nested));
    duck = faster(duck, await inChild('duckdb', nested));
  }
  const best = ours as ChildFigures;
  const peer = duck as ChildFigures;
  const smallOurs = await inChild('evallens', small.nested);
  const group = `column statistics (chat-format JSONL, 1M rows, ${Math.round(statSync(nested).size / 1024 / 1024)} MB)`;
  const ratio = best.seconds / peer.seconds;
  const sameRows = best.rows === peer.rows;
  return [
    {
      group, metric: `statistics of every column (${best.columns})`, value: round(best.seconds), unit: 's',
      peer: { name: 'DuckDB SUMMARIZE', value: round(peer.seconds) },
      note: `best of ${RUNS} each, taking turns, file in the cache; ${best.rows} rows (DuckDB ${peer.rows}${sameRows ? ', same' : ', DIFFERENT'})`,
    },
    { group, metric: 'ratio Eval Lens / DuckDB SUMMARIZE', value: round(ratio, 2), unit: 'x', goal: `≤ ${GOAL_RATIO}`, met: ratio <= GOAL_RATIO && sameRows },
    { group, metric: 'CPU time of that run, all threads', value: round(best.cpuSeconds), unit: 's', peer: { name: 'DuckDB SUMMARIZE', value: round(peer.cpuSeconds) } },
    {
      group, metric: 'peak RSS, whole process', value: round(best.peakRssMb, 0), unit: 'MB',
      peer: { name: 'DuckDB SUMMARIZE', value: round(peer.peakRssMb, 0) },
      goal: 'flat in file size', met: best.peakRssMb <= smallOurs.peakRssMb * 1.2 + 10,
      note: `Eval Lens with ${SMALL_ROWS.toLocaleString('en-US')} rows: ${round(smallOurs.peakRssMb, 0)} MB`,
    },
  ];
}

if (require.main === module && process.argv[2] === '--child') {
  const engine = process.argv[3];
  const file = process.argv[4];
  (engine === 'duckdb' ? childDuckDb(file) : childEvalLens(file)).then(
    (figures) => process.stdout.write(JSON.stringify(figures)),
    (error: unknown) => {
      process.stderr.write(String(error instanceof Error ? error.stack : error));
      process.exitCode = 1;
    },
  );
}
