/**
 * Search inside a sample's conversation: in the exported HTML report (the sample detail searches in place, since no
 * tab can open) and in the editor's conversation tab, opened full-width from a log report in code-server.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser, Frame } from 'playwright-core';
import { findWebviewFrame, launchBrowser, openFile, screenshot, startWorkbench, Workbench } from './harness/workbench';
import { repoRoot } from './harness/repoRoot';
import { exportReportHtml } from './harness/exportReportHtml';

/** A word of the first sample's conversation (its question, the tool's arguments and output). */
const WORD = 'france';
const LOG = 'success-trials';

/** Matches of `word` in the text under `selector`, counted apart from the search (case-insensitive). */
function occurrences(selector: string, word: string): string {
  return `(() => { const text = (document.querySelector(${JSON.stringify(selector)})?.textContent ?? '').toLocaleLowerCase(); let n = 0; for (let at = text.indexOf(${JSON.stringify(word)}); at >= 0; at = text.indexOf(${JSON.stringify(word)}, at + 1)) n++; return n; })()`;
}

/** Whether the current match is highlighted and inside the window. */
const CURRENT_IN_VIEW = `(() => { const mark = document.querySelector('mark.search-hit.current'); if (!mark) return false; const r = mark.getBoundingClientRect(); return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight && getComputedStyle(mark).backgroundColor !== 'rgba(0, 0, 0, 0)'; })()`;

async function assertSearch(frame: Frame, conversation: string, label: string): Promise<number> {
  const count = frame.locator('[data-testid="search-count"]');
  await frame.waitForFunction(`document.querySelectorAll('mark.search-hit').length > 0`, undefined, { timeout: 10_000 });
  const marks = await frame.locator('mark.search-hit').count();
  assert.ok(marks >= 2, `${label}: the word is found more than once (${marks})`);
  assert.equal(await frame.evaluate<number>(occurrences(conversation, WORD)), marks, `${label}: every occurrence in the conversation is highlighted`);
  assert.equal(await count.textContent(), `1 of ${marks}`, `${label}: the count`);
  assert.equal(await frame.evaluate<boolean>(CURRENT_IN_VIEW), true, `${label}: the first match is highlighted and in view`);
  return marks;
}

