/**
 * The Node API on the benchmark log (20,000 samples × 3 trials; EVAL_LENS_BENCH_API_SAMPLES picks another size):
 * every sample iterated through `openLog(…).samples()` against `eval-lens log verify --json` on the same file in
 * the same run, each a fresh process, with wall time and peak RSS.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { warmFileCache, type BenchResult } from './benchTypes';
import { ChildFigures, runChild } from './childFigures';
import { ensureTaskLog } from './taskLogData';

const root = path.resolve(__dirname, '..', '..');
const SAMPLES = Number(process.env.EVAL_LENS_BENCH_API_SAMPLES ?? 20000);
/** Each step runs this many times, alternating; the fastest of each is compared. */
const RUNS = 2;

function fastest(runs: ChildFigures[]): ChildFigures {
  return runs.reduce((best, run) => (run.seconds < best.seconds ? run : best));
}

export async function run(): Promise<BenchResult[]> {
  const bundle = path.join(root, 'dist', 'api', 'index.js');
  const cli = path.join(root, 'dist', 'cli.js');
  if (!fs.existsSync(bundle) || !fs.existsSync(cli)) throw new Error('dist/api/index.js or dist/cli.js is missing: run node esbuild.js --production --bench first');
  const file = ensureTaskLog(path.join(root, 'bench', 'data'), SAMPLES);
  const sizeMb = fs.statSync(file).size / 1e6;
  const group = `Node API (${SAMPLES.toLocaleString('en-US')} samples × 3 trials, ${sizeMb.toFixed(0)} MB)`;
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'eval-lens-api-bench-'));
  try {
    warmFileCache(file);
    const verifyRuns: ChildFigures[] = [];
    const apiRuns: ChildFigures[] = [];
    for (let n = 0; n < RUNS; n++) {
      verifyRuns.push(runChild([cli, 'log', 'verify', file, '--json'], scratch));
      apiRuns.push(runChild([path.join(__dirname, 'nodeApiBenchChild.js'), bundle, file], scratch));
    }
    const verify = fastest(verifyRuns);
    const api = fastest(apiRuns);
    if (verify.status !== 0 && verify.status !== 1) throw new Error(`log verify failed: ${verify.stderr}`);
    if (api.status !== 0) throw new Error(`the API run failed: ${api.stderr}`);
    const read = JSON.parse(api.stdout) as { samples: number; trials: number; expected: number; seconds: number };
    if (read.samples !== read.expected) throw new Error(`the API read ${read.samples} of ${read.expected} samples`);
    return [
      { group, metric: '`eval-lens log verify --json` (fresh process)', value: verify.seconds, unit: 's', note: `peak RSS ${verify.peakMb.toFixed(0)} MB; fastest of ${RUNS}` },
      { group, metric: 'every sample through openLog(…).samples() (fresh process)', value: api.seconds, unit: 's', peer: { name: 'log verify', value: verify.seconds }, goal: '≤ 1.2× log verify', met: api.seconds <= 1.2 * verify.seconds, note: `${read.samples.toLocaleString('en-US')} samples, ${read.trials.toLocaleString('en-US')} trials; ${read.seconds.toFixed(2)} s inside the script; fastest of ${RUNS}` },
      { group, metric: 'openLog + samples() peak RSS', value: api.peakMb, unit: 'MB', goal: `≤ 2× file (${(2 * sizeMb).toFixed(0)} MB)`, met: api.peakMb <= 2 * sizeMb, note: `${(api.peakMb / sizeMb).toFixed(2)}× the file` },
    ];
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}
