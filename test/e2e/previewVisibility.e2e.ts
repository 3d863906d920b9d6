import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import type { Frame, Page } from 'playwright-core';
import { repoRoot } from './harness/repoRoot';
import { assertTextContrast } from './harness/reportVisualChecks';
import { findWebviewFrame, openFile, runCommand, screenshot, setColorTheme, startWorkbench, Workbench } from './harness/workbench';

let workbench: Workbench;
let workspace: string;

before(async () => {
  workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'eval-lens-preview-visible-'));
  fs.cpSync(path.join(repoRoot(), 'examples'), workspace, { recursive: true });
  // A URL whose host cannot resolve (the .invalid domain never does): the fetch fails at once, without a network.
  fs.writeFileSync(path.join(workspace, 'datasets', 'unreachable.dataset.yaml'), [
    'key: unreachable', 'display_name: Unreachable', 'source:', '  type: url', '  url: https://questions.eval-lens.invalid/data/questions.jsonl', '',
  ].join('\n'));
  workbench = await startWorkbench({ workspace, settings: { 'workbench.colorTheme': 'Default Light Modern', 'evalLens.preview.urlFetch': 'always' } });
}, { timeout: 180_000 });

after(async () => {
  await workbench?.close();
  if (workspace) fs.rmSync(workspace, { recursive: true, force: true });
});

/**
 * What a person sees in the view, measured in the webview (plain script: this file is compiled without the DOM
 * types; Playwright's evaluate is not bound by the view's CSP). Only rendered, visible elements count.
 */
const MEASURE_VIEW = `(() => {
  const visible = (el) => {
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) return false;
    if (el.checkVisibility && !el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) return false;
    return r.bottom > 0 && r.right > 0 && r.top < innerHeight && r.left < innerWidth;
  };
  const describe = (el) => el.tagName.toLowerCase() + (el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\\s+/).join('.') : '');
  const smallText = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent.trim();
    const el = node.parentElement;
    if (!text || !el || !visible(el)) continue;
    const size = parseFloat(getComputedStyle(el).fontSize);
    if (size < 9) smallText.push(describe(el) + ' "' + text.slice(0, 30) + '" ' + size + 'px');
  }
  // Computed colours come as rgb()/rgba(), or as color(srgb r g b / a) with 0..1 channels (color-mix results).
  const rgba = (c) => {
    const v = (c.match(/[\\d.]+/g) || []).map(Number);
    const scale = /^color\\(srgb/.test(c) ? 255 : 1;
    return [(v[0] || 0) * scale, (v[1] || 0) * scale, (v[2] || 0) * scale, v.length > 3 ? v[3] : 1];
  };
  const over = (top, bottom) => [0, 1, 2].map((i) => top[i] * top[3] + bottom[i] * (1 - top[3])).concat(1);
  const parentOf = (el) => el.parentElement || (el.getRootNode() && el.getRootNode().host) || null;
  const backdrop = (el) => {
    const layers = [];
    for (let e = el; e; e = parentOf(e)) {
      const c = rgba(getComputedStyle(e).backgroundColor);
      if (c[3] > 0) layers.push(c);
      if (c[3] >= 1) break;
    }
    let colour = layers.length && layers[layers.length - 1][3] >= 1 ? layers.pop() : rgba(getComputedStyle(document.body).backgroundColor);
    while (layers.length) colour = over(layers.pop(), colour);
    return colour;
  };
  const lum = (c) => { const [r, g, b] = c.slice(0, 3).map((x) => { const v = x / 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; }); return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
  const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
  const controls = [];
  const overflowing = [];
  for (const el of document.querySelectorAll('vscode-button, button, summary, .cell.origin, [role="button"]')) {
    if (!visible(el) || !el.textContent.trim()) continue;
    const inner = el.shadowRoot ? el.shadowRoot.querySelector('.base, button') || el : el;
    const fg = rgba(getComputedStyle(inner).color);
    const bg = backdrop(inner);
    controls.push({ control: describe(el) + ' "' + el.textContent.trim().slice(0, 30) + '" ' + getComputedStyle(inner).color + ' on ' + bg.map(Math.round).join(','), ratio: Math.round(ratio(over(fg, bg), bg) * 100) / 100 });
    const box = el.getBoundingClientRect();
    const container = parentOf(el).getBoundingClientRect();
    // Inside the grid, a column may reach past the view's edge: the grid scrolls sideways to it.
    const beyondView = box.right > innerWidth && !el.closest('.grid');
    if (inner.scrollWidth > inner.clientWidth + 1 || box.right > container.right + 1 || beyondView) overflowing.push(describe(el) + ' "' + el.textContent.trim().slice(0, 30) + '"');
  }
  const cut = (el) => el.scrollWidth > el.clientWidth + 1;
  const inside = (el) => { const r = el.getBoundingClientRect(); return r.left >= 0 && r.right <= innerWidth + 0.5 && r.width > 0; };
  const origins = [...document.querySelectorAll('.grid-rows .cell.origin')].map((cell) => {
    const line = cell.querySelector('.origin-line');
    const name = cell.querySelector('.origin-name');
    const c = cell.getBoundingClientRect();
    const l = line ? line.getBoundingClientRect() : undefined;
    return { text: cell.textContent, lineShown: !!l && l.left >= c.left && l.right <= c.right + 0.5 && inside(line), nameWhole: !!name && !cut(name) };
  });
  const filterLabels = [...document.querySelectorAll('.stage-filter-label')].map((label) => ({ text: label.textContent, whole: !cut(label) && inside(label) }));
  return { width: innerWidth, smallText, controls, overflowing, origins, filterLabels };
})()`;

