/**
 * The statistics of docs/semantics.md §12 as a person sees them in the exported pages, opened in headless Chromium
 * without VS Code: in the log report, a score's pass@k/pass^k curve with its legend and its one-line note, the Wilson
 * interval (the normal one beside it only from 300 values on) and the "Plan a run" line; in the compare page, each
 * log's Wilson interval, the bootstrap interval and permutation p with the note where the tests disagree, and the plan
 * beside each MDE. Every figure is checked against values computed here or by SciPy/NumPy, not by the product's code.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser } from './harness/workbench';
import { repoRoot } from './harness/repoRoot';
import { assertTextContrast } from './harness/reportVisualChecks';
import { exportReportHtml } from './harness/exportReportHtml';
import { loadComparableLogs } from '../../src/core/compare/parallelLoad';
import { LogComparison } from '../../src/core/compare/logComparison';
import { writeStandaloneCompare } from '../../src/core/compare/standaloneCompareWriter';
import { readStandaloneAssets } from '../../src/core/report/standaloneReportFile';
import { compareLog, legacySample } from '../unit/compare/compareTestLogs';

/** z(0.975) (SciPy) and (z(0.975) + z(0.8))² = 7.848879734349088 (scipy.stats.norm.ppf). */
const Z = 1.959963984540054;
const Z_PLAN = 7.848879734349088;

type RawLog = { evidence: { samples: { scores?: { scorer_key: string; values: Record<string, unknown> }[]; trials?: { scores?: { scorer_key: string; values: Record<string, unknown> }[] }[] }[] } };

let browser: Browser;
let folder: string;

function writeJson(name: string, value: unknown): string {
  const file = path.join(folder, name);
  fs.writeFileSync(file, JSON.stringify(value));
  return file;
}

async function exportReport(log: string, name: string): Promise<string> {
  const file = path.join(folder, `${name}.html`);
  await exportReportHtml(log, file);
  return file;
}

async function exportCompare(baseline: string, candidate: string, name: string): Promise<string> {
  const logs = await loadComparableLogs([baseline, candidate]);
  const file = path.join(folder, `${name}.html`);
  await writeStandaloneCompare(logs, new LogComparison(logs, { resampling: true }), await readStandaloneAssets(path.join(repoRoot(), 'dist/webview'), 'compare'), file);
  return file;
}

async function open(file: string, ready: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  page.on('pageerror', (error) => assert.fail(`page error: ${error.message}`));
  await page.goto(`file://${file}`);
  await page.waitForSelector(ready, { timeout: 30_000 });
  return page;
}

/** The percentages of a text, in order, as shares: "48.8% – 80.8%" → [0.488, 0.808]. */
function percents(text: string): number[] {
  return [...text.matchAll(/(-?[\d.]+)%/g)].map((m) => Number(m[1]) / 100);
}

/** Shown to one decimal of a percent: within half of 0.1 points of the reference. */
function closeShare(shown: number | undefined, expected: number, what: string): void {
  assert.ok(shown !== undefined && Math.abs(shown - expected) <= 0.0005 + 1e-9, `${what}: shown ${shown}, expected ${expected}`);
}

function wilson(passes: number, n: number): [number, number] {
  const p = passes / n;
  const centre = (p + (Z * Z) / (2 * n)) / (1 + (Z * Z) / n);
  const half = (Z / (1 + (Z * Z) / n)) * Math.sqrt((p * (1 - p)) / n + (Z * Z) / (4 * n * n));
  return [centre - half, centre + half];
}

function sampleVariance(values: readonly number[]): number {
  const mean = values.reduce((s, v) => s + v, 0) / values.length;
  return values.reduce((s, v) => s + (v - mean) ** 2, 0) / (values.length - 1);
}

function choose(n: number, k: number): number {
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return r;
}

