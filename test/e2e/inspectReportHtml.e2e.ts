/**
 * An Inspect `.eval` log exported as a standalone report (`eval-lens log report run.eval`), opened in Chromium as a
 * reader opens it: the run's task as the title, each metric Inspect stored shown verified, the samples listed, a
 * sample's conversation drawn, and no serious or critical axe violation in light, dark and high contrast. Then two
 * runs of the same task compared in the standalone compare page (`eval-lens log compare A.eval B.eval -o`).
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './harness/workbench';
import { repoRoot } from './harness/repoRoot';
import { sharedFixture } from '../unit/sharedFixtures';
import { exportReportHtml } from './harness/exportReportHtml';
import type { LogSummary } from '../../src/core/model/logViewTypes';
import { loadComparableLogs } from '../../src/core/compare/parallelLoad';
import { LogComparison } from '../../src/core/compare/logComparison';
import { writeStandaloneCompare } from '../../src/core/compare/standaloneCompareWriter';
import { readStandaloneAssets } from '../../src/core/report/standaloneReportFile';
import { pairedDifference } from '../../src/core/compare/statistics/differenceTests';
import { metricDelta } from '../../src/core/format/compareFormat';
import { readInspectLog } from '../../src/core/inspect/openInspectLog';

const LOG = sharedFixture('inspect-ai', '2025-09-15T15-02-26-04-00_popularity_L8g2GLGDDfsiXvdJ8LyZNJ.eval');
const OTHER_RUN = sharedFixture('inspect-ai', '2025-09-15T15-07-04-04-00_popularity_CzDPvkooKpp4d24wMPkx5d.eval');
const SCHEMES = [
  { name: 'light', colorScheme: 'light', contrast: 'no-preference' },
  { name: 'dark', colorScheme: 'dark', contrast: 'no-preference' },
  { name: 'high-contrast', colorScheme: 'dark', contrast: 'more' },
] as const;

let browser: Browser;
let folder: string;
let file: string;
let summary: LogSummary;
/** The archive's sample summaries, as its reader gives them. */
let archiveSummaries: Promise<Record<string, unknown>[]> | undefined;
const axeSource = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

before(async () => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'eval-lens-inspect-html-'));
  file = path.join(folder, 'run.html');
  summary = await exportReportHtml(LOG, file);
  browser = await launchBrowser();
}, { timeout: 120_000 });

after(async () => {
  await browser?.close();
  if (folder) fs.rmSync(folder, { recursive: true, force: true });
});