interface ViewMeasure {
  width: number;
  smallText: string[];
  controls: { control: string; ratio: number }[];
  overflowing: string[];
  origins: { text: string; lineShown: boolean; nameWhole: boolean }[];
  filterLabels: { text: string; whole: boolean }[];
}

function measure(frame: Frame): Promise<ViewMeasure> {
  return frame.evaluate<ViewMeasure>(MEASURE_VIEW);
}

function assertReadable(view: ViewMeasure, theme: string): void {
  assert.deepEqual(view.smallText, [], `${theme}: no visible text smaller than 9 px`);
  assert.ok(view.controls.length > 0, `${theme}: the view has controls to check`);
  const faint = view.controls.filter((c) => c.ratio < 4.5);
  assert.deepEqual(faint, [], `${theme}: every control's text contrasts 4.5:1 with its background`);
  assert.deepEqual(view.overflowing, [], `${theme}: no control overflows its box`);
}

async function waitForViewTheme(frame: Frame, kind: string): Promise<void> {
  await frame.waitForFunction(`document.body.classList.contains(${JSON.stringify(kind)})`, undefined, { timeout: 30_000 });
}

const THEMES = [
  { label: 'Light Modern', kind: 'light', bodyClass: 'vscode-light', name: 'light' },
  { label: 'Dark Modern', kind: 'dark', bodyClass: 'vscode-dark', name: 'dark' },
  { label: 'Dark High Contrast', kind: 'highContrast', bodyClass: 'vscode-high-contrast', name: 'high-contrast' },
] as const;

async function inEachTheme(page: Page, frame: Frame, check: (theme: (typeof THEMES)[number]) => Promise<void>): Promise<void> {
  for (const theme of THEMES) {
    await setColorTheme(page, theme.label, theme.kind);
    await waitForViewTheme(frame, theme.bodyClass);
    await check(theme);
  }
}

function editorGroupCount(page: Page): Promise<number> {
  return page.locator('.part.editor .editor-group-container').count();
}

test('the preview is readable in light, dark and high contrast: text size, control contrast, whole origins and filter labels', { timeout: 300_000 }, async () => {
  const { page } = workbench;
  await openFile(page, 'datasets/local-jsonl.dataset.yaml');
  await runCommand(page, 'Eval Lens: Preview Dataset Filters');
  const frame = await findWebviewFrame(page, async (f) => (await f.locator('.stage-filter-label').count()) > 0, 90_000);
  await frame.locator('.grid-rows .cell.origin').first().waitFor({ state: 'visible', timeout: 60_000 });
  // Open a row's detail pane, so its text and buttons are measured too.
  await frame.locator('.grid-rows .row').first().locator('[data-col="2"]').click();
  await frame.locator('.detail-field.current').waitFor({ state: 'visible' });

  await inEachTheme(page, frame, async (theme) => {
    const view = await measure(frame);
    assertReadable(view, theme.name);
    assert.ok(view.origins.length > 0, 'rows are shown');
    for (const origin of view.origins) {
      assert.match(origin.text, /^questions\.jsonl:\d+$/);
      assert.ok(origin.lineShown && origin.nameWhole, `${theme.name}: origin ${origin.text} is shown whole (view ${view.width} px wide)`);
    }
    assert.equal(view.filterLabels.length, 3);
    for (const label of view.filterLabels) assert.ok(label.whole, `${theme.name}: filter label "${label.text}" is not cut`);
    // The third filter removes two rows as not comparable: that note is read like the other counts.
    assert.equal(await frame.locator('.funnel .not-comparable').textContent(), '2 not comparable');
    await assertTextContrast(frame, '.funnel', `${theme.name} selection funnel`);
    await screenshot(page, `preview-${theme.name}`);
  });
});

