/**
 * The three main jobs with the keyboard alone, in the real VS Code (code-server): no mouse call anywhere. At each
 * step the focus lands where a person expects it and can be seen (harness/focusIndicator.ts), and the widgets
 * announce themselves to a screen reader: grids with their row and column counts and sort state, tabs with their
 * selection, the funnel as a named list, the conversation's sub-agents as a tree.
 */
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { test } from 'node:test';
import type { Frame, Page } from 'playwright-core';
import { FocusedElement, focusedElement, focusInvisibility } from './harness/focusIndicator';
import { useExamplesWorkbench } from './harness/examplesWorkbench';
import { findWebviewFrame, screenshot, waitUntilQuickInputTook } from './harness/workbench';


const opened = useExamplesWorkbench('eval-lens-keyboard-');

/** Runs `title` from the command palette, opened with F1 (keys only). */
async function paletteCommand(page: Page, title: string): Promise<void> {
  await page.keyboard.press('F1');
  await quickInputType(page, `>${title}`, title);
}

/** Opens a workspace file with Quick Open (Ctrl+P), keys only. */
async function quickOpen(page: Page, relativePath: string): Promise<void> {
  await page.keyboard.press('Control+P');
  await quickInputType(page, relativePath, path.basename(relativePath));
}

async function quickInputType(page: Page, text: string, expectedRow: string, accept = true): Promise<void> {
  const input = page.locator('.quick-input-widget input.input');
  await input.waitFor({ state: 'visible', timeout: 30_000 });
  await page.keyboard.type(text);
  await page.locator('.quick-input-widget .monaco-list-row', { hasText: expectedRow }).first().waitFor({ state: 'visible', timeout: 30_000 });
  if (!accept) return;
  await page.keyboard.press('Enter');
  await waitUntilQuickInputTook(page, text);
}

/**
 * Ticks the row showing `label` in a quick input that picks many, with keys only: Down until that row has the focus
 * (the list may still be filtering when the first key lands), then Space, and waits until the row is ticked.
 */
