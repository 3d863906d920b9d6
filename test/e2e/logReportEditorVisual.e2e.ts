/**
 * The log report in the editor as a person sees it, at 1400×900 with the explorer open, in the light, dark and
 * high contrast themes: after visiting each tab only its panel is visible, no text is too small to read,
 * controls contrast with their text and match the theme, and the key columns of the samples table are in view
 * with a sample open. The screenshots go to test-results/screenshots/.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import type { Frame } from 'playwright-core';
import { findWebviewFrame, openFile, screenshot, setColorTheme, startWorkbench, Workbench } from './harness/workbench';
import { repoRoot } from './harness/repoRoot';
import { assertControlsReadable, assertKeyColumnsInView, assertNoTinyText, assertOnlySelectedPanelVisible } from './harness/reportVisualChecks';

const LOG = 'logs/success-trials.tasklog.json';
let workbench: Workbench;
let displayName: string;

before(async () => {
  displayName = (JSON.parse(fs.readFileSync(path.join(repoRoot(), 'examples', LOG), 'utf8')) as { specification: { display_name: string } }).specification.display_name;
  workbench = await startWorkbench({ settings: { 'workbench.colorTheme': 'Default Light Modern' } });
}, { timeout: 180_000 });

after(async () => {
  await workbench?.close();
});

async function checkTheme(frame: Frame, theme: string, shots: { overview: string; sample: string }): Promise<void> {
  const { page } = workbench;
  assert.ok(await page.locator('.part.sidebar .explorer-folders-view, .part.sidebar .explorer-viewlet').first().isVisible(), 'the explorer is open');
  const tabs = await assertOnlySelectedPanelVisible(frame, `editor ${theme}`);
  for (const tab of tabs) {
    await frame.locator(`[role="tab"][data-tab="${tab}"]`).click();
    await assertNoTinyText(frame, `editor ${theme}, ${tab} tab`);
    await assertControlsReadable(frame, `editor ${theme}, ${tab} tab`);
  }
  await frame.locator('[role="tab"][data-tab="overview"]').click();
  await screenshot(page, shots.overview);

  await frame.locator('[role="tab"][data-tab="samples"]').click();
  await frame.locator('.grid-row[data-sample-index="0"]').click();
  await frame.waitForSelector('[data-testid="sample-detail"][data-sample-index="0"]', { timeout: 30_000 });
  await assertNoTinyText(frame, `editor ${theme}, sample detail`);
  await assertControlsReadable(frame, `editor ${theme}, sample detail`);
  const placement = await assertKeyColumnsInView(frame, `editor ${theme}`, ['exact_match/correct', 'exact_match/pass_at_3', 'llm_judge/quality', 'llm_judge/quality_min', 'format/well_formed']);
  assert.ok(placement.viewportWidth < 1400, 'the report shares the window with the explorer');
  await screenshot(page, shots.sample);

  // A sample with a failed trial: its trial tab is marked as an error and must stay readable.
  await frame.locator('.grid-row[data-sample-index="6"]').click();
  await frame.waitForSelector('[data-testid="sample-detail"][data-sample-index="6"] .trial-tab.has-error', { timeout: 30_000 });
  await assertNoTinyText(frame, `editor ${theme}, a sample with a failed trial`);
  await assertControlsReadable(frame, `editor ${theme}, a sample with a failed trial`);
}

/** Waits until the view has taken the workbench's theme (VS Code gives it a body class per kind). */
async function waitForViewTheme(frame: Frame, kind: string): Promise<void> {
  await frame.waitForFunction(`document.body.classList.contains(${JSON.stringify(kind)})`, undefined, { timeout: 30_000 });
}

test('the report in the editor: one panel per tab, readable text and controls, key columns in view, in three themes', { timeout: 420_000 }, async () => {
  const { page } = workbench;
  await openFile(page, LOG);
  const frame = await findWebviewFrame(page, displayName);
  await frame.waitForSelector('[data-testid="metric-card"]', { state: 'visible', timeout: 30_000 });
  await waitForViewTheme(frame, 'vscode-light');
  await checkTheme(frame, 'light', { overview: 'log-overview', sample: 'log-sample' });

  await setColorTheme(page, 'Dark Modern', 'dark');
  await waitForViewTheme(frame, 'vscode-dark');
  await checkTheme(frame, 'dark', { overview: 'log-overview-dark', sample: 'log-sample-dark' });

  await setColorTheme(page, 'Dark High Contrast', 'highContrast');
  await waitForViewTheme(frame, 'vscode-high-contrast');
  await checkTheme(frame, 'high contrast', { overview: 'log-overview-high-contrast', sample: 'log-sample-high-contrast' });
});
