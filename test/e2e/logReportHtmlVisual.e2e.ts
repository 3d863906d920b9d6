/**
 * The exported HTML report as a person sees it, opened directly in Chromium at 1400×900 in the light, dark and
 * high contrast schemes: one panel at a time, readable text and controls, key columns in view, and the report's
 * reading aids (expected versus actual, 1-based trials, the mismatch banner, one list per error).
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './harness/workbench';
import { repoRoot } from './harness/repoRoot';
import { assertControlsReadable, assertKeyColumnsInView, assertNoTinyText, assertOnlySelectedPanelVisible, assertTextContrast } from './harness/reportVisualChecks';
import { exportReportHtml } from './harness/exportReportHtml';

let browser: Browser;
let folder: string;
const files = new Map<string, string>();

async function exportLog(name: string): Promise<string> {
  const file = path.join(folder, `${name}.html`);
  await exportReportHtml(path.join(repoRoot(), 'examples/logs', `${name}.tasklog.json`), file);
  return file;
}

type Scheme = { name: string; colorScheme: 'light' | 'dark'; contrast: 'no-preference' | 'more' };
const SCHEMES: Scheme[] = [
  { name: 'light', colorScheme: 'light', contrast: 'no-preference' },
  { name: 'dark', colorScheme: 'dark', contrast: 'no-preference' },
  { name: 'high-contrast', colorScheme: 'dark', contrast: 'more' },
];

async function open(name: string, scheme: Scheme = SCHEMES[0]): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 }, colorScheme: scheme.colorScheme });
  await page.emulateMedia({ colorScheme: scheme.colorScheme, contrast: scheme.contrast });
  await page.goto(`file://${files.get(name)}`);
  await page.waitForSelector('[role="tab"][data-tab="overview"]', { timeout: 30_000 });
  return page;
}

async function shot(page: Page, name: string): Promise<void> {
  const dir = path.join(repoRoot(), 'test-results/screenshots');
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
}

async function openSample(page: Page, index: number): Promise<void> {
  await page.locator('[role="tab"][data-tab="samples"]').click();
  await page.locator(`.grid-row[data-sample-index="${index}"]`).click();
  await page.waitForSelector(`[data-testid="sample-detail"][data-sample-index="${index}"]`, { timeout: 30_000 });
}

/** The contrast of each curve of a chart (`svg`, the element evaluated on) with the first opaque background behind it. */
const CURVE_CONTRAST = `(svg) => {
  // rgb(r, g, b) in 0–255, or color(srgb r g b) in 0–1 (what color-mix() computes to).
  const rgb = (text) => (text.replace(/^color\\(srgb/, '').match(/[\\d.]+/g) || []).slice(0, 3).map((v) => (text.startsWith('color(') ? Number(v) * 255 : Number(v)));
  const lum = (c) => c.map((v) => v / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)).reduce((s, v, i) => s + v * [0.2126, 0.7152, 0.0722][i], 0);
  let node = svg;
  let bg = 'rgba(0, 0, 0, 0)';
  while (node && /rgba\\(0, 0, 0, 0\\)|transparent/.test(bg)) {
    bg = getComputedStyle(node).backgroundColor;
    node = node.parentElement;
  }
  const back = lum(rgb(bg));
  return [...svg.querySelectorAll('path.curve')].map((path) => {
    const line = lum(rgb(getComputedStyle(path).stroke));
    return { line: path.getAttribute('class'), ratio: (Math.max(line, back) + 0.05) / (Math.min(line, back) + 0.05) };
  });
}`;

/**
 * The pass@k and pass^k chart under `within` is drawn, its lines contrast ≥ 3:1 with what is behind them (WCAG 1.4.11
 * for graphics), its words ≥ 4.5:1; the chart names what it shows for screen readers.
 */