test('a row with a trace: a one-line summary in the table, the conversation with its tool call and output in the detail pane', { timeout: 300_000 }, async () => {
  const { page } = workbench;
  await openFile(page, 'datasets/conversations.dataset.yaml');
  await runCommand(page, 'Eval Lens: Preview Dataset Filters');
  const frame = await findWebviewFrame(page, async (f) => (await f.locator('.cell.kind-trace').count()) > 0, 90_000);
  const traceCells = frame.locator('.grid-rows .cell.kind-trace');
  assert.deepEqual(await traceCells.allTextContents(), [
    '3 messages · 1 tool call · 812 tokens',
    '3 messages · 2 tool calls · 1,534 tokens',
    '2 messages · 1 tool call · 2,210 tokens · 1 sub-agent',
  ], 'summaries, never raw JSON');

  await traceCells.first().click();
  const field = frame.locator('.detail-field.current[data-column="trace"]');
  await field.waitFor({ state: 'visible' });
  assert.ok(await frame.locator('.detail-field[data-column="id"]').isVisible(), 'the whole row is shown, not only the clicked cell');
  const call = field.locator('.tool-call', { hasText: 'get_weather' });
  await call.waitFor({ state: 'visible' });
  const callText = (await call.innerText()).replace(/\s+/g, ' ');
  assert.match(callText, /Lisbon/, 'the call shows its arguments');
  const output = call.locator('.tool-output');
  assert.ok(await output.isVisible(), 'the output is shown with its call');
  const outputText = (await output.innerText()).replace(/\s+/g, ' ');
  assert.match(outputText, /temperature/);
  assert.match(outputText, /21/);
  assert.match(outputText, /sunny/);
  assert.match((await field.locator('.role-assistant').innerText()), /21 °C/, 'the answer is rendered as markdown');

  await inEachTheme(page, frame, async (theme) => {
    assertReadable(await measure(frame), `${theme.name} (conversation)`);
    await screenshot(page, `preview-conversation-${theme.name}`);
  });
});

test('several previews share one editor group', { timeout: 240_000 }, async () => {
  const { page } = workbench;
  // Two previews are open; a third spec opened from Quick Open lands in the previews' group, as a person does it.
  await openFile(page, 'datasets/folder-notes.dataset.yaml');
  await runCommand(page, 'Eval Lens: Preview Dataset Filters');
  await findWebviewFrame(page, async (f) => (await f.locator('.grid-rows .cell.origin', { hasText: '.md' }).count()) > 0, 90_000);
  await page.locator('.tabs-container .tab', { hasText: 'Preview' }).nth(2).waitFor({ state: 'attached', timeout: 30_000 });
  assert.equal(await editorGroupCount(page), 2, 'the spec group and one preview group');
  await screenshot(page, 'preview-one-group');
});

test('a generated dataset shows its generator: prompts with the config put in, the columns and the sample count', { timeout: 240_000 }, async () => {
  const { page } = workbench;
  await openFile(page, 'datasets/generated.dataset.yaml');
  await runCommand(page, 'Eval Lens: Preview Dataset Filters');
  const frame = await findWebviewFrame(page, async (f) => (await f.locator('[data-testid="generator"]:not([hidden])').count()) > 0, 90_000);
  assert.equal(await frame.locator('[data-testid="generator-samples"]').textContent(), '50 samples');
  const prompts = await frame.locator('[data-testid="generator-prompt"]').allTextContents();
  assert.ok(prompts.includes('Write one medium question about SQL joins, with its answer.'), `prompts: ${JSON.stringify(prompts)}`);
  assert.deepEqual((await frame.locator('[data-testid="generator-columns"] code').allTextContents()), ['question', 'answer']);
  assert.equal(await frame.locator('.failure:not([hidden])').count(), 0, 'no error');
  assertReadable(await measure(frame), 'generator');
  await screenshot(page, 'preview-generator');
});

test('a failed fetch is said for people, and its button opens the URL in the spec', { timeout: 240_000 }, async () => {
  const { page } = workbench;
  await openFile(page, 'datasets/unreachable.dataset.yaml');
  await runCommand(page, 'Eval Lens: Preview Dataset Filters');
  const frame = await findWebviewFrame(page, 'The preview could not run', 90_000);
  const message = await frame.locator('.failure-message').textContent();
  assert.equal(message, 'Could not reach questions.eval-lens.invalid: the name does not resolve.');
  assert.match((await frame.locator('.failure-hint').textContent()) ?? '', /Check the URL/);
  const messageFont = await frame.evaluate<string>("getComputedStyle(document.querySelector('.failure-message')).fontFamily");
  const bodyFont = await frame.evaluate<string>('getComputedStyle(document.body).fontFamily');
  assert.equal(messageFont, bodyFont, 'the message is in the text font, not monospace');
  assert.equal(await frame.locator('.failure-detail').count(), 1, 'the raw error is kept under the details');
  assert.equal(await frame.locator('.failure-detail[open]').count(), 0, 'folded');
  assertReadable(await measure(frame), 'failure');
  const open = frame.locator('.failure-actions vscode-button').first();
  assert.equal(await open.textContent(), 'Open unreachable.dataset.yaml at line 5');
  await screenshot(page, 'preview-failure');
  await open.click();
  // The button does something: the spec's editor becomes active with the cursor on the url line.
  await page.locator('.editor-group-container.active .tab.active', { hasText: 'unreachable.dataset.yaml' }).waitFor({ state: 'visible', timeout: 30_000 });
  await page.locator('.statusbar-item', { hasText: /Ln 5, Col/ }).first().waitFor({ state: 'visible', timeout: 30_000 });
});
