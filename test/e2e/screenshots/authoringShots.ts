/** The workbench with a spec open, completion of a source type, and a diagnostic's hover. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { capture, clearWorkbench, editorArea, openFileOnceFound, ShotContext } from './shotSupport';

/** The examples folder in the explorer, a dataset spec with its code lens, and the Evaluation Logs view. */
export async function workbenchShot(ctx: ShotContext): Promise<void> {
  const { page } = ctx;
  await openFileOnceFound(page, 'datasets/local-csv.dataset.yaml');
  await page.locator('.codelens-decoration', { hasText: 'Preview' }).first().waitFor({ state: 'visible', timeout: 60_000 });
  const logsHeader = page.locator('.pane-header', { hasText: 'Evaluation Logs' }).first();
  await logsHeader.click();
  await page.locator('.pane-body .monaco-list-row', { hasText: 'Capital and arithmetic QA' }).first().waitFor({ state: 'visible', timeout: 60_000 });
  await page.locator('.editor-instance .monaco-editor textarea').first().focus();
  await capture(ctx, 'workbench');
  await logsHeader.click();
}

async function showHoverOfWordAtCursor(page: Page, text: string): Promise<void> {
  const hover = page.locator('.monaco-hover', { hasText: text }).first();
  const deadline = Date.now() + 30_000;
  for (;;) {
    await page.keyboard.press('Control+K');
    await page.keyboard.press('Control+I');
    if (await hover.waitFor({ state: 'visible', timeout: 2_000 }).then(() => true, () => false)) return;
    if (Date.now() > deadline) throw new Error(`no hover showing ${text}`);
    await page.keyboard.press('Escape');
  }
}

/** Types a new spec: completion of the source types, then a mistyped key and its diagnostic's hover. */
export async function authoringShots(ctx: ShotContext): Promise<void> {
  const { page } = ctx;
  const file = path.join(ctx.workspace, 'datasets', 'support-notes.dataset.yaml');
  fs.writeFileSync(file, '');
  await openFileOnceFound(page, 'datasets/support-notes.dataset.yaml');
  await page.locator('.editor-instance .monaco-editor textarea').first().focus();
  await page.keyboard.type('key: support-notes\ndisplay_name: Support notes\nsource:\n  type: ');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Control+Space');
  await page.locator('.suggest-widget .monaco-list-row', { hasText: 'folder' }).first().waitFor({ state: 'visible', timeout: 30_000 });
  // Ctrl+Space again shows the selected value's description beside the list.
  await page.keyboard.press('Control+Space');
  await page.locator('.suggest-details-container .suggest-details').first().waitFor({ state: 'visible', timeout: 10_000 });
  await page.waitForTimeout(800);
  await capture(ctx, 'authoring-completion', await editorArea(page, 400));
  await page.keyboard.type('folder');
  await page.keyboard.press('Enter');
  await page.keyboard.press('End');
  await page.keyboard.type('\ndirectory_pth: ../data/notes');
  await page.keyboard.press('Escape');
  await page.locator('.editor-instance .squiggly-error').first().waitFor({ state: 'attached', timeout: 30_000 });
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  await showHoverOfWordAtCursor(page, 'directory_path');
  await capture(ctx, 'authoring-diagnostic', await editorArea(page, 300));
  await page.keyboard.press('Escape');
  await clearWorkbench(page);
  fs.rmSync(file, { force: true });
}