async function assertCurvesReadable(page: Page, label: string, within: string): Promise<void> {
  const chart = page.locator(`${within} [data-testid="pass-curve"] svg`).first();
  await chart.waitFor({ state: 'visible', timeout: 10_000 });
  assert.match((await chart.getAttribute('aria-label')) ?? '', /^Unbiased pass@k and pass\^k of /);
  const ratios = await page.evaluate<{ line: string; ratio: number }[]>(`(${CURVE_CONTRAST})(document.querySelector(${JSON.stringify(`${within} [data-testid="pass-curve"] svg`)}))`);
  assert.equal(ratios.length, 2, `${label}: both curves are drawn`);
  for (const r of ratios) assert.ok(r.ratio >= 3, `${label}: ${r.line} contrasts ${r.ratio.toFixed(2)}:1 with its background`);
  await assertTextContrast(page.mainFrame(), `${within} .curve-legend, ${within} .curve-note`, `${label}: the chart's legend and note`);
}

before(async () => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'eval-lens-html-visual-'));
  for (const name of ['success-trials', 'mismatch', 'failure', 'repeatability', 'legacy']) files.set(name, await exportLog(name));
  browser = await launchBrowser();
}, { timeout: 120_000 });

after(async () => {
  await browser?.close();
  if (folder) fs.rmSync(folder, { recursive: true, force: true });
});

describe('the exported HTML report in light, dark and high contrast', () => {
  for (const scheme of SCHEMES) {
    test(`${scheme.name}: one panel per tab, readable text and controls, key columns in view`, { timeout: 120_000 }, async () => {
      const page = await open('success-trials', scheme);
      const label = `HTML ${scheme.name}`;
      const background = await page.evaluate<string>('getComputedStyle(document.body).backgroundColor');
      assert.equal(background, scheme.contrast === 'more' ? 'rgb(0, 0, 0)' : scheme.colorScheme === 'dark' ? 'rgb(31, 31, 31)' : 'rgb(255, 255, 255)', `${label}: the page follows the reader's colour scheme`);
      const tabs = await assertOnlySelectedPanelVisible(page.mainFrame(), label);
      for (const tab of tabs) {
        await page.locator(`[role="tab"][data-tab="${tab}"]`).click();
        await assertNoTinyText(page.mainFrame(), `${label}, ${tab} tab`);
        await assertControlsReadable(page.mainFrame(), `${label}, ${tab} tab`);
      }
      await page.locator('[role="tab"][data-tab="overview"]').click();
      await assertCurvesReadable(page, `${label}, overview`, '[data-testid="metric-statistics"]');
      await shot(page, `html-overview-${scheme.name}`);
      await openSample(page, 0);
      await assertCurvesReadable(page, `${label}, sample detail`, '[data-testid="sample-curves"]');
      await assertNoTinyText(page.mainFrame(), `${label}, sample detail`);
      await assertControlsReadable(page.mainFrame(), `${label}, sample detail`);
      await assertKeyColumnsInView(page.mainFrame(), label, ['exact_match/correct', 'exact_match/pass_at_3', 'llm_judge/quality']);
      await shot(page, `html-sample-${scheme.name}`);
      await page.close();
    });
  }
});

describe('the exported HTML of a failed run and of a mismatching log', () => {
  for (const name of ['failure', 'mismatch']) {
    for (const scheme of SCHEMES.slice(0, 2)) {
      test(`${name}, ${scheme.name}: one panel per tab, readable text and controls`, { timeout: 90_000 }, async () => {
        const page = await open(name, scheme);
        const label = `HTML ${name} ${scheme.name}`;
        const tabs = await assertOnlySelectedPanelVisible(page.mainFrame(), label);
        for (const tab of tabs) {
          await page.locator(`[role="tab"][data-tab="${tab}"]`).click();
          await assertNoTinyText(page.mainFrame(), `${label}, ${tab} tab`);
          await assertControlsReadable(page.mainFrame(), `${label}, ${tab} tab`);
        }
        await openSample(page, name === 'failure' ? 0 : 6);
        await assertNoTinyText(page.mainFrame(), `${label}, sample detail`);
        await assertControlsReadable(page.mainFrame(), `${label}, sample detail`);
        await shot(page, `html-${name}-sample-${scheme.name}`);
        await page.close();
      });
    }
  }
});

