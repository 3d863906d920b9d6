/**
 * The exported compare file (`eval-lens log compare -o`) as a person sees it, opened directly in Chromium at
 * 1400×900 in the light, dark and high contrast schemes: the metric table's Δ and p, the changes list filtered
 * to significant regressions, a regression opened with both conversations and the diff of the outputs, and
 * the choices the page computes again itself (a flipped metric, a cluster column).
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './harness/workbench';
import { repoRoot } from './harness/repoRoot';
import { assertControlsReadable, assertNoTinyText, assertTextContrast } from './harness/reportVisualChecks';
import { assertKeyMetricColumnsInView } from './harness/compareVisualChecks';
import { loadComparableLogs } from '../../src/core/compare/parallelLoad';
import { LogComparison } from '../../src/core/compare/logComparison';
import { writeStandaloneCompare } from '../../src/core/compare/standaloneCompareWriter';
import { readStandaloneAssets } from '../../src/core/report/standaloneReportFile';
import { intervalOf, metricDelta, pValue } from '../../src/core/format/compareFormat';
import type { MetricComparison } from '../../src/core/model/compareTypes';

const LOGS = ['compare-baseline.tasklog.json', 'compare-candidate.tasklog.json'].map((name) => path.join(repoRoot(), 'examples', 'logs', name));
const ACCURACY = 'exact_match|accuracy|correct';

type Scheme = { name: string; colorScheme: 'light' | 'dark'; contrast: 'no-preference' | 'more' };
const SCHEMES: Scheme[] = [
  { name: 'light', colorScheme: 'light', contrast: 'no-preference' },
  { name: 'dark', colorScheme: 'dark', contrast: 'no-preference' },
  { name: 'high-contrast', colorScheme: 'dark', contrast: 'more' },
];

let browser: Browser;
let folder: string;
let file: string;
let comparison: LogComparison;
let questions: Map<string, string>;

async function open(scheme: Scheme): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 }, colorScheme: scheme.colorScheme });
  await page.emulateMedia({ colorScheme: scheme.colorScheme, contrast: scheme.contrast });
  page.on('pageerror', (error) => assert.fail(`page error: ${error.message}`));
  await page.goto(`file://${file}`);
  await page.waitForSelector('[data-testid="metric-table"]', { timeout: 30_000 });
  return page;
}

async function shot(page: Page, name: string, fullPage = false): Promise<void> {
  const dir = path.join(repoRoot(), 'test-results/screenshots');
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage });
}

async function readable(page: Page, label: string): Promise<void> {
  await assertNoTinyText(page.mainFrame(), label);
  await assertControlsReadable(page.mainFrame(), label);
  await assertTextContrast(page.mainFrame(), '[data-testid="verdict"]', `${label} significance badges`);
}

/** The figures of docs/semantics.md §12 in the metric table and under it: visible, the core's, and readable. */
async function assertSmallSampleFigures(page: Page, label: string, expected: MetricComparison): Promise<void> {
  const row = page.locator(`tr[data-metric-id="${ACCURACY}"]`);
  const r = expected.resampling;
  assert.ok(r, 'the written comparison carries the resampling of the pass rate over trials (not 0/1 per sample)');
  const bootstrap = row.locator('[data-testid="bootstrap"]');
  await bootstrap.waitFor({ state: 'visible', timeout: 10_000 });
  assert.equal((await bootstrap.innerText()).trim(), `bootstrap ${intervalOf(expected, r.bootstrap.low, r.bootstrap.high)}`);
  assert.equal((await row.locator('[data-testid="permutation"]').innerText()).trim().replace(' ⚠', ''), `permutation p ${pValue(r.permutation.p)}`);
  assert.equal(await page.locator('[data-testid="resampling-pending"]').count(), 0, 'nothing is still computing in the page');
  await assertTextContrast(page.mainFrame(), '[data-testid="metric-table"] .stat-line', `${label} bootstrap and permutation lines`);
  // The plan beside the MDE: D starts at 2 points; (z(0.975) + z(0.8))² = 7.848879734349088 (SciPy) times s_d² over D².
  const plan = row.locator('[data-testid="plan-cell"]');
  const variance = expected.differenceVariance ?? NaN;
  assert.equal(await plan.locator('[data-testid="plan-delta"]').inputValue(), '2');
  assert.equal((await plan.locator('[data-testid="plan-result"]').innerText()).trim(), `→ ${Math.ceil(7.848879734349088 * variance / 0.02 ** 2).toLocaleString('en-US')} pairs`);
  assert.ok(await plan.isVisible(), `${label}: the plan is shown beside the MDE`);
  await plan.locator('[data-testid="plan-delta"]').fill('10');
  assert.equal((await plan.locator('[data-testid="plan-result"]').innerText()).trim(), `→ ${Math.ceil(7.848879734349088 * variance / 0.1 ** 2)} pairs`, 'a larger difference needs fewer samples');
  await assertTextContrast(page.mainFrame(), '[data-testid="metric-table"] [data-testid="plan-cell"]', `${label} plans`);
}

