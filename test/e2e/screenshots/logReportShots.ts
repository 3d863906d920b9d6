/** The log report (overview, a sample; dark and high contrast), the conversation tab with a search, an Inspect log, the schema banner. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Frame } from 'playwright-core';
import { findWebviewFrame, setColorTheme } from '../harness/workbench';
import { capture, editorArea, openFileOnceFound, shown, ShotContext } from './shotSupport';

const LOG = 'logs/success-trials.tasklog.json';
const SEARCH = 'capital';

async function openReport(ctx: ShotContext, file: string): Promise<Frame> {
  await openFileOnceFound(ctx.page, file);
  const frame = await findWebviewFrame(ctx.page, async (f) => (await f.locator('[data-testid="display-name"]').count()) > 0, 90_000);
  await shown(frame, '[data-testid="metric-card"]');
  return frame;
}

async function openFirstSample(frame: Frame): Promise<void> {
  await frame.locator('[role="tab"][data-tab="samples"]').click();
  await shown(frame, '.grid-row[data-sample-index="0"]');
  await frame.locator('.grid-row[data-sample-index="0"]').click();
  await shown(frame, '[data-testid="conversation"]');
}

/** Widens the sample's pane with the keyboard (its sash) and scrolls it to the expected answer beside the trials' outputs. */
async function showTrialBesideTable(ctx: ShotContext, frame: Frame): Promise<void> {
  await frame.locator('[data-testid="detail-splitter"]').focus();
  for (let step = 0; step < 10; step++) await ctx.page.keyboard.press('ArrowLeft');
  await frame.locator('[data-testid="detail-splitter"]').evaluate((sash) => sash.blur());
  // Only the pane scrolls (scrollIntoView would move the whole page under the report's header).
  await frame.locator('.detail-pane').evaluate((pane) => {
    const block = pane.querySelector('[data-testid="expected-actual"]');
    if (block) pane.scrollTop += block.getBoundingClientRect().top - pane.getBoundingClientRect().top - 36;
  });
  await ctx.page.waitForTimeout(400);
}

/** The first sample's conversation in its own tab, with a search that finds a word in it. */
async function conversationTabShot(ctx: ShotContext, report: Frame): Promise<void> {
  await report.locator('[data-testid="open-conversation"]').first().click();
  const frame = await findWebviewFrame(ctx.page, async (f) => (await f.locator('[data-testid="conversation-page"] [data-testid="conversation"]').count()) > 0, 60_000);
  await frame.locator('[data-testid="conversation-search"]').fill(SEARCH);
  await frame.locator('[data-testid="search-count"]', { hasText: /\d/ }).waitFor({ state: 'visible', timeout: 30_000 });
  await capture(ctx, 'conversation-tab', await editorArea(ctx.page, 500));
}

export async function logReportShots(ctx: ShotContext): Promise<void> {
  const { page } = ctx;
  const frame = await openReport(ctx, LOG);
  await capture(ctx, 'log-overview');
  await openFirstSample(frame);
  await showTrialBesideTable(ctx, frame);
  await capture(ctx, 'log-sample');
  await setColorTheme(page, 'Dark Modern', 'dark');
  await capture(ctx, 'log-sample-dark');
  await setColorTheme(page, 'Dark High Contrast', 'highContrast');
  await frame.locator('[role="tab"][data-tab="overview"]').click();
  await shown(frame, '[data-testid="metric-card"]');
  await capture(ctx, 'log-overview-high-contrast');
  await setColorTheme(page, 'Light Modern', 'light');
  await openFirstSample(frame);
  await conversationTabShot(ctx, frame);
}

/** An Inspect log opened as a report: the task and model, and the metrics Inspect stored, verified against the samples. */
export async function inspectReportShot(ctx: ShotContext): Promise<void> {
  const frame = await openReport(ctx, 'logs/arith-inspect.eval');
  await frame.locator('[data-testid="metric-card"]', { hasText: /verified/i }).first().waitFor({ state: 'visible', timeout: 30_000 });
  await capture(ctx, 'inspect-overview', await editorArea(ctx.page, 540));
}

/** A log with two schema problems, written into the workspace copy: the banner opened to list them. */
export async function schemaBannerShot(ctx: ShotContext): Promise<void> {
  const log = JSON.parse(fs.readFileSync(path.join(ctx.workspace, LOG), 'utf8')) as { status: string; evidence: { samples: { sample_id: unknown }[] } };
  log.status = 'finished';
  log.evidence.samples[3].sample_id = 3.5;
  fs.writeFileSync(path.join(ctx.workspace, 'logs', 'hand-edited.tasklog.json'), JSON.stringify(log, null, 2));
  const frame = await openReport(ctx, 'logs/hand-edited.tasklog.json');
  const banner = frame.locator('[data-testid="schema-banner"]');
  await banner.waitFor({ state: 'visible', timeout: 60_000 });
  await banner.locator('summary').click();
  await banner.locator('li').first().waitFor({ state: 'visible', timeout: 10_000 });
  await capture(ctx, 'log-schema-banner', await editorArea(ctx.page, 290));
}
