/**
 * The exported compare file on large logs: `eval-lens log compare BASE CAND -o compare.html` (dist/cli.js) on
 * the two seeded logs of 20,000 samples × 3 trials, in fresh processes, against the same comparison printed as
 * text (what -o adds); then the time headless Chromium takes to show the file's metric table, its first page of
 * changes, a flipped metric (the per-sample values decoded and compared again in the page), and one pair.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { BenchResult } from './benchTypes';
import { ensureCompareLogs } from './taskLogData';
import { launchBrowser } from '../test/e2e/harness/workbench';

const SAMPLES = 20000;
const root = path.resolve(__dirname, '..', '..');
const cli = path.join(root, 'dist', 'cli.js');
const ACCURACY = 'exact_match|accuracy|correct';
const group = `compare -o (2 logs × ${SAMPLES.toLocaleString('en-US')} samples × 3 trials)`;

/** Writes the process's peak RSS (bytes) and CPU seconds to EVAL_LENS_BENCH_USAGE_FILE when it exits. */
const USAGE_PRELOAD = `process.on('exit', () => { const u = process.resourceUsage(); require('fs').writeFileSync(process.env.EVAL_LENS_BENCH_USAGE_FILE, JSON.stringify({ rss: u.maxRSS * 1024, cpu: (u.userCPUTime + u.systemCPUTime) / 1e6 })); });\n`;

interface Usage { seconds: number; cpuS: number; peakMb: number }

function runCli(args: string[], scratch: string): Usage {
  const preload = path.join(scratch, 'usage.js');
  fs.writeFileSync(preload, USAGE_PRELOAD);
  const usageFile = path.join(scratch, 'usage.json');
  fs.rmSync(usageFile, { force: true });
  const started = performance.now();
  const child = spawnSync(process.execPath, ['--require', preload, cli, ...args], { encoding: 'utf8', maxBuffer: 1 << 28, env: { ...process.env, EVAL_LENS_BENCH_USAGE_FILE: usageFile } });
  const seconds = (performance.now() - started) / 1000;
  if (child.status !== 0) throw new Error(`eval-lens ${args.join(' ')} failed: ${child.stderr}`);
  const usage = JSON.parse(fs.readFileSync(usageFile, 'utf8')) as { rss: number; cpu: number };
  return { seconds, cpuS: usage.cpu, peakMb: usage.rss / 1e6 };
}

interface PageTimes { tableS: number; changesS: number; flipS: number; pairS: number }

async function pageTimes(html: string): Promise<PageTimes> {
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const started = performance.now();
    await page.goto(`file://${html}`, { waitUntil: 'commit', timeout: 120_000 });
    await page.locator('[data-testid="metric-table"]').waitFor({ state: 'visible', timeout: 120_000 });
    const tableS = (performance.now() - started) / 1000;
    await page.locator('[data-testid="change"]').first().waitFor({ state: 'visible', timeout: 120_000 });
    const changesS = (performance.now() - started) / 1000;
    await page.locator('[data-testid="filter-metric"]').selectOption(ACCURACY);
    const first = page.locator('[data-testid="change"]').first();
    await first.waitFor({ state: 'visible', timeout: 120_000 });
    const sampleId = (await first.getAttribute('data-sample-id')) ?? '';
    const flipped = (await first.getAttribute('data-kind')) === 'improvement' ? 'regression' : 'improvement';
    let t = performance.now();
    await page.locator(`tr[data-metric-id="${ACCURACY}"] [data-testid="flip"]`).check();
    await page.locator(`[data-testid="change"][data-sample-id="${sampleId}"][data-kind="${flipped}"]`).first().waitFor({ timeout: 120_000 });
    const flipS = (performance.now() - t) / 1000;
    t = performance.now();
    await page.locator('[data-testid="change"]').nth(5).click();
    await page.locator('[data-testid="pair-view"]').waitFor({ state: 'visible', timeout: 120_000 });
    const pairS = (performance.now() - t) / 1000;
    return { tableS, changesS, flipS, pairS };
  } finally {
    await browser.close();
  }
}

export async function run(): Promise<BenchResult[]> {
  const dataDir = path.join(root, 'bench', 'data');
  const { baseline, candidate, sizeMb } = ensureCompareLogs(dataDir, SAMPLES);
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'eval-lens-bench-compare-html-'));
  try {
    const html = path.join(scratch, 'compare.html');
    const text = runCli(['log', 'compare', baseline, candidate], scratch);
    const file = runCli(['log', 'compare', baseline, candidate, '-o', html], scratch);
    const htmlMb = fs.statSync(html).size / 1e6;
    const inPage = await pageTimes(html);
    const note = 'measured once on a shared, loaded machine (2 cores); wall times vary from run to run, CPU seconds less';
    return [
      { group, metric: 'both files / the written HTML', value: htmlMb, unit: 'MB', note: `the two logs are ${sizeMb.toFixed(0)} MB; the file carries the logs' own bytes in 1 MiB windows, compressed` },
      { group, metric: 'log compare -o: wall time', value: file.seconds, unit: 's', peer: { name: 'the same compare, text only', value: text.seconds }, note },
      { group, metric: 'log compare -o: CPU time', value: file.cpuS, unit: 's', peer: { name: 'the same compare, text only', value: text.cpuS } },
      { group, metric: 'log compare -o: process peak RSS', value: file.peakMb, unit: 'MB', peer: { name: 'the same compare, text only', value: text.peakMb }, goal: `≤ 2× the two files (${(2 * sizeMb).toFixed(0)} MB)`, met: file.peakMb <= 2 * sizeMb },
      { group, metric: 'the file in Chromium: metric table shown', value: inPage.tableS, unit: 's' },
      { group, metric: 'the file in Chromium: first page of changes (embedded plainly)', value: inPage.changesS, unit: 's' },
      { group, metric: 'the file in Chromium: a flipped metric (per-sample values decoded, compared again in the page)', value: inPage.flipS, unit: 's' },
      { group, metric: 'the file in Chromium: one pair opened (its windows decoded, both samples parsed)', value: inPage.pairS, unit: 's' },
    ];
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}