describe('an Inspect log as a standalone report', () => {
  for (const scheme of SCHEMES) {
    test(`${scheme.name}: the task, its verified metrics, the samples and a conversation, readable`, { timeout: 180_000 }, async () => {
      // The file's CSP admits only its own scripts: it is bypassed so that axe can be added for the check.
      const page = await browser.newPage({ viewport: { width: 1400, height: 900 }, colorScheme: scheme.colorScheme, bypassCSP: true });
      await page.emulateMedia({ colorScheme: scheme.colorScheme, contrast: scheme.contrast });
      await page.goto(`file://${file}`);
      await page.waitForSelector('[role="tab"][data-tab="overview"]', { timeout: 30_000 });
      assert.equal((await page.locator('[data-testid="display-name"]').innerText()).trim(), summary.displayName);
      const stored = (summary.metrics ?? []).flatMap((g) => g.metrics).flatMap((m) => m.values);
      assert.ok(stored.length > 0 && stored.every((v) => v.verification.verdict === 'match'), 'every metric Inspect stored is recomputed and matches');
      assert.equal(await page.locator('.verify[data-verdict="match"]').count(), stored.length, 'each is shown verified');
      await page.addScriptTag({ content: axeSource });
      const violations = async (): Promise<string[]> => (await page.evaluate<{ id: string; impact: string | null }[]>(`axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa', 'best-practice'] }, resultTypes: ['violations'] }).then((r) => r.violations)`))
        .filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
      const found = (await violations()).map((v) => `overview: ${v}`);
      await page.locator('[role="tab"][data-tab="samples"]').click();
      assert.match(await page.locator('[data-testid="sample-count"]').innerText(), new RegExp(`${summary.samples.count}`));
      await page.locator('.grid-row[data-sample-index="0"]').click();
      const conversation = page.locator('[data-testid="sample-detail"] [data-testid="conversation"]').first();
      await conversation.waitFor({ state: 'visible', timeout: 30_000 });
      assert.ok((await conversation.locator('.message').count()) >= 2, 'the conversation shows its messages');
      // The grader's answer and explanation of the first sample (the first of the archive's summaries), in view.
      archiveSummaries ??= readInspectLog(LOG).then(async (log) => { await log.close(); return log.summaries; });
      const first = (await archiveSummaries)[0].scores as { match: { answer: string; explanation: string } };
      const explanation = page.locator('[data-testid="sample-detail"] [data-testid="score-explanation"]').first();
      await explanation.waitFor({ state: 'visible', timeout: 10_000 });
      assert.equal(await explanation.innerText(), first.match.explanation);
      assert.equal(await page.locator('[data-testid="sample-detail"] [data-testid="score-answer"]').first().innerText(), first.match.answer);
      found.push(...(await violations()).map((v) => `sample: ${v}`));
      const shots = path.join(repoRoot(), 'test-results/screenshots');
      fs.mkdirSync(shots, { recursive: true });
      await page.screenshot({ path: path.join(shots, `inspect-html-sample-${scheme.name}.png`) });
      await page.close();
      assert.deepEqual(found, []);
    });
  }
});

/** Each sample's C/I grade of a one-epoch Inspect run as 1 or 0, by sample id, read from the archive's summaries. */
async function grades(file: string): Promise<Map<string, number>> {
  const log = await readInspectLog(file);
  await log.close();
  return new Map(log.summaries.map((s) => [String(s.id), (s.scores as { match: { value: string } }).match.value === 'C' ? 1 : 0]));
}

describe('two Inspect runs in the standalone compare page', () => {
  test('the accuracy of C/I grades compared over every pair, with Δ in points and its verdict', { timeout: 120_000 }, async () => {
    const compareFile = path.join(folder, 'compare.html');
    const logs = await loadComparableLogs([LOG, OTHER_RUN]);
    await writeStandaloneCompare(logs, new LogComparison(logs), await readStandaloneAssets(path.join(repoRoot(), 'dist/webview'), 'compare'), compareFile);
    const [a, b] = [await grades(LOG), await grades(OTHER_RUN)];
    const expected = pairedDifference([...a].map(([id, grade]) => (b.get(id) ?? NaN) - grade));
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    page.on('pageerror', (error) => assert.fail(`page error: ${error.message}`));
    await page.goto(`file://${compareFile}`);
    const row = page.locator('tr[data-metric-id="match|accuracy|accuracy"]');
    await row.waitFor({ state: 'visible', timeout: 30_000 });
    const rule = { metricType: 'accuracy', metricKey: 'accuracy', valueKey: 'accuracy' };
    assert.equal((await row.locator('td').nth(1).innerText()).trim(), String(a.size), 'n: every pair');
    assert.equal((await row.locator('[data-testid="delta"]').innerText()).trim(), metricDelta(rule, expected.delta));
    assert.equal((await row.locator('[data-testid="verdict"]').innerText()).trim(), (expected.p ?? 1) < 0.05 && expected.delta > 0 ? 'better' : 'no significant difference');
    // The stderr is named as the command line names it, with why it is not compared.
    assert.match(await page.locator('[data-testid="skipped-metric"]').innerText(), /^not compared: match: stderr — metric type "stderr" is not compared pair by pair/);
    const shots = path.join(repoRoot(), 'test-results/screenshots');
    fs.mkdirSync(shots, { recursive: true });
    await page.screenshot({ path: path.join(shots, 'inspect-compare-html.png') });
    await page.close();
  });
});
