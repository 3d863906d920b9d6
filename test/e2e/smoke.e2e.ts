import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { after, before, test } from 'node:test';
import { openFile, screenshot, startWorkbench, waitForDatasetSpecStatus, Workbench } from './harness/workbench';

let workbench: Workbench;

before(async () => {
  workbench = await startWorkbench();
}, { timeout: 180_000 });

after(async () => {
  await workbench?.close();
});

test('the workbench loads with Eval Lens and recognises a dataset spec', { timeout: 120_000 }, async () => {
  const { page } = workbench;
  await openFile(page, 'datasets/hub-squad.dataset.yaml');
  const status = await waitForDatasetSpecStatus(page);
  assert.equal(await status.count() > 0, true);
  const file = await screenshot(page, 'workbench');
  assert.ok(fs.statSync(file).size > 10_000, 'the screenshot has content');
});

/** The items of the Explorer's context menu on a workspace file (revealed by opening it). */
async function explorerMenu(relativePath: string): Promise<string[]> {
  const { page } = workbench;
  await openFile(page, relativePath);
  const name = relativePath.split('/').pop() ?? relativePath;
  const row = page.locator('.explorer-folders-view .monaco-list-row', { has: page.locator('.label-name', { hasText: name }) }).first();
  await row.waitFor({ state: 'visible', timeout: 30_000 });
  // The tree may still be scrolling to the file just opened: the row is selected first, so the menu is its own.
  await row.click();
  await page.locator('.explorer-folders-view .monaco-list-row.selected', { has: page.locator('.label-name', { hasText: name }) }).first().waitFor({ state: 'visible', timeout: 10_000 });
  await row.click({ button: 'right' });
  const menu = page.locator('.context-view .monaco-menu').first();
  await menu.waitFor({ state: 'visible', timeout: 30_000 });
  await menu.locator('.action-label').first().waitFor({ state: 'visible', timeout: 10_000 });
  const items = (await menu.locator('.action-label').allInnerTexts()).map((t) => t.trim()).filter(Boolean);
  await page.keyboard.press('Escape');
  await menu.waitFor({ state: 'hidden', timeout: 10_000 });
  return items;
}

test('the Explorer offers on each file only the Eval Lens commands that apply to it', { timeout: 120_000 }, async () => {
  const ours = ['Open as Task Result Log Report', 'Preview Dataset Filters', 'Open as Trace'];
  const offered = async (file: string) => (await explorerMenu(file)).filter((item) => ours.includes(item));
  assert.deepEqual(await offered('logs/success-trials.tasklog.json'), ['Open as Task Result Log Report']);
  await screenshot(workbench.page, 'explorer-menu-log');
  assert.deepEqual(await offered('traces/date-review.trace.json'), ['Open as Trace']);
  assert.deepEqual(await offered('datasets/local-csv.dataset.yaml'), ['Preview Dataset Filters']);
  assert.deepEqual(await offered('generators/qa-generator.generator.yaml'), []);
});