describe('the report reads as a person expects (exported HTML)', () => {
  test('token usage is drawn at the size it is shown, its labels at the body font size', { timeout: 60_000 }, async () => {
    const page = await open('success-trials');
    const sizes = await page.evaluate<{ body: number; labels: number[] }>(`({ body: parseFloat(getComputedStyle(document.body).fontSize),
      labels: [...document.querySelectorAll('.usage-summary .chart-label, .usage-summary .chart-value')].map((e) => parseFloat(getComputedStyle(e).fontSize) * (e.getBoundingClientRect().height / e.offsetHeight || 1)) })`);
    assert.ok(sizes.labels.length >= 2, 'the chart has labels');
    for (const size of sizes.labels) assert.equal(Math.round(size), Math.round(sizes.body), 'chart labels are at the body font size');
    await page.close();
  });

  test('the table: no data column repeating the sample id, pass@3 shown once, a resizable and closable detail', { timeout: 60_000 }, async () => {
    const page = await open('success-trials');
    await openSample(page, 0);
    const columns = await page.locator('.grid-header [data-column-id]').evaluateAll((els) => els.map((e) => e.getAttribute('data-column-id')));
    assert.ok(!columns.includes('data:id'), `no "id" data column: ${columns.join(', ')}`);
    assert.ok(columns.includes('exact_match/pass_at_3') && !columns.includes('passAtK'), `pass@3 is shown once: ${columns.join(', ')}`);
    // Beside the unbiased curves over k (their own section), the detail shows pass@3 once, as the pass_at_3 score.
    const outsideCurves = (await page.locator('[data-testid="sample-detail"] > :not([data-testid="sample-curves"])').allInnerTexts()).join('\n');
    assert.doesNotMatch(outsideCurves, /pass@/, 'the detail shows pass@3 once, as the pass_at_3 score');
    assert.match(await page.locator('[data-testid="detail-pass"]').innerText(), /^pass\^3 /, 'pass^3, which no score stores, is named with its k');

    const pane = page.locator('[data-testid="detail-pane"]');
    const before = (await pane.boundingBox())?.width ?? 0;
    const sash = page.locator('[data-testid="detail-splitter"]');
    const box = await sash.boundingBox();
    assert.ok(box, 'the sash is visible');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x - 120, box.y + box.height / 2, { steps: 4 });
    await page.mouse.up();
    const widened = (await pane.boundingBox())?.width ?? 0;
    assert.ok(widened > before + 100, `dragging the sash widens the detail (${before} → ${widened})`);
    await sash.focus();
    await page.keyboard.press('ArrowRight');
    assert.ok(((await pane.boundingBox())?.width ?? 0) < widened, 'the arrow keys resize it too');
    await page.keyboard.press('Home');
    const moved = await sash.boundingBox();
    assert.ok(moved, 'the sash is visible');
    await page.keyboard.press('End');
    const widest = (await pane.boundingBox())?.width ?? 0;
    assert.ok(widest >= 1400 * 0.8, `the detail can take most of the width (${widest} of 1400 px)`);
    await page.keyboard.press('Home');
    await page.mouse.move(moved.x + moved.width / 2, moved.y + moved.height / 2);
    await page.mouse.down();
    await page.mouse.move(20, box.y + box.height / 2, { steps: 4 });
    await page.mouse.up();
    assert.ok(((await pane.boundingBox())?.width ?? 0) >= 1400 * 0.8, 'dragging the sash to the left edge widens it as far');
    assert.equal(await page.evaluate<string>('String(getSelection())'), '', 'dragging the sash selects no text');
    assert.ok(((await page.locator('[data-testid="samples-table"]').boundingBox())?.width ?? 0) >= 200, 'the table keeps a narrow column');

    await sash.focus();
    await page.keyboard.press('Home');
    assert.ok(((await pane.boundingBox())?.width ?? 0) <= 240, 'Home makes the detail its narrowest');
    const cut = await page.evaluate<string[]>(`[...document.querySelectorAll('[data-testid="sample-detail"] .score-box')].filter((b) => b.scrollWidth > b.clientWidth + 1).map((b) => b.textContent.slice(0, 40))`);
    assert.deepEqual(cut, [], 'at its narrowest the detail shows every score column whole');
    await shot(page, 'html-detail-narrowest');

    const tableBefore = (await page.locator('[data-testid="samples-table"]').boundingBox())?.width ?? 0;
    await page.locator('[data-testid="sample-detail"] .close-button').click();
    await pane.waitFor({ state: 'hidden', timeout: 10_000 });
    const tableAfter = (await page.locator('[data-testid="samples-table"]').boundingBox())?.width ?? 0;
    assert.ok(tableAfter > tableBefore + 200, `closing the detail gives the table its room (${tableBefore} → ${tableAfter})`);
    await page.close();
  });

  test('typing in the samples search at an ordinary pace keeps every character and the focus while the list follows', { timeout: 60_000 }, async () => {
    const page = await open('success-trials');
    await page.locator('[role="tab"][data-tab="samples"]').click();
    const search = page.locator('[data-testid="sample-search"]');
    await search.click();
    for (const key of 'arith') {
      await page.keyboard.type(key);
      await page.waitForTimeout(400);
    }
    assert.equal(await search.evaluate((e) => (e as unknown as { value: string }).value), 'arith', 'the box holds what was typed');
    assert.equal(await page.evaluate<string | null>('document.activeElement?.getAttribute("data-testid") ?? null'), 'sample-search', 'the focus stays in the box');
    assert.equal((await page.locator('[data-testid="sample-count"]').innerText()).trim(), '4 of 12 samples', 'the list follows the search');
    await page.keyboard.press('Backspace');
    await page.waitForTimeout(400);
    assert.equal(await search.evaluate((e) => (e as unknown as { value: string }).value), 'arit');
    await page.close();
  });

  test('pass/fail filters only 0/1 scores, says so, shows whole labels, an empty result under the header, and drops a filtered-out sample', { timeout: 60_000 }, async () => {
    const averaged = await open('success-trials');
    await averaged.locator('[role="tab"][data-tab="samples"]').click();
    await averaged.locator('[data-testid="sample-search"]').waitFor();
    assert.equal(await averaged.locator('vscode-single-select[aria-label="Score"]').count(), 0, 'no pass/fail for scores averaged over trials (0.67 is neither)');
    await averaged.close();

    const page = await open('legacy');
    await openSample(page, 0);
    const filter = page.locator('vscode-single-select[aria-label="Score"]');
    assert.match((await filter.getAttribute('title')) ?? '', /1 or true \(pass\), or 0 or false \(fail\)/, 'the filter says what pass and fail mean');
    await filter.click();
    const options = await filter.locator('[role="option"]').allInnerTexts();
    assert.deepEqual(options.map((o) => o.trim()), ['Any score', 'Exact match/correct: pass (1 or true)', 'Exact match/correct: fail (0 or false)'], 'only the true/false score is offered');
    await filter.locator('[role="option"]', { hasText: 'fail (0 or false)' }).click();
    await page.waitForFunction('document.querySelector(\'[data-testid="sample-count"]\')?.textContent === "2 of 8 samples"', undefined, { timeout: 10_000 });
    const text = filter.locator('.select-face .text');
    assert.equal((await text.innerText()).trim(), 'Exact match/correct: fail (0 or false)');
    const cut = await text.evaluate((e) => e.scrollWidth > e.clientWidth + 1);
    assert.equal(cut, false, 'the chosen option is shown whole');
    await page.locator('[data-testid="detail-pane"]').waitFor({ state: 'hidden', timeout: 10_000 });
    assert.equal(await page.locator('[data-testid="sample-detail"]').count(), 0, 'the passed sample the filter removed is no longer shown');

    await page.locator('[data-testid="sample-search"]').click();
    await page.keyboard.type('no such words here');
    const status = page.locator('.grid-status');
    await status.filter({ hasText: 'No sample matches these filters.' }).waitFor({ timeout: 10_000 });
    const [header, message] = [await page.locator('.grid-header').boundingBox(), await status.boundingBox()];
    assert.ok(header && message && message.y - (header.y + header.height) < 24, `the empty result stands under the header (${header?.y}+${header?.height} → ${message?.y})`);
    await shot(page, 'html-samples-no-match');
    await page.close();
  });

  test('the samples table: whole header names on one line, the sort shown, # and id in view when it scrolls sideways', { timeout: 60_000 }, async () => {
    const page = await open('success-trials');
    await openSample(page, 0);
    const headers = await page.evaluate<{ text: string; cut: boolean; lines: number }[]>(`[...document.querySelectorAll('.grid-header .sort-button')].map((e) => {
      const style = getComputedStyle(e);
      const line = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.2;
      const text = e.getBoundingClientRect().height - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
      return { text: e.textContent || '', cut: e.scrollWidth > e.clientWidth + 1, lines: Math.round(text / line) };
    })`);
    assert.ok(headers.some((h) => h.text === 'pass_at_3'), headers.map((h) => h.text).join(', '));
    for (const header of headers) {
      assert.doesNotMatch(header.text, /\u200b/, `${header.text}: no break points in the name`);
      assert.equal(header.cut, false, `${header.text}: shown whole`);
      assert.equal(header.lines, 1, `${header.text}: on one line`);
    }

    await page.locator('.sort-button[data-column="llm_judge/quality"]').click();
    const quality = page.locator('.grid-header [data-column-id="llm_judge/quality"]');
    await page.waitForFunction('document.querySelector(\'.grid-header [data-column-id="llm_judge/quality"]\')?.getAttribute("aria-sort") === "ascending"', undefined, { timeout: 10_000 });
    assert.equal(await quality.locator('.codicon-arrow-up').count(), 1, 'an arrow shows the order');
    assert.equal(await quality.locator('.sort-button').evaluate((e) => e.scrollWidth > e.clientWidth + 1), false, 'the name and its arrow fit');

    // The detail takes most of the width: the table scrolls sideways, the # and id columns stay at its left edge.
    await page.locator('[data-testid="detail-splitter"]').focus();
    await page.keyboard.press('End');
    const scroller = page.locator('[data-testid="samples-table"]');
    await scroller.evaluate((e) => { e.scrollLeft = e.scrollWidth; });
    await page.waitForTimeout(200);
    const table = await scroller.boundingBox();
    const id = await page.locator('.grid-row').first().locator('.grid-cell').nth(1).boundingBox();
    assert.ok(await scroller.evaluate((e) => e.scrollLeft > 50), 'the table is scrolled sideways');
    assert.ok(table && id && Math.abs(id.x - (table.x + 48)) < 3, `the id column stays beside # (${id?.x} vs ${table ? table.x + 48 : '?'})`);
    await shot(page, 'html-samples-pinned-id');
    await page.close();
  });

  test('a trial sample: no layout jargon, trials counted from 1, one-line reasoning, expected beside the final output', { timeout: 60_000 }, async () => {
    const page = await open('success-trials');
    await openSample(page, 0);
    const detail = page.locator('[data-testid="sample-detail"]');
    assert.equal(await detail.locator('.notes').count(), 0, 'no notes for the normal trial layout');
    assert.doesNotMatch(await detail.innerText(), /`|sample-level/);
    assert.deepEqual(await detail.locator('.trial-tab').allInnerTexts(), ['Trial 1', 'Trial 2', 'Trial 3']);
    assert.match((await detail.locator('.trial-tab').first().getAttribute('title')) ?? '', /index 0/);

    const reasoning = detail.locator('details.reasoning').first();
    assert.equal(await reasoning.evaluate((e) => (e as unknown as { open: boolean }).open), false);
    const heights = await page.evaluate<{ height: number; line: number }>(`(() => {
      const summary = document.querySelector('[data-testid="sample-detail"] details.reasoning > summary');
      const style = getComputedStyle(summary);
      return { height: summary.getBoundingClientRect().height, line: parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.4 };
    })()`);
    assert.ok(heights.height <= heights.line * 1.5, `collapsed reasoning is one line (${heights.height} px for a ${heights.line} px line)`);

    const expected = detail.locator('[data-testid="expected-value"]');
    const actual = detail.locator('[data-testid="final-output"]');
    assert.equal((await expected.innerText()).trim(), 'Paris');
    assert.ok((await actual.innerText()).trim().length > 0);
    const [e, a] = [await expected.boundingBox(), await actual.boundingBox()];
    assert.ok(e && a && Math.abs(e.y - a.y) < 4, 'expected and final output sit side by side');
    await page.close();
  });

  test('a mismatching metric gets a banner that leads to its card', { timeout: 60_000 }, async () => {
    const page = await open('mismatch');
    const banner = page.locator('[data-testid="mismatch-banner"]');
    await banner.waitFor({ state: 'visible', timeout: 10_000 });
    assert.match(await banner.innerText(), /1 metric does not match its per-sample scores/);
    await page.locator('[role="tab"][data-tab="samples"]').click();
    await banner.locator('button[data-metric-key="accuracy"]').click();
    assert.equal(await page.locator('[role="tab"][data-tab="overview"]').getAttribute('aria-selected'), 'true');
    assert.equal(await page.evaluate<string>('document.activeElement.getAttribute("aria-label")'), 'accuracy', 'the metric\'s card has the focus');
    assert.equal(await page.locator('.metric-card.has-mismatch').count(), 1);
    await page.close();
  });

  test('every heading has content under it (the quality checks included)', { timeout: 60_000 }, async () => {
    const page = await open('success-trials');
    const empty = await page.evaluate<string[]>(`(() => {
      const panel = document.getElementById('panel-overview');
      const nodes = [...panel.querySelectorAll('h1, h2, h3, h4, .metric-value, .metric-reason, p, li, table, .stacked-bars, .proportion')].filter((e) => e.getClientRects().length > 0 && !e.classList.contains('visually-hidden'));
      const level = (e) => /^H\\d$/.test(e.tagName) ? Number(e.tagName[1]) : 0;
      const bad = [];
      nodes.forEach((node, i) => {
        if (!level(node)) return;
        const next = nodes[i + 1];
        if (!next || (level(next) && level(next) <= level(node))) bad.push(node.textContent.trim());
      });
      return bad;
    })()`);
    assert.deepEqual(empty, []);
    assert.deepEqual(await page.locator('.qa-heading').allInnerTexts(), ['Quality checks (qa): Format check (format)'], 'the qa group says it is a quality check in its own heading');
    await page.close();
  });

  test('the failure log lists each error once in the sample detail', { timeout: 60_000 }, async () => {
    const page = await open('failure');
    await openSample(page, 0);
    const types = await page.locator('[data-testid="sample-detail"] .error-type').allInnerTexts();
    assert.equal(types.filter((t) => t.trim() === 'SolverError').length, 1, `errors shown: ${types.join(', ')}`);
    const headings = await page.locator('[data-testid="sample-detail"] .detail-errors h3').allInnerTexts();
    assert.equal(new Set(headings).size, headings.length, `no two error lists under the same heading: ${headings.join(', ')}`);
    await page.close();
  });

  test('the same metric reads the same on Overview and in Runs', { timeout: 60_000 }, async () => {
    const page = await open('repeatability');
    const overview = (await page.locator('.metric-value[data-value-key="correct"] .value-number').innerText()).trim();
    await page.locator('[role="tab"][data-tab="runs"]').click();
    const row = page.locator('.runs-table tbody tr').first();
    const cells = (await row.locator('td').allInnerTexts()).map((c) => c.trim());
    const std = cells[cells.length - 2];
    assert.match(overview, /^\d+(\.\d)?%$/, 'the metric is a rate');
    for (const cell of cells.slice(0, -2)) assert.match(cell, /^\d+(\.\d)?%$/, 'each run and the mean are written like the metric');
    assert.match(std, /%$/, 'the standard deviation is on the same scale');
    await shot(page, 'html-runs-light');
    await page.close();
  });
});