/** Unbiased pass@k and pass^k over samples from each sample's trials (n) and passes (c). */
function curve(counts: { n: number; c: number }[], k: number): { at: number; pow: number } {
  const at = counts.map(({ n, c }) => (n - c < k ? 1 : 1 - choose(n - c, k) / choose(n, k)));
  const pow = counts.map(({ n, c }) => choose(c, k) / choose(n, k));
  return { at: at.reduce((s, v) => s + v, 0) / at.length, pow: pow.reduce((s, v) => s + v, 0) / pow.length };
}

function valueStatistics(page: Page, valueKey: string, card: string): Locator {
  return page.locator(`${card} .metric-value-row:has([data-value-key="${valueKey}"]) + [data-testid="metric-statistics"]`);
}

before(async () => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'eval-lens-statistics-blocks-'));
  browser = await launchBrowser();
}, { timeout: 120_000 });

after(async () => {
  await browser?.close();
  if (folder) fs.rmSync(folder, { recursive: true, force: true });
});

describe('the log report page: curves, intervals and the plan line', () => {
  test('a 0/1 score over trials: its pass@k and pass^k curve, the note that says which is which, and the plan', { timeout: 120_000 }, async () => {
    const log = path.join(repoRoot(), 'examples/logs/success-trials.tasklog.json');
    const raw = JSON.parse(fs.readFileSync(log, 'utf8')) as RawLog;
    const counts = raw.evidence.samples.map((s) => {
      const outcomes = (s.trials ?? []).map((t) => t.scores?.find((x) => x.scorer_key === 'exact_match')?.values.correct).filter((v) => v !== undefined);
      return { n: outcomes.length, c: outcomes.filter((v) => v === true || v === 1).length };
    });
    const page = await open(await exportReport(log, 'success-trials'), '[data-testid="metric-statistics"]');
    const stats = valueStatistics(page, 'correct', '#metric-exact_match--accuracy');
    const figure = stats.locator('[data-testid="pass-curve"]');
    assert.ok(await figure.locator('svg').isVisible(), 'the curve is drawn');
    assert.deepEqual(await figure.locator('.curve-legend span').allInnerTexts(), ['pass@k (solid)', 'pass^k (dashed)']);
    assert.equal((await stats.locator('.curve-note').innerText()).trim(), 'The verified figures are the specification\'s plug-in values; the curve is the unbiased estimator.');
    assert.ok(await stats.locator('.curve-note').isVisible(), 'the note is shown under the curve, not only on hover');
    const rows = await figure.locator('table tr').evaluateAll((trs) => trs.slice(1).map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')));
    const trials = Math.min(...counts.map((c) => c.n));
    assert.equal(rows.length, trials, 'k runs from 1 to the fewest trials of any sample');
    for (const [index, row] of rows.entries()) {
      const expected = curve(counts, index + 1);
      assert.equal(row[0], String(index + 1));
      closeShare(percents(row[1])[0], expected.at, `pass@${index + 1}`);
      closeShare(percents(row[3])[0], expected.pow, `pass^${index + 1}`);
    }
    const first = curve(counts, 1);
    assert.ok(Math.abs(first.at - first.pow) < 1e-12, 'at k = 1 the two curves meet');

    // Plan a run: D starts at 2 points; n = (z_a + z_b)²·2s²/D², s² of the per-sample values.
    const perSample = raw.evidence.samples.map((s) => Number(s.scores?.find((x) => x.scorer_key === 'exact_match')?.values.correct));
    const plan = stats.locator('[data-testid="plan-line"]');
    assert.equal(await plan.locator('[data-testid="plan-delta"]').inputValue(), '2');
    const needed = (d: number): string => Math.ceil((Z_PLAN * 2 * sampleVariance(perSample)) / d ** 2).toLocaleString('en-US');
    assert.equal((await plan.locator('[data-testid="plan-result"]').innerText()).trim(), `you need ${needed(0.02)} samples per run (power 80%, α 0.05, two-sided).`);
    await plan.locator('[data-testid="plan-delta"]').fill('15');
    assert.equal((await plan.locator('[data-testid="plan-result"]').innerText()).trim(), `you need ${needed(0.15)} samples per run (power 80%, α 0.05, two-sided).`);
    await plan.locator('[data-testid="plan-delta"]').fill('0');
    assert.equal((await plan.locator('[data-testid="plan-result"]').innerText()).trim(), 'enter a positive difference.');
    await assertTextContrast(page.mainFrame(), '[data-testid="metric-statistics"]', 'log report statistics');
    await page.close();
  });

  test('a 0/1 metric: the Wilson interval; the normal interval beside it only from 300 samples on', { timeout: 120_000 }, async () => {
    const binaryLog = (n: number, fail: (i: number) => boolean, mean: number, name: string): string =>
      writeJson(name, compareLog(Array.from({ length: n }, (_, i) => legacySample(`s${i}`, { correct: fail(i) ? 0 : 1 })), { metrics: [{ metric_key: 'accuracy', metric_type: 'mean', scorer_key: 'judge', values: { correct: mean } }] }));
    const small = await open(await exportReport(binaryLog(30, (i) => i % 3 === 0, 20 / 30, 'small.json'), 'small'), '[data-testid="wilson-interval"]');
    const text = (await small.locator('[data-testid="wilson-interval"]').first().innerText()).trim();
    const [low, high] = wilson(20, 30);
    assert.match(text, /^95% Wilson interval [\d.]+% – [\d.]+% \(N = 30\)$/, 'no normal interval under 300 values');
    // The first percentage is the level, 95%.
    closeShare(percents(text)[1], low, 'Wilson low');
    closeShare(percents(text)[2], high, 'Wilson high');
    await small.close();

    // 320 samples, 240 passing: Wilson [69.98%, 79.43%]; normal 0.75 ± z·sd/√N with sd (N − 1) = [70.25%, 79.75%].
    const page = await open(await exportReport(binaryLog(320, (i) => i % 4 === 0, 0.75, 'big.json'), 'big'), '[data-testid="wilson-interval"]');
    const bigText = (await page.locator('[data-testid="wilson-interval"]').first().innerText()).trim();
    assert.match(bigText, /^95% Wilson interval [\d.]+% – [\d.]+% \(N = 320\) · normal interval [\d.]+% – [\d.]+%$/);
    const shown = percents(bigText).slice(1);
    closeShare(shown[0], 0.6997803683357158, 'Wilson low');
    closeShare(shown[1], 0.7942885522486294, 'Wilson high');
    closeShare(shown[2], 0.7024825216489702, 'normal low');
    closeShare(shown[3], 0.7975174783510298, 'normal high');
    await page.close();
  });
});

describe('the compare page: Wilson, bootstrap, permutation, the disagreement note and the plan beside the MDE', () => {
  // R's `sleep` data (Cushny and Peebles): the baseline is group 1, the candidate group 2.
  const sleep = [[0.7, -1.6, -0.2, -1.2, -0.1, 3.4, 3.7, 0.8, 0.0, 2.0], [1.9, 0.8, 1.1, 0.1, -0.1, 4.4, 5.5, 1.6, 4.6, 3.4]];
  const scoreMetric = [{ metric_key: 'mean_score', metric_type: 'mean', scorer_key: 'judge', values: { score: 0 } }];
  const ROW = 'tr[data-metric-id]';

  test('0/1 values: each log\'s Wilson interval under its value, and the plan in percentage points', { timeout: 120_000 }, async () => {
    // mpmath Wilson: 20 of 30 = [48.78%, 80.77%], 10 of 30 = [19.23%, 51.22%].
    const log = (fail: (i: number) => boolean, name: string): string => writeJson(name, compareLog(Array.from({ length: 30 }, (_, i) => legacySample(`s${i}`, { correct: fail(i) ? 0 : 1 }))));
    const page = await open(await exportCompare(log((i) => i % 3 === 0, 'b01.json'), log((i) => i % 3 === 0 || i % 2 === 0, 'c01.json'), 'binary'), '[data-testid="metric-table"]');
    const row = page.locator(ROW).first();
    assert.equal((await row.locator('[data-testid="wilson-baseline"]').innerText()).trim(), '[48.8%, 80.8%]');
    assert.equal((await row.locator('[data-testid="wilson-candidate"]').innerText()).trim(), '[19.2%, 51.2%]');
    assert.equal(await row.locator('[data-testid="bootstrap"], [data-testid="permutation"]').count(), 0, 'no resampling for 0/1 values');
    // Differences: ten −1 and twenty 0, s_d² = 0.22988505747126436; 7.8489·s_d²/0.02² = 4510.85 → 4,511; /0.05² = 721.7 → 722.
    const plan = row.locator('[data-testid="plan-cell"]');
    assert.ok(await plan.isVisible(), 'the plan stands in the MDE cell');
    assert.equal(await plan.locator('[data-testid="plan-delta"]').inputValue(), '2');
    assert.equal((await plan.locator('[data-testid="plan-result"]').innerText()).trim(), '→ 4,511 pairs');
    assert.match((await plan.innerText()).replace(/\s+/g, ' '), /plan: Δ .*pp/);
    assert.match((await plan.locator('[data-testid="plan-delta"]').getAttribute('aria-label')) ?? '', /^Difference to detect for .*correct.*, in percentage points$/);
    // Keyboard: the D is typed in place, and Tab goes on to the row's flip box.
    await plan.locator('[data-testid="plan-delta"]').focus();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('5');
    assert.equal((await plan.locator('[data-testid="plan-result"]').innerText()).trim(), '→ 722 pairs');
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate('document.activeElement.getAttribute("data-testid")'), 'flip', 'the plan\'s D sits in the tab order before the row\'s flip box');
    // Flipping the metric draws the table again: the typed D and its result stay.
    await page.keyboard.press('Space');
    await row.locator('[data-testid="flip"]:checked').waitFor({ timeout: 10_000 });
    assert.equal(await row.locator('[data-testid="plan-delta"]').inputValue(), '5');
    assert.equal((await row.locator('[data-testid="plan-result"]').innerText()).trim(), '→ 722 pairs');
    await assertTextContrast(page.mainFrame(), `${ROW} [data-testid="plan-cell"], ${ROW} [data-testid^="wilson-"]`, 'compare plan and Wilson lines');
    await page.close();
  });

  test('320 paired 0/1 values: the normal interval beside each Wilson interval', { timeout: 120_000 }, async () => {
    const log = (fail: (i: number) => boolean, name: string): string => writeJson(name, compareLog(Array.from({ length: 320 }, (_, i) => legacySample(`s${i}`, { correct: fail(i) ? 0 : 1 }))));
    const page = await open(await exportCompare(log((i) => i % 4 === 0, 'b320.json'), log((i) => i % 5 === 0, 'c320.json'), 'binary320'), '[data-testid="metric-table"]');
    const row = page.locator(ROW).first();
    // 240/320: Wilson [69.98%, 79.43%], normal [70.25%, 79.75%]; 256/320: Wilson [75.27%, 84.02%], normal [75.61%, 84.39%].
    assert.equal((await row.locator('[data-testid="wilson-baseline"]').innerText()).trim(), '[70%, 79.4%] · normal interval 70.2% – 79.8%');
    assert.equal((await row.locator('[data-testid="wilson-candidate"]').innerText()).trim(), '[75.3%, 84%] · normal interval 75.6% – 84.4%');
    // s_d² = 0.3485893416927898: 7.8489·s_d²/0.02² = 6840.09 → 6,841.
    assert.equal((await row.locator('[data-testid="plan-result"]').innerText()).trim(), '→ 6,841 pairs');
    await page.close();
  });

  test('other scores: the bootstrap interval and the permutation p under the t figures; the plan in the values\' units', { timeout: 120_000 }, async () => {
    const log = (group: number[], name: string): string => writeJson(name, compareLog(group.map((v, i) => legacySample(`p${i}`, { score: v })), { metrics: scoreMetric }));
    const page = await open(await exportCompare(log(sleep[0], 'sleep1.json'), log(sleep[1], 'sleep2.json'), 'sleep'), '[data-testid="metric-table"]');
    const row = page.locator(ROW).first();
    // NumPy with the same generator and seed 20211: [0.95, 2.39]; scipy.stats.permutation_test (exact, 1,024 patterns) p = 0.00390625.
    assert.equal((await row.locator('[data-testid="bootstrap"]').innerText()).trim(), 'bootstrap [+0.95, +2.39]');
    assert.match((await row.locator('[data-testid="permutation"]').innerText()).trim(), /^permutation p 0\.0039\d*$/);
    assert.match((await row.locator('[data-testid="permutation"]').getAttribute('title')) ?? '', /exact over all 1,024 sign patterns/);
    assert.equal(await page.locator('[data-testid="tests-disagree"]').count(), 0, 'the t-test (p 0.00283) and the permutation test agree');
    assert.equal(await row.locator('[data-testid^="wilson-"]').count(), 0, 'no Wilson interval for scores that are not 0/1');
    // s_d² = 1.5128888888888887, sd 1.23 → D starts at a tenth, 0.1: 7.8489·s_d²/0.1² = 1187.45 → 1,188; D = 0.5 → 47.5 → 48.
    const plan = row.locator('[data-testid="plan-cell"]');
    assert.equal(await plan.locator('[data-testid="plan-delta"]').inputValue(), '0.1');
    assert.equal((await plan.locator('[data-testid="plan-result"]').innerText()).trim(), '→ 1,188 pairs');
    assert.doesNotMatch(await plan.innerText(), /pp/, 'D is in the units of the values');
    await plan.locator('[data-testid="plan-delta"]').fill('0.5');
    assert.equal((await plan.locator('[data-testid="plan-result"]').innerText()).trim(), '→ 48 pairs');
    await plan.locator('[data-testid="plan-delta"]').fill('-1');
    assert.equal((await plan.locator('[data-testid="plan-result"]').innerText()).trim(), 'enter a positive difference.');
    await assertTextContrast(page.mainFrame(), `${ROW} .stat-line`, 'bootstrap, permutation and plan lines');
    await page.close();
  });

  test('skewed differences: the permutation p is marked and a note says the tests disagree', { timeout: 120_000 }, async () => {
    // Differences 0.1 ×5 and 5: scipy.stats.ttest_1samp p = 0.3127; exact sign-flip p = 2/64 = 0.03125.
    const a = writeJson('skewA.json', compareLog(Array.from({ length: 6 }, (_, i) => legacySample(`k${i}`, { score: 0 })), { metrics: scoreMetric }));
    const b = writeJson('skewB.json', compareLog(Array.from({ length: 6 }, (_, i) => legacySample(`k${i}`, { score: i === 5 ? 5 : 0.1 })), { metrics: scoreMetric }));
    const page = await open(await exportCompare(a, b, 'skew'), '[data-testid="metric-table"]');
    const row = page.locator(ROW).first();
    assert.equal((await row.locator('[data-testid="p"]').innerText()).trim(), '0.313');
    const permutation = row.locator('[data-testid="permutation"]');
    assert.equal((await permutation.innerText()).trim(), 'permutation p 0.0313 ⚠');
    assert.match((await permutation.getAttribute('title')) ?? '', /disagree about p < 0\.05/);
    const note = page.locator('[data-testid="tests-disagree"]');
    assert.equal(await note.count(), 1);
    assert.ok(await note.isVisible(), 'the note is shown under the table');
    assert.match(await note.innerText(), /: The t-test and the permutation test disagree about p < 0\.05: with few samples or skewed differences, trust the permutation test\.$/);
    await assertTextContrast(page.mainFrame(), '[data-testid="tests-disagree"]', 'disagreement note');
    await page.close();
  });
});
