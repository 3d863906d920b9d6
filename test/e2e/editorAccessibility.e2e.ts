/**
 * axe-core inside the real VS Code (code-server), over every view as a person opens it on examples/: the log report
 * with a sample open, an Inspect `.eval` report, the dataset preview with its funnel and a row detail, the comparison
 * of two logs with a pair open, a Trace file with a sub-agent open, and the conversation tab — each in the light, dark
 * and high contrast themes. No serious or critical violation (WCAG 2.2 A and AA rules, and axe's best practices).
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import type { Frame, Page } from 'playwright-core';
import { seriousViolationsIn } from './harness/axeInWebview';
import { repoRoot } from './harness/repoRoot';
import { useExamplesWorkbench } from './harness/examplesWorkbench';
import { findWebviewFrame, openFile, runCommand, screenshot, setColorTheme } from './harness/workbench';

type ThemeKind = 'light' | 'dark' | 'highContrast';
const THEMES: { label: string; kind: ThemeKind; bodyClass: string }[] = [
  { label: 'Light Modern', kind: 'light', bodyClass: 'vscode-light' },
  { label: 'Dark Modern', kind: 'dark', bodyClass: 'vscode-dark' },
  { label: 'Dark High Contrast', kind: 'highContrast', bodyClass: 'vscode-high-contrast' },
];
const TASK_LOG = 'logs/success-trials.tasklog.json';
const TASK_LOG_NAME = (JSON.parse(fs.readFileSync(path.join(repoRoot(), 'examples', TASK_LOG), 'utf8')) as { specification: { display_name: string } }).specification.display_name;

let currentTheme: ThemeKind = 'light';

const opened = useExamplesWorkbench('eval-lens-editor-a11y-');

/** The themes in an order that starts from the one shown, so that each view costs two switches. */
function themesFromCurrent(): typeof THEMES {
  const start = THEMES.findIndex((t) => t.kind === currentTheme);
  return [...THEMES.slice(start), ...THEMES.slice(0, start)];
}

async function showTheme(page: Page, frame: Frame, theme: (typeof THEMES)[number]): Promise<void> {
  if (theme.kind !== currentTheme) {
    await setColorTheme(page, theme.label, theme.kind);
    currentTheme = theme.kind;
  }
  await frame.waitForFunction(`document.body.classList.contains(${JSON.stringify(theme.bodyClass)})`, undefined, { timeout: 30_000 });
}

/**
 * Runs `check` (which may change what the view shows) and axe in each theme; fails with every violation found.
 * `view` names the screenshots.
 */
async function assertAccessibleInThemes(page: Page, frame: Frame, view: string, states: Record<string, () => Promise<void>>): Promise<void> {
  const found: string[] = [];
  for (const theme of themesFromCurrent()) {
    await showTheme(page, frame, theme);
    for (const [state, show] of Object.entries(states)) {
      await show();
      found.push(...(await seriousViolationsIn(frame)).map((v) => `${theme.kind}, ${state}: ${v}`));
    }
    await screenshot(page, `a11y-${view}-${theme.kind}`);
  }
  assert.deepEqual(found, [], `${view}:\n${found.join('\n')}`);
}

function frameWith(page: Page, selector: string, accept: (frame: Frame) => Promise<boolean> = async () => true): Promise<Frame> {
  return findWebviewFrame(page, async (f) => (await f.locator(selector).count()) > 0 && (await accept(f)), 90_000);
}

async function openReportSample(frame: Frame): Promise<void> {
  await frame.locator('[role="tab"][data-tab="samples"]').click();
  await frame.locator('.grid-row[data-sample-index="0"]').click();
  await frame.locator('[data-testid="sample-detail"] [data-testid="conversation"]').first().waitFor({ state: 'visible', timeout: 30_000 });
}

async function showReportTab(frame: Frame, tab: string): Promise<void> {
  await frame.locator(`[role="tab"][data-tab="${tab}"]`).click();
  await frame.locator(`#panel-${tab}`).waitFor({ state: 'visible', timeout: 30_000 });
}

test('the log report in the editor: overview, and the samples with one open', { timeout: 120_000 }, async () => {
  const { page } = opened.workbench;
  await openFile(page, TASK_LOG);
  const frame = await findWebviewFrame(page, TASK_LOG_NAME);
  await frame.locator('[data-testid="metric-card"]').first().waitFor({ state: 'visible', timeout: 60_000 });
  await assertAccessibleInThemes(page, frame, 'log-report', {
    overview: () => showReportTab(frame, 'overview'),
    'open sample': () => openReportSample(frame),
  });
});

