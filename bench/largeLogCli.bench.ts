/**
 * Large task result logs on the command line, where CI runners have little memory: `eval-lens log verify`
 * and `eval-lens log report -o` (dist/cli.js) as child processes on the seeded 20,000 × 3 log (and the
 * 60,000 × 3 one with EVAL_LENS_BENCH_LARGE_LOG=1), with their wall time and peak RSS against a plain
 * `JSON.parse` of the file (the floor), and the time headless Chromium takes to show the exported HTML's summary;
 * `eval-lens log compare` (`--json` and `-o`) of two 20,000 × 3 logs against a `JSON.parse` of both files.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { warmFileCache, type BenchResult } from './benchTypes';
import { ChildFigures, runChild } from './childFigures';
import { ensureCompareLogs, ensureTaskLog } from './taskLogData';
import { launchBrowser } from '../test/e2e/harness/workbench';

const root = path.resolve(__dirname, '..', '..');
const cli = path.join(root, 'dist', 'cli.js');
const LOAD_NOTE = 'measured once on a shared, loaded machine (2 cores); figures vary from run to run';

/** The floor: read the files and JSON.parse each, in a fresh process. */
function plainParse(files: string | string[], scratch: string): ChildFigures {
  const list = JSON.stringify(Array.isArray(files) ? files : [files]);
  return runChild(['-e', `const t = performance.now(); for (const f of ${list}) JSON.parse(require('fs').readFileSync(f, 'utf8')); process.stdout.write(String((performance.now() - t) / 1000));`], scratch);
}

/** Seconds from navigation to the summary shown, then from the samples tab's click to the detail of the 4th sample shown. */
async function timeToSummary(html: string): Promise<{ summary: number; detail: number }> {
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const started = performance.now();
    await page.goto(`file://${html}`, { waitUntil: 'commit', timeout: 120_000 });
    await page.locator('[data-testid="display-name"]').waitFor({ state: 'visible', timeout: 120_000 });
    await page.locator('[role="tab"][data-tab="overview"]').waitFor({ state: 'visible', timeout: 120_000 });
    const summary = (performance.now() - started) / 1000;
    const asked = performance.now();
    await page.locator('[role="tab"][data-tab="samples"]').click();
    await page.locator('.grid-row[data-sample-index="3"]').click({ timeout: 120_000 });
    await page.locator('[data-testid="sample-detail"][data-sample-index="3"]').waitFor({ state: 'visible', timeout: 120_000 });
    return { summary, detail: (performance.now() - asked) / 1000 };
  } finally {
    await browser.close();
  }
}

async function measure(samples: number, scratch: string): Promise<BenchResult[]> {
  const file = ensureTaskLog(path.join(root, 'bench', 'data'), samples);
  const sizeMb = fs.statSync(file).size / 1e6;
  const group = `large log on the CLI (${samples.toLocaleString('en-US')} samples × 3 trials, ${sizeMb.toFixed(0)} MB)`;
  warmFileCache(file);
  const floor = plainParse(file, scratch);
  // Above ~512 MB the file cannot be one JavaScript string: there is no plain JSON.parse to compare with.
  const noFloor = floor.status !== 0 && /ERR_STRING_TOO_LONG/.test(floor.stderr);
  if (floor.status !== 0 && !noFloor) throw new Error(`JSON.parse failed: ${floor.stderr}`);
  const verify = runChild([cli, 'log', 'verify', file, '--json'], scratch);
  if (verify.status !== 0 && verify.status !== 1) throw new Error(`log verify failed: ${verify.stderr}`);
  const html = path.join(scratch, `report-${samples}.html`);
  const report = runChild([cli, 'log', 'report', file, '-o', html], scratch);
  if (report.status !== 0) throw new Error(`log report failed: ${report.stderr}`);
  const htmlMb = fs.statSync(html).size / 1e6;
  const shown = await timeToSummary(html);
  fs.rmSync(html, { force: true });
  const memory = (metric: string, mb: number): BenchResult => ({ group, metric, value: mb, unit: 'MB', goal: `≤ 2× file (${(2 * sizeMb).toFixed(0)} MB)`, met: mb <= 2 * sizeMb, note: `${(mb / sizeMb).toFixed(2)}× the file` });
  const timed = (metric: string, seconds: number, note?: string): BenchResult => (noFloor
    ? { group, metric, value: seconds, unit: 's', note: `${note ? `${note}; ` : ''}no JSON.parse floor: a file over ~512 MB cannot be read into one JavaScript string (ERR_STRING_TOO_LONG); ${LOAD_NOTE}` }
    : { group, metric, value: seconds, unit: 's', peer: { name: 'JSON.parse', value: floor.seconds }, goal: '≤ 1.5× JSON.parse', met: seconds <= 1.5 * floor.seconds, ...(note ? { note } : {}) });
  return [
    // Without a floor (see above) that row is left out; the timed rows say why.
    ...(noFloor ? [] : [{ group, metric: 'read + JSON.parse of the file (floor, fresh process)', value: floor.seconds, unit: 's', note: `${floor.peakMb.toFixed(0)} MB peak RSS; ${LOAD_NOTE}` }]),
    timed('`log verify --json` time', verify.seconds, `exit ${verify.status}`),
    memory('`log verify --json` peak RSS', verify.peakMb),
    timed('`log report -o` time', report.seconds),
    memory('`log report -o` peak RSS', report.peakMb),
    { group, metric: 'exported HTML size', value: htmlMb, unit: 'MB', note: 'summary plain; rows gzip-compressed in chunks, the log file itself in 1 MiB windows (base64), a sample parsed by the page only when shown' },
    { group, metric: 'HTML in headless Chromium: time to the summary', value: shown.summary, unit: 's', goal: '≤ 3 s', met: shown.summary <= 3, note: 'from navigation to the header and tabs shown (file:// URL)' },
    { group, metric: 'HTML in headless Chromium: time to a sample\'s detail', value: shown.detail, unit: 's', note: 'from the Samples tab\'s click to the 4th sample\'s detail shown (its rows and its part of the file decoded then)' },
  ];
}

