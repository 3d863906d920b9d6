/**
 * An Inspect `.eval` log exported as a standalone report (`eval-lens log report run.eval`), opened in Chromium as a
 * reader opens it: the run's task as the title, each metric Inspect stored shown verified, the samples listed, a
 * sample's conversation drawn, and no serious or critical axe violation in light, dark and high contrast.
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

const LOG = sharedFixture('inspect-ai', '2025-09-15T15-02-26-04-00_popularity_L8g2GLGDDfsiXvdJ8LyZNJ.eval');
const SCHEMES = [
  { name: 'light', colorScheme: 'light', contrast: 'no-preference' },
  { name: 'dark', colorScheme: 'dark', contrast: 'no-preference' },
  { name: 'high-contrast', colorScheme: 'dark', contrast: 'more' },
] as const;

let browser: Browser;
let folder: string;
let file: string;
let summary: LogSummary;
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
      found.push(...(await violations()).map((v) => `sample: ${v}`));
      const shots = path.join(repoRoot(), 'test-results/screenshots');
      fs.mkdirSync(shots, { recursive: true });
      await page.screenshot({ path: path.join(shots, `inspect-html-sample-${scheme.name}.png`) });
      await page.close();
      assert.deepEqual(found, []);
    });
  }
});
