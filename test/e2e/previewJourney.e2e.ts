import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import type { Frame } from 'playwright-core';
import { repoRoot } from './harness/repoRoot';
import { findWebviewFrame, openFile, runCommand, screenshot, startWorkbench, Workbench } from './harness/workbench';

let workbench: Workbench;
let workspace: string;
const cspViolations: string[] = [];

before(async () => {
  // A copy of examples/: the journey edits a spec, and the examples must stay as they are.
  workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'eval-lens-preview-e2e-'));
  fs.cpSync(path.join(repoRoot(), 'examples'), workspace, { recursive: true });
  workbench = await startWorkbench({ workspace, settings: { 'files.autoSave': 'off' } });
  workbench.page.on('console', (message) => {
    const text = message.text();
    if (/Content Security Policy|Refused to (load|apply|execute)/i.test(text) && /preview|codicon/i.test(`${text} ${message.location().url}`)) cspViolations.push(text);
  });
}, { timeout: 180_000 });

after(async () => {
  await workbench?.close();
  if (workspace) fs.rmSync(workspace, { recursive: true, force: true });
});

/** The preview webview: the frame that holds the funnel line. */
function previewFrame(): Promise<Frame> {
  return findWebviewFrame(workbench.page, async (frame) => (await frame.locator('.funnel-text').count()) > 0, 90_000);
}

test('preview a dataset spec from the palette: funnel, rows, detail, keyboard', { timeout: 240_000 }, async () => {
  const { page } = workbench;
  await openFile(page, 'datasets/local-csv.dataset.yaml');
  await runCommand(page, 'Eval Lens: Preview Dataset Filters');

  const frame = await previewFrame();
  const funnel = frame.locator('.funnel-text');
  await funnel.waitFor({ state: 'visible', timeout: 60_000 });
  assert.equal(await funnel.textContent(), '40 → 20 → 12 → 3 kept');
  const stageLabels = await frame.locator('.stage-filter-label').allTextContents();
  assert.equal(stageLabels.length, 3, 'one labelled step per filter');

  // The table: a header row and the three kept rows, each with its origin line in the CSV.
  const grid = frame.locator('[role="grid"]');
  assert.equal(await grid.getAttribute('aria-rowcount'), '4');
  const bodyRows = frame.locator('.grid-rows [role="row"]');
  assert.equal(await bodyRows.count(), 3);
  const origins = await frame.locator('.grid-rows .cell.origin').allTextContents();
  assert.deepEqual(origins, ['questions.csv:7', 'questions.csv:11', 'questions.csv:23']);
  const headers = await frame.locator('[role="columnheader"]').allTextContents();
  assert.ok(headers.includes('answer') && headers.includes('source file'), `columns: ${JSON.stringify(headers)}`);

  // Click a cell whose value spans two lines: the detail pane shows the whole row, that cell highlighted, in full.
  const answerColumn = headers.indexOf('answer');
  await bodyRows.first().locator(`[data-col="${answerColumn}"]`).click();
  const pane = frame.locator('.detail');
  const detail = frame.locator('.detail-field.current .detail-value');
  await detail.waitFor({ state: 'visible' });
  assert.equal(await frame.locator('.detail-field.current').getAttribute('data-column'), 'answer');
  assert.equal(await detail.textContent(), 'Line one of the answer\nLine two of the answer');
  assert.equal(await frame.locator('.detail-field[data-column]').count(), headers.length - 1, 'every column of the row');

  // Keyboard: arrow down selects the next row, Enter opens its value, Escape closes the pane.
  await page.keyboard.press('ArrowDown');
  assert.equal(await bodyRows.nth(1).getAttribute('aria-selected'), 'true');
  await page.keyboard.press('Enter');
  assert.equal(await detail.textContent(), 'Answer 9');
  await screenshot(page, 'preview');
  await page.keyboard.press('Escape');
  await pane.waitFor({ state: 'hidden' });

  // Sorting over every kept row: a click on a header sorts ascending (numeric text as numbers, ties in source
  // order), Enter on the focused header reverses, Space restores the source order; the arrow and aria-sort follow.
  const difficulty = frame.locator('[role="columnheader"]', { has: frame.locator('.header-label', { hasText: /^difficulty$/ }) });
  const difficultySort = difficulty.locator('.header-sort');
  // Locator waits (the webview's CSP forbids the string predicates of waitForFunction).
  const originAt = (row: number, origin: string) => frame.locator(`.grid-rows [data-row="${row}"] .cell.origin`, { hasText: origin }).waitFor({ timeout: 30_000 });
  await difficultySort.click();
  await originAt(1, 'questions.csv:23');
  assert.deepEqual(await frame.locator('.grid-rows .cell.origin').allTextContents(), ['questions.csv:7', 'questions.csv:23', 'questions.csv:11']);
  assert.equal(await difficulty.getAttribute('aria-sort'), 'ascending');
  assert.equal(await difficulty.locator('.sort-arrow.codicon-arrow-up').count(), 1, 'the header shows an up arrow');
  await difficultySort.focus();
  await page.keyboard.press('Enter');
  await originAt(0, 'questions.csv:11');
  assert.deepEqual(await frame.locator('.grid-rows .cell.origin').allTextContents(), ['questions.csv:11', 'questions.csv:7', 'questions.csv:23']);
  assert.equal(await difficulty.getAttribute('aria-sort'), 'descending');
  await page.keyboard.press('Space');
  await originAt(1, 'questions.csv:11');
  assert.deepEqual(await frame.locator('.grid-rows .cell.origin').allTextContents(), origins);
  assert.equal(await difficulty.getAttribute('aria-sort'), 'none');

  // The column's statistics over every kept row, from its header's button; Escape gives focus back to it.
  const statsButton = difficulty.locator('.header-stats');
  await statsButton.click();
  const popover = frame.locator('[data-testid="column-statistics"]');
  await popover.waitFor({ state: 'visible' });
  await frame.locator('.stat-figures').waitFor({ state: 'visible', timeout: 60_000 });
  const figures = Object.fromEntries(await frame.locator('.stat-figure').evaluateAll((items) => items.map((item) => [item.querySelector('dt')?.textContent, item.querySelector('dd')?.textContent])));
  assert.equal(figures.Values, '3');
  assert.equal(figures.Distinct, '2');
  assert.deepEqual(await frame.locator('.stat-bar-label').allTextContents(), ['3', '4'], 'most frequent values first');
  await screenshot(page, 'preview-column-statistics');
  await page.keyboard.press('Escape');
  await popover.waitFor({ state: 'hidden' });
  assert.equal(await statsButton.evaluate((button) => button.matches(':focus')), true, 'focus is back on the statistics button');

  assert.deepEqual(cspViolations, [], 'the view loads without Content Security Policy violations');
  const file = await screenshot(page, 'preview-table');
  assert.ok(fs.statSync(file).size > 10_000, 'the screenshot has content');
});