/** `log compare` of two logs of `samples` samples × 3 trials (the candidate from another seed), `--json` and `-o`. */
function measureCompare(samples: number, scratch: string): BenchResult[] {
  const dataDir = path.join(root, 'bench', 'data');
  const { baseline, candidate, sizeMb } = ensureCompareLogs(dataDir, samples);
  const group = `log compare on the CLI (2 logs × ${samples.toLocaleString('en-US')} samples × 3 trials, ${sizeMb.toFixed(0)} MB)`;
  const floor = plainParse([baseline, candidate], scratch);
  if (floor.status !== 0) throw new Error(`JSON.parse failed: ${floor.stderr}`);
  const json = runChild([cli, 'log', 'compare', baseline, candidate, '--json'], scratch);
  if (json.status !== 0) throw new Error(`log compare --json failed: ${json.stderr}`);
  const html = path.join(scratch, 'compare.html');
  const page = runChild([cli, 'log', 'compare', baseline, candidate, '-o', html], scratch);
  if (page.status !== 0) throw new Error(`log compare -o failed: ${page.stderr}`);
  const htmlKb = fs.statSync(html).size / 1e3;
  fs.rmSync(html, { force: true });
  const timed = (metric: string, seconds: number, note?: string): BenchResult => ({ group, metric, value: seconds, unit: 's', peer: { name: 'JSON.parse of both', value: floor.seconds }, goal: '≤ 1.5× JSON.parse', met: seconds <= 1.5 * floor.seconds, ...(note ? { note } : {}) });
  const memory = (metric: string, mb: number): BenchResult => ({ group, metric, value: mb, unit: 'MB', goal: `≤ 2× the two files (${(2 * sizeMb).toFixed(0)} MB)`, met: mb <= 2 * sizeMb, note: `${(mb / sizeMb).toFixed(2)}× the two files` });
  return [
    { group, metric: 'read + JSON.parse of both files (floor, fresh process)', value: floor.seconds, unit: 's', note: `${floor.peakMb.toFixed(0)} MB peak RSS; ${LOAD_NOTE}` },
    timed('`log compare --json` time', json.seconds, `${(json.stdout.length / 1e6).toFixed(1)} MB of JSON on stdout`),
    memory('`log compare --json` peak RSS', json.peakMb),
    timed('`log compare -o compare.html` time', page.seconds, `${htmlKb.toFixed(0)} kB of HTML`),
    memory('`log compare -o compare.html` peak RSS', page.peakMb),
  ];
}

export async function run(): Promise<BenchResult[]> {
  if (!fs.existsSync(cli)) throw new Error('dist/cli.js is missing: run node esbuild.js --production --bench first');
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'eval-lens-large-log-'));
  try {
    const results = await measure(20000, scratch);
    results.push(...measureCompare(20000, scratch));
    if (process.env.EVAL_LENS_BENCH_LARGE_LOG === '1') results.push(...(await measure(60000, scratch)));
    return results;
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}
