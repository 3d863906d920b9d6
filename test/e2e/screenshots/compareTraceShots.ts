/** The compare view (metric table, a changed pair) and the Trace editor. */
import type { Page } from 'playwright-core';
import { clickQuickInputRow, findWebviewFrame, runCommand } from '../harness/workbench';
import { areaOf, capture, editorArea, openFileOnceFound, runCommandOnceListed, shown, ShotContext } from './shotSupport';

const BASE = 'compare-baseline.tasklog.json';
const CAND = 'compare-candidate.tasklog.json';

/** Picks an item of the open quick pick by its label (ticking it where the pick takes many). */
async function pick(page: Page, label: string, many: boolean): Promise<void> {
  const input = page.locator('.quick-input-widget input.input');
  await input.waitFor({ state: 'visible', timeout: 15_000 });
  await input.fill(label);
  const row = page.locator('.quick-input-widget .monaco-list-row', { hasText: label }).first();
  await row.waitFor({ state: 'visible', timeout: 15_000 });
  if (many) await clickQuickInputRow(page, row.locator('.quick-input-list-checkbox, input[type="checkbox"]').first());
  await page.keyboard.press('Enter');
}

/** The two example runs compared: the metric table once the resampled figures are in, then a regression's pair. */
export async function compareShots(ctx: ShotContext): Promise<void> {
  const { page } = ctx;
  await openFileOnceFound(page, `logs/${BASE}`);
  await findWebviewFrame(page, async (f) => (await f.locator('[data-testid="metric-card"]').count()) > 0, 90_000);
  await runCommandOnceListed(page, 'Eval Lens: Compare Task Result Logs');
  await pick(page, BASE, false);
  await pick(page, CAND, true);
  const frame = await findWebviewFrame(page, async (f) => (await f.locator('[data-testid="metric-table"]').count()) > 0, 90_000);
  await shown(frame, '[data-testid="bootstrap"]');
  await frame.locator('[data-testid="resampling-pending"]').first().waitFor({ state: 'detached', timeout: 60_000 });
  await shown(frame, '[data-testid="change"]');
  // The whole metric table, every column, needs the explorer's width.
  await runCommand(page, 'View: Toggle Primary Side Bar Visibility');
  await page.waitForTimeout(800);
  const table = await areaOf(frame.locator('[data-testid="metric-table"]'));
  const area = await editorArea(page);
  await capture(ctx, 'compare', { ...area, height: table.y + table.height + 40 - area.y });

  await frame.locator('[data-testid="filter-kind"]').selectOption('regression');
  await frame.locator('[data-testid="change"][data-kind="improvement"]').first().waitFor({ state: 'detached', timeout: 30_000 });
  await frame.locator('[data-testid="change"][data-kind="regression"]').first().click();
  await shown(frame, '[data-testid="pair-view"]');
  await frame.locator('[data-testid="pair-view"]').evaluate((pair) => pair.scrollIntoView({ block: 'start' }));
  await page.waitForTimeout(400);
  await capture(ctx, 'compare-pair', await editorArea(page, 660));
  await runCommand(page, 'View: Toggle Primary Side Bar Visibility');
}

/** examples/traces/date-review.trace.json in the Trace editor, its sub-agent opened. */
export async function traceShot(ctx: ShotContext): Promise<void> {
  const { page } = ctx;
  await openFileOnceFound(page, 'traces/date-review.trace.json');
  const frame = await findWebviewFrame(page, async (f) => (await f.locator('[data-testid="trace-header"]').count()) > 0, 90_000);
  await frame.locator('[data-testid="span"][data-span-name="explorer"] > summary').click();
  await shown(frame, '.span-conversation .tool-call');
  await capture(ctx, 'trace-editor', await editorArea(page));
}
