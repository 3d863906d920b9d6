/**
 * `eval-lens log compare` of two logs of 1,000,000 small samples (one 0/1 score each, about 80 MB a log),
 * where the per-sample memory decides rather than the files' bytes: `--json` (every changed sample, about
 * 145 MB of JSON, written to a file) and `-o compare.html` as child processes, their wall time and peak RSS
 * against a fresh process's `JSON.parse` of both files, with the goal of peak memory ≤ 2× the two files.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { BenchResult } from './benchTypes';
import { runChild } from './childFigures';
import { ensureManySampleCompareLogs } from './manySampleLogs';

const SAMPLES = 1_000_000;
const root = path.resolve(__dirname, '..', '..');
const cli = path.join(root, 'dist', 'cli.js');
const LOAD_NOTE = 'measured once on a shared, loaded machine (2 cores); figures vary from run to run';

export async function run(): Promise<BenchResult[]> {
  if (!fs.existsSync(cli)) throw new Error('dist/cli.js is missing: run node esbuild.js --production --bench first');
  const { baseline, candidate, sizeMb } = ensureManySampleCompareLogs(path.join(root, 'bench', 'data'), SAMPLES);
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'eval-lens-many-samples-'));
  try {
    const group = `log compare on the CLI (2 logs × ${SAMPLES.toLocaleString('en-US')} samples × 1 score, ${sizeMb.toFixed(0)} MB)`;
    const floor = runChild(['-e', `const t = performance.now(); for (const f of ${JSON.stringify([baseline, candidate])}) JSON.parse(require('fs').readFileSync(f, 'utf8')); process.stdout.write(String((performance.now() - t) / 1000));`], scratch);
    if (floor.status !== 0) throw new Error(`JSON.parse failed: ${floor.stderr}`);
    const jsonFile = path.join(scratch, 'compare.json');
    const json = runChild([cli, 'log', 'compare', baseline, candidate, '--json'], scratch, jsonFile);
    if (json.status !== 0) throw new Error(`log compare --json failed: ${json.stderr}`);
    const jsonMb = fs.statSync(jsonFile).size / 1e6;
    fs.rmSync(jsonFile, { force: true });
    const html = path.join(scratch, 'compare.html');
    const page = runChild([cli, 'log', 'compare', baseline, candidate, '-o', html], scratch);
    if (page.status !== 0) throw new Error(`log compare -o failed: ${page.stderr}`);
    const htmlMb = fs.statSync(html).size / 1e6;
    const timed = (metric: string, seconds: number, note: string): BenchResult => ({ group, metric, value: seconds, unit: 's', peer: { name: 'JSON.parse of both', value: floor.seconds }, goal: '≤ 1.5× JSON.parse', met: seconds <= 1.5 * floor.seconds, note });
    const memory = (metric: string, mb: number): BenchResult => ({ group, metric, value: mb, unit: 'MB', goal: `≤ 2× the two files (${(2 * sizeMb).toFixed(0)} MB)`, met: mb <= 2 * sizeMb, note: `${(mb / sizeMb).toFixed(2)}× the two files` });
    return [
      { group, metric: 'read + JSON.parse of both files (floor, fresh process)', value: floor.seconds, unit: 's', note: `${floor.peakMb.toFixed(0)} MB peak RSS; ${LOAD_NOTE}` },
      timed('`log compare --json` time', json.seconds, `${jsonMb.toFixed(0)} MB of JSON written to a file`),
      memory('`log compare --json` peak RSS', json.peakMb),
      timed('`log compare -o compare.html` time', page.seconds, `${htmlMb.toFixed(0)} MB of HTML`),
      memory('`log compare -o compare.html` peak RSS', page.peakMb),
    ];
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}