before(async () => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'eval-lens-compare-html-'));
  file = path.join(folder, 'compare.html');
  const logs = await loadComparableLogs(LOGS);
  // As `log compare -o` writes it: with the bootstrap and permutation figures (docs/semantics.md §12).
  comparison = new LogComparison(logs, { resampling: true });
  await writeStandaloneCompare(logs, comparison, await readStandaloneAssets(path.join(repoRoot(), 'dist/webview'), 'compare'), file, { pairsPerChunk: 7 });
  type RawLog = { evidence: { samples: { sample_id: string; trials: { solver: { output: { items: { type: string; role?: string; content?: { text: string }[] }[] } } }[] }[] } };
  const base = JSON.parse(fs.readFileSync(LOGS[0], 'utf8')) as RawLog;
  questions = new Map(base.evidence.samples.map((s) => [s.sample_id, s.trials[0].solver.output.items.find((i) => i.type === 'message' && i.role === 'user')?.content?.[0]?.text ?? '']));
  browser = await launchBrowser();
}, { timeout: 120_000 });

after(async () => {
  await browser?.close();
  if (folder) fs.rmSync(folder, { recursive: true, force: true });
});

describe('the exported compare file in light, dark and high contrast', () => {
  for (const scheme of SCHEMES) {
    test(`${scheme.name}: Δ and p, significant regressions, a pair side by side with its diff, all readable`, { timeout: 120_000 }, async () => {
      const page = await open(scheme);
      const label = `compare HTML ${scheme.name}`;
      const background = await page.evaluate<string>('getComputedStyle(document.body).backgroundColor');
      assert.equal(background, scheme.contrast === 'more' ? 'rgb(0, 0, 0)' : scheme.colorScheme === 'dark' ? 'rgb(31, 31, 31)' : 'rgb(255, 255, 255)', `${label}: the page follows the reader's colour scheme`);

      const expected = comparison.summary().candidates[0].metrics.find((m) => m.id === ACCURACY);
      assert.ok(expected && expected.verdict === 'better', 'the example candidate is significantly better on accuracy');
      const row = page.locator(`tr[data-metric-id="${ACCURACY}"]`);
      assert.equal((await row.locator('[data-testid="delta"]').innerText()).trim(), metricDelta(expected, expected.estimate.delta));
      assert.ok(Math.abs(Number(await row.locator('[data-testid="delta"]').getAttribute('title')) - expected.estimate.delta) < 1e-12, 'the exact Δ is on hover');
      assert.equal((await row.locator('[data-testid="p"]').innerText()).trim(), pValue(expected.estimate.p));
      assert.match(await row.locator('[data-testid="verdict"]').innerText(), /better/);
      await assertKeyMetricColumnsInView(page.mainFrame(), label);
      await page.locator('[data-testid="change"]').first().waitFor({ state: 'visible', timeout: 30_000 });
      await readable(page, `${label}, metric table`);
      await assertSmallSampleFigures(page, label, expected);
      // What a person needs to read the table: each column explained on its header, a min metric saying what is compared,
      // native controls in the page's scheme, and the per-sample list under column names.
      const headerTitles = await page.locator('[data-testid="metric-table"] th').evaluateAll((els) => els.map((e) => e.getAttribute('title') ?? ''));
      assert.ok(headerTitles.every((t) => t.length > 10), `${label}: every column header explains itself: ${JSON.stringify(headerTitles)}`);
      const floor = page.locator('tr[data-metric-id*="quality_min"] [data-testid="compared-quantity"]');
      assert.match(await floor.innerText(), /mean per sample, not the reported min · reported min: 0 → /, `${label}: the min metric says what its figures compare`);
      assert.ok(await floor.isVisible(), `${label}: and it is shown, not only on hover`);
      const selectScheme = await page.evaluate<string>('getComputedStyle(document.querySelector(\'[data-testid="filter-kind"]\')).colorScheme');
      assert.equal(selectScheme, scheme.colorScheme, `${label}: native controls follow the ${scheme.colorScheme} scheme`);
      assert.match(await page.locator('[data-testid="change-header"]').innerText(), /Sample\s+Metric\s+Baseline → candidate/, `${label}: the per-sample list has column names`);
      await shot(page, `compare-html-metrics-${scheme.name}`, true);

      await page.locator('[data-testid="filter-kind"]').selectOption('regression');
      await page.locator('[data-testid="filter-significant"]').check();
      const wanted = comparison.page({ candidate: 1, offset: 0, limit: 100, kind: 'regression', onlySignificant: true });
      assert.ok(wanted.total > 0, 'the example has significant regressions');
      await page.locator('[data-testid="change"][data-kind="improvement"]').first().waitFor({ state: 'detached', timeout: 30_000 });
      await page.locator('.changes-footer', { hasText: `${Math.min(100, wanted.total)} of ${wanted.total}` }).or(page.locator('.changes-footer', { hasText: String(wanted.total) })).first().waitFor({ timeout: 30_000 });
      const listed = await page.locator('[data-testid="change"]').evaluateAll((els) => els.map((e) => `${e.getAttribute('data-sample-id')}|${e.getAttribute('data-kind')}`));
      assert.deepEqual(listed, wanted.rows.map((r) => `${r.sampleId}|regression`), 'the page lists the same significant regressions, in the same order, as the core');
      assert.equal(await page.locator('[data-testid="change"] .tag.muted').count(), 0, 'no change within noise is listed');

      const first = page.locator('[data-testid="change"]').first();
      const sampleId = (await first.getAttribute('data-sample-id')) ?? '';
      await first.click();
      await page.waitForSelector('[data-testid="pair-view"]', { timeout: 30_000 });
      const question = questions.get(sampleId) ?? '';
      assert.ok(question.length > 0, `the regression ${sampleId} has a question`);
      for (const side of ['pair-baseline', 'pair-candidate']) {
        assert.ok((await page.locator(`[data-testid="${side}"]`).innerText()).includes(question.slice(0, 30)), `the ${side} conversation shows the question`);
        assert.ok((await page.locator(`[data-testid="${side}"] [data-testid="conversation"]`).count()) >= 1, `the ${side} conversation is drawn`);
      }
      const diff = page.locator('[data-testid="output-diff"]');
      await diff.waitFor({ state: 'visible', timeout: 10_000 });
      assert.ok((await diff.locator('.diff-added, .diff-removed').count()) > 0, 'the diff marks the changed lines');
      await readable(page, `${label}, pair`);
      await shot(page, `compare-html-pair-${scheme.name}`);
      await page.close();
    });
  }
});

