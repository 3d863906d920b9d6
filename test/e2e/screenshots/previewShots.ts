/** The filter preview: funnel, table and a row; a column's statistics; a conversation; a generator; a selection funnel. */
import type { Frame, Page } from 'playwright-core';
import { clickQuickInputRow, findWebviewFrame } from '../harness/workbench';
import { capture, clearWorkbench, editorArea, openFileOnceFound, runCommandOnceListed, shown, ShotContext, toggleMaximizedGroup } from './shotSupport';

async function openPreview(page: Page, spec: string, ready: string, datasetLabel?: string): Promise<Frame> {
  await openFileOnceFound(page, spec);
  await runCommandOnceListed(page, 'Eval Lens: Preview Dataset Filters');
  if (datasetLabel) {
    const item = page.locator('.quick-input-widget .monaco-list-row', { hasText: datasetLabel }).first();
    await clickQuickInputRow(page, item);
  }
  const frame = await findWebviewFrame(page, async (f) => (await f.locator(ready).count()) > 0, 90_000);
  await shown(frame, ready);
  await page.locator('.part.editor .editor-group-container').nth(1).locator('.tab.active').click();
  return frame;
}

/** The local CSV spec beside its preview: the whole window, a row opened, then a column's statistics. */
async function localCsvShots(ctx: ShotContext): Promise<void> {
  const { page } = ctx;
  const frame = await openPreview(page, 'datasets/local-csv.dataset.yaml', '.grid-rows .cell.origin');
  await frame.locator('[data-testid="funnel-text"]', { hasText: 'kept' }).waitFor({ state: 'visible', timeout: 60_000 });
  await capture(ctx, 'preview-table');
  await toggleMaximizedGroup(page);
  const headers = await frame.locator('[role="columnheader"]').allTextContents();
  await frame.locator('.grid-rows [role="row"]').nth(1).locator(`[data-col="${headers.indexOf('category')}"]`).click();
  await shown(frame, '.detail-field.current .detail-value');
  await capture(ctx, 'preview', await editorArea(page, 560));
  await page.keyboard.press('Escape');
  await frame.locator('.detail').waitFor({ state: 'hidden' });
  const difficulty = frame.locator('[role="columnheader"]', { has: frame.locator('.header-label', { hasText: /^difficulty$/ }) });
  await difficulty.locator('.header-stats').click();
  await shown(frame, '.stat-figures');
  await capture(ctx, 'preview-column-statistics', await editorArea(page, 460));
  await page.keyboard.press('Escape');
  await toggleMaximizedGroup(page);
}

/** A row whose `trace` column opens as the conversation in the row pane. */
async function conversationShot(ctx: ShotContext): Promise<void> {
  const frame = await openPreview(ctx.page, 'datasets/conversations.dataset.yaml', '.grid-rows .cell.kind-trace');
  await toggleMaximizedGroup(ctx.page);
  await frame.locator('.grid-rows .cell.kind-trace').first().click();
  await shown(frame, '.detail-field.current[data-column="trace"] .tool-call');
  await capture(ctx, 'preview-conversation', await editorArea(ctx.page));
}

async function generatorShot(ctx: ShotContext): Promise<void> {
  await openPreview(ctx.page, 'datasets/generated.dataset.yaml', '[data-testid="generator"]');
  await toggleMaximizedGroup(ctx.page);
  await ctx.page.waitForTimeout(1_500);
  await capture(ctx, 'preview-generator', await editorArea(ctx.page, 700));
}

/** The coding-agent sessions of examples/sessions, in the selection funnel's own words, one session opened. */
async function selectionFunnelShot(ctx: ShotContext): Promise<void> {
  const frame = await openPreview(ctx.page, 'datasets/agent-sessions.dataset.yaml', '.stage-selection', 'Recent coding-agent sessions');
  await toggleMaximizedGroup(ctx.page);
  await frame.locator('.grid-rows .row').first().locator('[data-col="2"]').click();
  await shown(frame, '.detail-field.current');
  await capture(ctx, 'preview-selection-funnel', await editorArea(ctx.page, 620));
}

export async function previewShots(ctx: ShotContext): Promise<void> {
  await localCsvShots(ctx);
  for (const shot of [conversationShot, generatorShot, selectionFunnelShot]) {
    await clearWorkbench(ctx.page);
    await shot(ctx);
    await toggleMaximizedGroup(ctx.page);
  }
}