test('the conversation tab opened from a sample', { timeout: 90_000 }, async () => {
  const { page } = opened.workbench;
  const report = await findWebviewFrame(page, TASK_LOG_NAME);
  await openReportSample(report);
  await report.locator('[data-testid="sample-detail"] [data-testid="open-conversation"]').first().click();
  const frame = await frameWith(page, '[data-testid="conversation-page"] [data-testid="conversation"]');
  await assertAccessibleInThemes(page, frame, 'conversation-tab', { conversation: async () => undefined });
});

test('an Inspect .eval report: overview and an open sample', { timeout: 90_000 }, async () => {
  const { page } = opened.workbench;
  await openFile(page, 'logs/arith-inspect.eval');
  const frame = await frameWith(page, '[role="tab"][data-tab="overview"]', async (f) => !(await f.evaluate<string>('document.body.innerText')).includes(TASK_LOG_NAME));
  await screenshot(page, 'a11y-inspect-report-opened');
  await assertAccessibleInThemes(page, frame, 'inspect-report', {
    overview: () => showReportTab(frame, 'overview'),
    'open sample': () => openReportSample(frame),
  });
});

test('the dataset preview: the funnel, the grid and a row detail', { timeout: 90_000 }, async () => {
  const { page } = opened.workbench;
  await openFile(page, 'datasets/local-csv.dataset.yaml');
  await runCommand(page, 'Eval Lens: Preview Dataset Filters');
  const frame = await frameWith(page, '.funnel-text');
  await frame.locator('.grid-rows [role="row"]').first().waitFor({ state: 'visible', timeout: 60_000 });
  await assertAccessibleInThemes(page, frame, 'preview', {
    'funnel and grid': async () => undefined,
    'row detail': async () => {
      await frame.locator('.grid-rows [role="row"]').first().locator('[data-col="1"]').click();
      await frame.locator('.detail').waitFor({ state: 'visible', timeout: 30_000 });
    },
  });
});

test('the comparison of two logs: the metric table, the changes and an open pair', { timeout: 120_000 }, async () => {
  const { page } = opened.workbench;
  await runCommand(page, 'Eval Lens: Compare Task Result Logs');
  await pickByKeyboard(page, 'compare-baseline.tasklog.json', false);
  await pickByKeyboard(page, 'compare-candidate.tasklog.json', true);
  const frame = await frameWith(page, '[data-testid="metric-table"]');
  await frame.locator('[data-testid="change"]').first().waitFor({ state: 'visible', timeout: 60_000 });
  await assertAccessibleInThemes(page, frame, 'compare', {
    'metrics and changes': async () => undefined,
    pair: async () => {
      await frame.locator('[data-testid="change"]').first().click();
      await frame.locator('[data-testid="pair-view"]').waitFor({ state: 'visible', timeout: 30_000 });
    },
  });
});

test('a Trace file in the Trace editor with a sub-agent open', { timeout: 90_000 }, async () => {
  const { page } = opened.workbench;
  await openFile(page, 'traces/date-review.trace.json');
  const frame = await frameWith(page, '[data-testid="trace-header"]');
  // The sub-agents read as a named list, one item per sub-agent, each a disclosure named by its agent.
  const spans = frame.locator('[data-testid="spans"]');
  assert.equal(await spans.evaluate((e) => e.tagName), 'UL');
  assert.ok(((await spans.getAttribute('aria-labelledby')) ?? '') !== '' && (await frame.locator(`#${await spans.getAttribute('aria-labelledby')}`).count()) === 1, 'the list is named by its heading');
  assert.equal(await frame.locator('[data-testid="spans"] > li').count(), await frame.locator('[data-testid="spans"] > *').count());
  assert.ok(await frame.locator('[data-testid="spans"] > li > [data-testid="span"] > summary').count() > 0);
  await assertAccessibleInThemes(page, frame, 'trace', {
    'sub-agent open': async () => {
      const span = frame.locator('[data-testid="span"][data-span-name="explorer"]');
      if ((await span.getAttribute('open')) === null) await span.locator('> summary').click();
      await frame.locator('.span-conversation .tool-call').first().waitFor({ state: 'visible', timeout: 30_000 });
    },
  });
});

/** Picks an item of the open quick pick with the keyboard: its label typed as a filter, Space ticks it, Enter accepts. */
async function pickByKeyboard(page: Page, label: string, many: boolean): Promise<void> {
  const input = page.locator('.quick-input-widget input.input');
  await input.waitFor({ state: 'visible', timeout: 30_000 });
  await input.fill(label);
  await page.locator('.quick-input-widget .monaco-list-row', { hasText: label }).first().waitFor({ state: 'visible', timeout: 30_000 });
  if (many) {
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Space');
  }
  await page.keyboard.press('Enter');
}