async function tickQuickInputRow(page: Page, label: string): Promise<void> {
  const rows = '.quick-input-widget .monaco-list-row';
  const row = page.locator(rows, { hasText: label }).first();
  for (let step = 0; step < 10 && !(await row.getAttribute('class'))?.includes('focused'); step++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Space');
  await page.locator(`${rows}[aria-checked="true"]`, { hasText: label }).first().waitFor({ state: 'visible', timeout: 30_000 });
}

/** Presses Tab until `reached` holds for the focused element (at most `limit` presses); fails naming where focus went. */
async function tabUntil(page: Page, frame: Frame, what: string, reached: (focus: FocusedElement) => boolean, limit = 40): Promise<FocusedElement> {
  const seen: string[] = [];
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    const focus = await focusedElement(frame);
    if (focus && reached(focus)) return focus;
    seen.push(focus ? `${focus.tag}${focus.testId ? `#${focus.testId}` : ''}${focus.role ? `[${focus.role}]` : ''} "${focus.name.slice(0, 30)}"` : '(outside the view)');
  }
  throw new Error(`Tab did not reach ${what} in ${limit} presses; the focus went: ${seen.join(' → ')}`);
}

/** The focus is on what `reached` expects and a person can see it. */
async function assertFocus(frame: Frame, step: string, reached: (focus: FocusedElement) => boolean): Promise<FocusedElement> {
  const focus = await focusedElement(frame);
  assert.ok(focus && reached(focus), `${step}: the focus is on ${JSON.stringify(focus)}`);
  const hidden = focusInvisibility(focus);
  assert.equal(hidden, undefined, `${step}: ${hidden}`);
  return focus;
}

function attr(frame: Frame, selector: string, name: string): Promise<string | null> {
  return frame.locator(selector).first().getAttribute(name);
}

test('a log report: Tab to the Samples tab, arrows through rows, Enter opens one, its conversation, Escape closes', { timeout: 120_000 }, async () => {
  const { page } = opened.workbench;
  await quickOpen(page, 'logs/success-trials.tasklog.json');
  const frame = await findWebviewFrame(page, async (f) => (await f.locator('[role="tab"][data-tab="samples"]').count()) > 0, 90_000);
  await frame.locator('[data-testid="metric-card"]').first().waitFor({ state: 'visible', timeout: 60_000 });

  // Tabs: one tab stop on the selected tab, arrows move the selection, each tab controls its labelled panel.
  await tabUntil(page, frame, 'the tab strip', (f) => f.role === 'tab');
  assert.equal(await frame.locator('[role="tablist"] [role="tab"][tabindex="0"]').count(), 1, 'one tab is in the Tab order');
  for (let i = 0; i < 8 && (await attr(frame, '[role="tab"][data-tab="samples"]', 'aria-selected')) !== 'true'; i++) await page.keyboard.press('ArrowRight');
  await assertFocus(frame, 'the Samples tab', (f) => f.role === 'tab' && f.name.startsWith('Samples'));
  assert.equal(await attr(frame, '[role="tab"][data-tab="samples"]', 'aria-selected'), 'true');
  assert.equal(await attr(frame, '#panel-samples', 'role'), 'tabpanel');
  assert.equal(await attr(frame, '#panel-samples', 'aria-labelledby'), 'tab-samples');

  // The samples grid: its counts, the sorted column, then the arrows move the current row.
  await tabUntil(page, frame, 'the samples grid', (f) => f.testId === 'samples-table');
  const grid = '[data-testid="samples-table"]';
  await frame.locator(`${grid} .grid-row`).first().waitFor({ state: 'attached', timeout: 30_000 });
  assert.equal(await attr(frame, grid, 'role'), 'grid');
  assert.ok(Number(await attr(frame, grid, 'aria-rowcount')) > 1, 'the grid says how many rows it has');
  assert.ok(Number(await attr(frame, grid, 'aria-colcount')) > 1, 'the grid says how many columns it has');
  assert.ok(await frame.locator(`${grid} [role="columnheader"][aria-sort]`).count() > 0, 'sortable headers carry aria-sort');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  const onRow = await assertFocus(frame, 'two rows down', (f) => f.testId === 'samples-table');
  assert.equal(await frame.locator(`#${onRow.shownBy}`).getAttribute('aria-rowindex'), '4', 'the third row is current (after the header)');

  await page.keyboard.press('Enter');
  await frame.locator('[data-testid="sample-detail"][data-sample-index="2"]').waitFor({ state: 'visible', timeout: 30_000 });
  await tabUntil(page, frame, 'the sample\'s conversation', (f) => f.testId === 'open-conversation' || f.within.includes('conversation'));
  await assertFocus(frame, 'in the sample\'s conversation', (f) => f.within.includes('sample-detail'));
  await screenshot(page, 'keyboard-report-conversation');

  await page.keyboard.press('Escape');
  await frame.locator('[data-testid="sample-detail"]').waitFor({ state: 'detached', timeout: 30_000 });
  await assertFocus(frame, 'after Escape', (f) => f.testId === 'samples-table');

  // Sorting from the keyboard: Enter on a header's button sorts, the header says so, the focus stays on the button.
  const sortButton = await tabUntil(page, frame, 'a sortable header', (f) => f.tag === 'button' && f.within.includes('samples-table'), 5);
  for (const state of ['ascending', 'descending', 'none']) {
    await page.keyboard.press('Enter');
    await frame.locator(`${grid} [role="columnheader"][aria-sort="${state}"] .sort-button[data-column]`).first().waitFor({ state: 'attached', timeout: 30_000 });
    await assertFocus(frame, `sorted ${state}`, (f) => f.tag === 'button' && f.name === sortButton.name);
    const header = frame.locator(`${grid} [role="columnheader"]`, { has: frame.locator(`.sort-button[data-column="${await frame.locator(`${grid} .sort-button:focus`).getAttribute('data-column')}"]`) });
    assert.equal(await header.getAttribute('aria-sort'), state, 'the focused header announces its sort');
  }
  await page.keyboard.press('Shift+Tab');
  await assertFocus(frame, 'back on the grid', (f) => f.testId === 'samples-table');
});

test('a dataset preview from the palette: the funnel, the grid, a row detail', { timeout: 120_000 }, async () => {
  const { page } = opened.workbench;
  await quickOpen(page, 'datasets/local-csv.dataset.yaml');
  await page.locator('.tabs-container .tab', { hasText: 'local-csv.dataset.yaml' }).first().waitFor({ state: 'visible', timeout: 30_000 });
  await paletteCommand(page, 'Eval Lens: Preview Dataset Filters');
  const frame = await findWebviewFrame(page, async (f) => (await f.locator('.funnel-text').count()) > 0, 90_000);
  await frame.locator('.grid-rows [role="row"]').first().waitFor({ state: 'visible', timeout: 60_000 });

  // The funnel: a named list of named steps; a step that removed rows is a button saying what it opens.
  assert.ok(((await attr(frame, '.funnel', 'aria-label')) ?? '').length > 0, 'the funnel is named');
  assert.equal(await frame.locator('.funnel ol.funnel-stages > li').count(), await frame.locator('.funnel ol.funnel-stages > *').count(), 'the funnel is a list of steps');
  const step = await tabUntil(page, frame, 'a funnel step', (f) => f.tag === 'button' && f.name.includes('show the'));
  await assertFocus(frame, 'a funnel step', (f) => f.name === step.name);

  // The grid: counts for the virtualised rows, one sortable header per column.
  await tabUntil(page, frame, 'the rows grid', (f) => f.role === 'grid');
  const grid = '.grid[role="grid"]';
  assert.equal(await attr(frame, grid, 'aria-rowcount'), '4');
  assert.ok(Number(await attr(frame, grid, 'aria-colcount')) >= 2);
  assert.equal(await frame.locator(`${grid} [role="columnheader"]`).count(), Number(await attr(frame, grid, 'aria-colcount')));
  // Down to the second row, right from its origin cell (Enter there opens the source file) to its first value.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  await assertFocus(frame, 'a value of the grid', (f) => f.role === 'grid');
  await page.keyboard.press('Enter');
  await frame.locator('.detail').waitFor({ state: 'visible', timeout: 30_000 });
  assert.ok(await frame.locator('.detail-field.current').count() === 1, 'the detail opens on the current cell');
  await screenshot(page, 'keyboard-preview-detail');
  await page.keyboard.press('Escape');
  await frame.locator('.detail').waitFor({ state: 'hidden', timeout: 30_000 });
  await assertFocus(frame, 'after Escape', (f) => f.role === 'grid');
});

test('compare two logs from the palette: the metric table, a changed pair, Escape back to the change', { timeout: 120_000 }, async () => {
  const { page } = opened.workbench;
  await paletteCommand(page, 'Eval Lens: Compare Task Result Logs');
  await quickInputType(page, 'compare-baseline.tasklog.json', 'compare-baseline.tasklog.json');
  await quickInputType(page, 'compare-candidate.tasklog.json', 'compare-candidate.tasklog.json', false);
  await tickQuickInputRow(page, 'compare-candidate.tasklog.json');
  await page.keyboard.press('Enter');
  const frame = await findWebviewFrame(page, async (f) => (await f.locator('[data-testid="metric-table"]').count()) > 0, 90_000);
  await frame.locator('[data-testid="change"]').first().waitFor({ state: 'visible', timeout: 60_000 });

  const headers = frame.locator('[data-testid="metric-table"] thead th');
  assert.ok(await headers.count() > 2);
  assert.equal(await frame.locator('[data-testid="metric-table"] thead th:not([scope="col"])').count(), 0, 'every column header is scoped');
  await tabUntil(page, frame, 'the metric table', (f) => f.within.includes('metric-table'), 60);
  await assertFocus(frame, 'in the metric table', (f) => f.within.includes('metric-table'));

  const change = await tabUntil(page, frame, 'a change', (f) => f.testId === 'change', 60);
  await assertFocus(frame, 'a change', (f) => f.testId === 'change');
  await page.keyboard.press('Enter');
  await frame.locator('[data-testid="pair-view"]').waitFor({ state: 'visible', timeout: 30_000 });
  await assertFocus(frame, 'the opened pair', (f) => f.within.includes('pair-view') || f.testId === 'pair-view');
  await screenshot(page, 'keyboard-compare-pair');
  await page.keyboard.press('Escape');
  await frame.locator('[data-testid="pair-view"]').waitFor({ state: 'detached', timeout: 30_000 });
  await assertFocus(frame, 'after Escape', (f) => f.testId === 'change' && f.name === change.name);
});