test('an invalid filter is explained in the view with a link to the spec line', { timeout: 120_000 }, async () => {
  const { page } = workbench;
  await openFile(page, 'datasets/local-jsonl.dataset.yaml');
  // Break the second filter's expression in the editor (unsaved text is what the preview reads).
  await page.locator('.monaco-editor .view-line', { hasText: 'tags[0]' }).first().click();
  await page.keyboard.press('End');
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowLeft');
  await page.keyboard.type('| x ');
  await runCommand(page, 'Eval Lens: Preview Dataset Filters');
  const frame = await findWebviewFrame(page, 'The preview could not run', 60_000);
  const message = await frame.locator('.failure-message').textContent();
  assert.match(message ?? '', /filter|expression/i);
  const open = await frame.locator('.failure-actions vscode-button').first().textContent();
  assert.match(open ?? '', /local-jsonl\.dataset\.yaml at line 12/);
  const runAgain = frame.locator('vscode-button:visible, button:visible', { hasText: 'Run again' });
  assert.equal(await runAgain.count(), 1, '"Run again" is offered once, beside the failure');
  await screenshot(page, 'preview-error');
  await page.keyboard.press('Escape');
});

test('a generated dataset\'s preview offers no export of kept rows, and says why', { timeout: 120_000 }, async () => {
  const { page } = workbench;
  await openFile(page, 'datasets/generated.dataset.yaml');
  await runCommand(page, 'Eval Lens: Preview Dataset Filters');
  const frame = await findWebviewFrame(page, async (f) => (await f.locator('[data-testid="generator"]:visible').count()) > 0, 90_000);
  const exportButton = frame.locator('vscode-button', { hasText: 'Export kept rows' });
  assert.equal(await exportButton.evaluate((e) => e.hasAttribute('disabled')), true, 'the export is disabled');
  const note = frame.locator('[data-testid="export-note"]');
  assert.equal((await note.innerText()).trim(), 'Nothing to export: a generated dataset has no rows until its generator runs.');
  assert.equal(await exportButton.getAttribute('aria-describedby'), await note.getAttribute('id'), 'the reason is the button\'s description');
  await screenshot(page, 'preview-generated');
});
