/**
 * The exported HTML report in headless Chromium: a large log's export (samples compressed in chunks, decoded
 * by the page under its strict CSP) shows its summary, rows and details; runs are labelled from 1; the status
 * badge warns when a metric does not match its per-sample scores; the error count is readable in light.
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

let browser: Browser;
let folder: string;

async function exportLog(name: string, compressed: boolean, reportWorker = false): Promise<string> {
  const file = path.join(folder, `${name}${compressed ? '-compressed' : ''}${reportWorker ? '-worker' : ''}.html`);
  // As `log report -o` does: the report worker compresses the log file while it is indexed.
  const exportWorker = reportWorker ? { script: path.join(repoRoot(), 'dist/worker/reportExport.js'), windowsFile: `${file}.windows.partial` } : undefined;
  await exportReportHtml(path.join(repoRoot(), 'examples/logs', `${name}.tasklog.json`), file, {
    plan: !compressed ? { kind: 'whole' } : exportWorker ? { kind: 'export', aboveBytes: 0, exportWorker } : { kind: 'lean', aboveBytes: 0 },
    report: { compressed, rowsPerChunk: 5, detailsPerChunk: 2 },
  });
  return file;
}

async function open(file: string): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 }, colorScheme: 'light' });
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`file://${file}`);
  await page.waitForSelector('[role="tab"][data-tab="overview"]', { timeout: 30_000 });
  return { page, errors };
}

/** WCAG contrast ratio of two `rgb(...)` colours. */
function contrast(a: string, b: string): number {
  const luminance = (rgb: string): number => {
    const [r, g, bl] = (rgb.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => Number(v) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

before(async () => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'eval-lens-large-html-'));
  browser = await launchBrowser();
}, { timeout: 120_000 });

after(async () => {
  await browser?.close();
  if (folder) fs.rmSync(folder, { recursive: true, force: true });
});

describe('the exported HTML report: large logs and reading aids', () => {
  for (const reportWorker of [false, true]) {
    test(`a compressed export${reportWorker ? ' (file compressed by the report worker)' : ''} shows the summary, decodes rows and details on demand, under the strict CSP`, { timeout: 120_000 }, async () => {
      const file = await exportLog('repeatability', true, reportWorker);
      assert.match(fs.readFileSync(file, 'utf8'), /application\/x-eval-lens-chunk/);
      const { page, errors } = await open(file);
      assert.ok((await page.locator('[data-testid="display-name"]').textContent())?.trim());
      await page.locator('[role="tab"][data-tab="samples"]').click();
      const rows = page.locator('.grid-row[data-sample-index]');
      await rows.first().waitFor({ timeout: 30_000 });
      assert.ok((await rows.count()) >= 3, 'the rows of the compressed chunks are listed');
      await page.locator('.grid-row[data-sample-index="3"]').click();
      await page.waitForSelector('[data-testid="sample-detail"][data-sample-index="3"]', { timeout: 30_000 });
      const sampleId = (await page.locator('.grid-row[data-sample-index="3"] [role="gridcell"]').nth(1).textContent())?.trim() ?? '';
      assert.ok(sampleId, 'the row shows its sample id');
      assert.ok((await page.locator('[data-testid="sample-detail"]').textContent())?.includes(sampleId), `the detail of ${sampleId} is shown`);
      assert.deepEqual(errors.filter((e) => /Content Security Policy|Refused/i.test(e)), [], 'nothing was refused by the CSP');
      await page.close();
    });
  }

  test('runs are labelled from 1, with the log index in the tooltip', { timeout: 120_000 }, async () => {
    const { page } = await open(await exportLog('repeatability', false));
    await page.locator('[role="tab"][data-tab="runs"]').click();
    const headers = page.locator('.runs-table thead th[title]');
    await headers.first().waitFor();
    assert.equal((await headers.first().textContent())?.trim(), 'Run 1');
    assert.match((await headers.first().getAttribute('title')) ?? '', /index 0\b/);
    assert.ok(await page.locator('button.link-button', { hasText: /^Run 1:/ }).count(), 'the run links count from 1');
    assert.equal(await page.locator('button.link-button', { hasText: /^Run 0:/ }).count(), 0);
    await page.close();
  });

  test('the status badge shows a warning state when a metric does not match its per-sample scores', { timeout: 120_000 }, async () => {
    const mismatch = await open(await exportLog('mismatch', false));
    const badge = mismatch.page.locator('[data-testid="status"]');
    assert.equal(await badge.getAttribute('data-state'), 'mismatch');
    assert.equal(await badge.locator('.codicon-warning').count(), 1);
    assert.match((await badge.getAttribute('title')) ?? '', /not match/);
    await mismatch.page.close();
    const fine = await open(await exportLog('success-trials', false));
    assert.equal(await fine.page.locator('[data-testid="status"]').getAttribute('data-state'), 'success');
    await fine.page.close();
  });

  test('in light, the error count meets 4.5:1 contrast and its icon stays the error colour', { timeout: 120_000 }, async () => {
    const { page } = await open(await exportLog('failure', false));
    await page.locator('[role="tab"][data-tab="samples"]').click();
    const count = page.locator('.grid-row .error-marker .error-count').first();
    await count.waitFor({ timeout: 30_000 });
    const colours = await page.evaluate<{ text: string; background: string; icon: string }>(`(() => {
      const node = document.querySelector('.grid-row .error-marker .error-count');
      let background = 'rgb(255, 255, 255)';
      for (let e = node; e; e = e.parentElement) {
        const bg = getComputedStyle(e).backgroundColor;
        if (bg && bg !== 'rgba(0, 0, 0, 0)' && bg !== 'transparent') { background = bg; break; }
      }
      const iconNode = node.parentElement.querySelector('.codicon-error');
      return { text: getComputedStyle(node).color, background, icon: iconNode ? getComputedStyle(iconNode).color : '' };
    })()`);
    assert.ok(contrast(colours.text, colours.background) >= 4.5, `error count ${colours.text} on ${colours.background}`);
    assert.equal(colours.icon, 'rgb(199, 46, 15)', 'the icon keeps the light theme\'s error colour (#c72e0f)');
    await page.close();
  });
});