describe('the exported compare file computes the other choices itself', () => {
  test('a flipped metric and a cluster column give the figures the core gives', { timeout: 120_000 }, async () => {
    const page = await open(SCHEMES[0]);
    const row = page.locator(`tr[data-metric-id="${ACCURACY}"]`);
    await row.locator('[data-testid="flip"]').check();
    await row.locator('[data-testid="verdict"]', { hasText: 'worse' }).waitFor({ timeout: 30_000 });
    const flippedKinds = await page.locator('[data-testid="change"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-kind')));
    assert.ok(flippedKinds.length > 0, 'the changes list is drawn again');

    await row.locator('[data-testid="flip"]').uncheck();
    await row.locator('[data-testid="verdict"]', { hasText: 'better' }).waitFor({ timeout: 30_000 });
    await page.locator('[data-testid="cluster"]').selectOption('category');
    const clustered = new LogComparison(await loadComparableLogs(LOGS), { clusterKey: 'category' }).summary().candidates[0].metrics.find((m) => m.id === ACCURACY);
    assert.ok(clustered && clustered.estimate.method === 'clustered');
    await page.locator(`tr[data-metric-id="${ACCURACY}"] [data-testid="p"]`, { hasText: pValue(clustered.estimate.p) }).waitFor({ timeout: 30_000 });
    assert.equal(Number(await page.locator(`tr[data-metric-id="${ACCURACY}"] [data-testid="p"]`).getAttribute('title')), clustered.estimate.p, 'the clustered p is the core\'s');
    assert.equal(await page.locator('[data-testid="cluster"]').inputValue(), 'category');
    await shot(page, 'compare-html-clustered-light');
    await page.close();
  });
});