describe('search in a sample\'s conversation of the exported HTML report', () => {
  let browser: Browser;
  let folder: string;
  let file: string;

  before(async () => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'eval-lens-html-search-'));
    file = path.join(folder, `${LOG}.html`);
    await exportReportHtml(path.join(repoRoot(), 'examples/logs', `${LOG}.tasklog.json`), file);
    browser = await launchBrowser();
  }, { timeout: 120_000 });

  after(async () => {
    await browser?.close();
    if (folder) fs.rmSync(folder, { recursive: true, force: true });
  });

  test('typing a word highlights every match, counts them, shows the first; Enter and Shift+Enter move', { timeout: 120_000 }, async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 700 } });
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
    });
    await page.goto(`file://${file}`);
    await page.locator('[role="tab"][data-tab="samples"]').click();
    await page.locator('.grid-row[data-sample-index="0"]').click();
    await page.waitForSelector('[data-testid="sample-detail"][data-sample-index="0"]', { timeout: 30_000 });
    assert.equal(await page.locator('[data-testid="open-conversation"]').count(), 0, 'no tab to open in a file');
    const box = page.locator('[data-testid="sample-detail"] [data-testid="conversation-search"]');
    assert.equal(await box.count(), 1, 'one search box over the conversation shown');
    assert.equal(await box.getAttribute('aria-label'), 'Search in the conversation');
    // Keyboard: the box is reached with Tab from the control before it.
    await page.locator('[data-testid="sample-detail"] .trial-tab[aria-selected="true"]').focus();
    const focused = () => page.evaluate<string | null>('document.activeElement?.getAttribute("data-testid") ?? null');
    for (let presses = 0; presses < 40 && (await focused()) !== 'conversation-search'; presses++) await page.keyboard.press('Tab');
    assert.equal(await focused(), 'conversation-search', 'Tab reaches the search box');
    await page.keyboard.type('France');
    const conversation = '[data-testid="sample-detail"] .trial-body [data-testid="conversation"]';
    const marks = await assertSearch(page.mainFrame(), conversation, 'HTML');
    await screenshot(page, 'html-conversation-search');
    await page.keyboard.press('Enter');
    assert.equal(await page.locator('[data-testid="search-count"]').textContent(), `2 of ${marks}`, 'Enter moves to the next match');
    assert.equal(await page.locator('mark.search-hit').nth(1).getAttribute('class'), 'search-hit current');
    assert.equal(await page.evaluate<boolean>(CURRENT_IN_VIEW), true, 'the next match is in view');
    await page.keyboard.press('Shift+Enter');
    assert.equal(await page.locator('[data-testid="search-count"]').textContent(), `1 of ${marks}`, 'Shift+Enter moves back');
    // The reader's dark and high contrast schemes keep the current match marked.
    for (const scheme of [{ name: 'dark', contrast: 'no-preference' }, { name: 'high-contrast', contrast: 'more' }] as const) {
      await page.emulateMedia({ colorScheme: 'dark', contrast: scheme.contrast });
      const mark = await page.evaluate<{ background: string; outline: string }>(`(() => { const s = getComputedStyle(document.querySelector('mark.search-hit.current')); return { background: s.backgroundColor, outline: s.outlineColor }; })()`);
      assert.ok(mark.background !== 'rgba(0, 0, 0, 0)' || mark.outline !== 'rgba(0, 0, 0, 0)', `${scheme.name}: the current match is marked (${JSON.stringify(mark)})`);
      await screenshot(page, `html-conversation-search-${scheme.name}`);
    }
    await page.emulateMedia({ colorScheme: 'light', contrast: 'no-preference' });
    await page.keyboard.press('Escape');
    assert.equal(await page.locator('mark.search-hit').count(), 0, 'Escape clears the highlights');
    assert.deepEqual(violations, [], 'nothing was refused by the page\'s Content Security Policy');
    await page.close();
  });
});

describe('search in the conversation tab of the editor', () => {
  let workbench: Workbench;

  before(async () => {
    workbench = await startWorkbench();
  }, { timeout: 180_000 });

  after(async () => {
    await workbench?.close();
  });

  test('a sample\'s conversation opened full-width from the report is searched: count and highlight', { timeout: 240_000 }, async () => {
    const { page } = workbench;
    await openFile(page, `logs/${LOG}.tasklog.json`);
    const report = await findWebviewFrame(page, async (frame) => (await frame.locator('[data-testid="metric-card"]').count()) > 0, 90_000);
    await report.locator('[role="tab"][data-tab="samples"]').click();
    await report.locator('.grid-row[data-sample-index="0"]').click();
    const open = report.locator('[data-testid="open-conversation"]');
    await open.waitFor({ state: 'visible', timeout: 30_000 });
    assert.equal(await report.locator('[data-testid="trial-conversation-search"]').count(), 0, 'the editor opens the conversation in a tab instead');
    await open.click();
    const tab = await findWebviewFrame(page, async (frame) => (await frame.locator('[data-testid="conversation-page"] [data-testid="conversation"]').count()) > 0, 90_000);
    const box = tab.locator('[data-testid="conversation-search"]');
    await box.click();
    // The tab's page takes the keys only once its box holds the focus.
    await tab.waitForFunction('document.activeElement?.getAttribute("data-testid") === "conversation-search"', undefined, { timeout: 10_000 });
    await page.keyboard.type('France');
    const marks = await assertSearch(tab, '[data-testid="conversation-page"]', 'editor tab');
    await screenshot(page, 'conversation-tab-search');
    await page.keyboard.press('Enter');
    assert.equal(await tab.locator('[data-testid="search-count"]').textContent(), `2 of ${marks}`, 'Enter moves to the next match');
    assert.equal(await tab.evaluate<boolean>(CURRENT_IN_VIEW), true, 'the next match is in view');
  });
});
