/**
 * axe-core over the exported report and compare files, as a reader opens them in Chromium, in the light, dark and
 * high contrast schemes and on each tab and view a person reaches: no serious or critical violation (WCAG 2.2 A and
 * AA rules, and axe's best practices).
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './harness/workbench';
import { repoRoot } from './harness/repoRoot';
import { exportReportHtml } from './harness/exportReportHtml';
import { readStandaloneAssets } from '../../src/core/report/standaloneReportFile';
import { loadComparableLogs } from '../../src/core/compare/parallelLoad';
import { LogComparison } from '../../src/core/compare/logComparison';
import { writeStandaloneCompare } from '../../src/core/compare/standaloneCompareWriter';

type Scheme = { name: string; colorScheme: 'light' | 'dark'; contrast: 'no-preference' | 'more' };
const SCHEMES: Scheme[] = [
  { name: 'light', colorScheme: 'light', contrast: 'no-preference' },
  { name: 'dark', colorScheme: 'dark', contrast: 'no-preference' },
  { name: 'high-contrast', colorScheme: 'dark', contrast: 'more' },
];

interface AxeViolation { id: string; impact: string | null; help: string; nodes: { target: unknown[]; failureSummary?: string }[] }

let browser: Browser;
let folder: string;
const axeSource = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

async function open(file: string, scheme: Scheme, ready: string): Promise<Page> {
  // The file's CSP admits only its own scripts: it is bypassed here so that axe can be added for the check.
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 }, colorScheme: scheme.colorScheme, bypassCSP: true });
  await page.emulateMedia({ colorScheme: scheme.colorScheme, contrast: scheme.contrast });
  await page.goto(`file://${file}`);
  await page.waitForSelector(ready, { timeout: 30_000 });
  await page.addScriptTag({ content: axeSource });
  return page;
}

/** The serious and critical violations on the page as it is now, one line each with where they are. */
async function seriousViolations(page: Page): Promise<string[]> {
  const violations = await page.evaluate<AxeViolation[]>(`axe.run(document, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
    resultTypes: ['violations'],
  }).then((r) => r.violations)`);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.slice(0, 3).map((n) => `${v.id} (${v.impact}): ${v.help} at ${JSON.stringify(n.target)} — ${n.failureSummary ?? ''}`));
}

before(async () => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'eval-lens-axe-'));
  browser = await launchBrowser();
}, { timeout: 120_000 });

after(async () => {
  await browser?.close();
  if (folder) fs.rmSync(folder, { recursive: true, force: true });
});

describe('accessibility of the exported report (axe, three schemes)', () => {
  let file: string;
  before(async () => {
    file = path.join(folder, 'report.html');
    await exportReportHtml(path.join(repoRoot(), 'examples/logs/success-trials.tasklog.json'), file);
  }, { timeout: 60_000 });

  for (const scheme of SCHEMES) {
    test(`${scheme.name}: every tab and an open sample have no serious or critical violation`, { timeout: 180_000 }, async () => {
      const page = await open(file, scheme, '[role="tab"][data-tab="overview"]');
      const found: string[] = [];
      const tabs = await page.locator('[role="tab"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-tab') ?? ''));
      for (const tab of tabs) {
        await page.locator(`[role="tab"][data-tab="${tab}"]`).click();
        await page.waitForTimeout(200);
        found.push(...(await seriousViolations(page)).map((v) => `${tab}: ${v}`));
      }
      await page.locator('[role="tab"][data-tab="samples"]').click();
      await page.locator('.grid-row[data-sample-index="0"]').click();
      await page.locator('[data-testid="sample-detail"]').waitFor({ timeout: 30_000 });
      found.push(...(await seriousViolations(page)).map((v) => `sample detail: ${v}`));
      await page.close();
      assert.deepEqual(found, [], `report, ${scheme.name}:\n${found.join('\n')}`);
    });
  }
});

describe('accessibility of the exported comparison (axe, three schemes)', () => {
  let file: string;
  before(async () => {
    const logs = await loadComparableLogs(['compare-baseline.tasklog.json', 'compare-candidate.tasklog.json'].map((name) => path.join(repoRoot(), 'examples', 'logs', name)));
    file = path.join(folder, 'compare.html');
    await writeStandaloneCompare(logs, new LogComparison(logs, { resampling: true }), await readStandaloneAssets(path.join(repoRoot(), 'dist/webview'), 'compare'), file, { pairsPerChunk: 7 });
  }, { timeout: 120_000 });

  for (const scheme of SCHEMES) {
    test(`${scheme.name}: the metric table, the changes and an open pair have no serious or critical violation`, { timeout: 180_000 }, async () => {
      const page = await open(file, scheme, '[data-testid="metric-table"]');
      await page.locator('[data-testid="change"]').first().waitFor({ state: 'visible', timeout: 30_000 });
      const found = (await seriousViolations(page)).map((v) => `metrics and changes: ${v}`);
      await page.locator('[data-testid="change"]').first().click();
      await page.waitForSelector('[data-testid="pair-view"]', { timeout: 30_000 });
      found.push(...(await seriousViolations(page)).map((v) => `pair: ${v}`));
      await page.close();
      assert.deepEqual(found, [], `compare, ${scheme.name}:\n${found.join('\n')}`);
    });
  }
});
