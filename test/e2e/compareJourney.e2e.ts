import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import type { Frame, Page } from 'playwright-core';
import { clickQuickInputRow, findWebviewFrame, openFile, runCommand, screenshot, setColorTheme, startWorkbench, Workbench } from './harness/workbench';
import { repoRoot } from './harness/repoRoot';
import { pairedDifference } from '../../src/core/compare/statistics/differenceTests';
import { intervalOf, metricDelta, pValue } from '../../src/core/format/compareFormat';
import { resamplingFigures } from '../../src/core/compare/smallSampleFigures';
import { assertKeyMetricColumnsInView } from './harness/compareVisualChecks';
import { assertControlsReadable, assertNoTinyText, assertTextContrast } from './harness/reportVisualChecks';

type LogJson = {
  specification: { display_name: string };
  evidence: { samples: { sample_id: string; scores: { scorer_key: string; values: Record<string, number> }[]; trials: { solver: { output: { items: { type: string; role?: string; content?: { text: string }[] }[] } } }[] }[] };
};

const BASE = 'compare-baseline.tasklog.json';
const CAND = 'compare-candidate.tasklog.json';
let workbench: Workbench;
let base: LogJson;
let cand: LogJson;

function readLog(name: string): LogJson {
  return JSON.parse(fs.readFileSync(path.join(repoRoot(), 'examples', 'logs', name), 'utf8')) as LogJson;
}

function correct(log: LogJson): Map<string, number> {
  return new Map(log.evidence.samples.map((s) => [s.sample_id, s.scores.find((x) => x.scorer_key === 'exact_match')?.values.correct ?? NaN]));
}

/** Picks an item of the open quick pick by its label (typed as a filter first). */
async function pick(page: Page, label: string, many: boolean): Promise<void> {
  const input = page.locator('.quick-input-widget input.input');
  await input.waitFor({ state: 'visible', timeout: 30_000 });
  await input.fill(label);
  const row = page.locator('.quick-input-widget .monaco-list-row', { hasText: label }).first();
  await row.waitFor({ state: 'visible', timeout: 30_000 });
  if (many) {
    await clickQuickInputRow(page, row.locator('.quick-input-list-checkbox, input[type="checkbox"]').first());
    await page.keyboard.press('Enter');
  } else {
    // A click picks the row the filter shows, where Enter could come before the filtered list is drawn.
    await clickQuickInputRow(page, row);
  }
}

/** At 1400×900 with the explorer open: the key columns fit, no text under 9 px, controls and badges read 4.5:1. */
async function assertMetricTableReadable(frame: Frame, label: string): Promise<void> {
  await assertKeyMetricColumnsInView(frame, label);
  await assertNoTinyText(frame, label);
  await assertControlsReadable(frame, label);
  await assertTextContrast(frame, '[data-testid="verdict"]', `${label} significance badges`);
}

async function waitIn(frame: Frame, selector: string): Promise<void> {
  await frame.waitForSelector(selector, { state: 'visible', timeout: 30_000 });
}

before(async () => {
  base = readLog(BASE);
  cand = readLog(CAND);
  workbench = await startWorkbench({ settings: { 'workbench.colorTheme': 'Default Light Modern' } });
}, { timeout: 180_000 });

after(async () => {
  await workbench?.close();
});

test('compare from the palette: the metric table shows Δ and p; a regression opens both conversations', { timeout: 240_000 }, async () => {
  const { page } = workbench;
  // Opening a log first: the workbench has loaded the extension's contributions once its report shows.
  await openFile(page, `logs/${BASE}`);
  await findWebviewFrame(page, base.specification.display_name);
  try {
    await runCommand(page, 'Eval Lens: Compare Task Result Logs');
  } catch (error) {
    await screenshot(page, 'compare-palette-failure');
    throw error;
  }
  await pick(page, BASE, false);
  await page.locator('.quick-input-widget .quick-input-title', { hasText: `Pick one or more logs to compare with ${BASE}` }).waitFor({ state: 'visible', timeout: 60_000 });
  await pick(page, CAND, true);
  const frame = await findWebviewFrame(page, cand.specification.display_name);
  await waitIn(frame, '[data-testid="metric-table"]');

  const a = correct(base);
  const b = correct(cand);
  const expected = pairedDifference([...a.keys()].map((id) => (b.get(id) ?? NaN) - (a.get(id) ?? NaN)));
  const row = frame.locator('tr[data-metric-id="exact_match|accuracy|correct"]');
  // `accuracy` (a mean) is a rate by the report's rule: Δ reads in percentage points.
  assert.equal((await row.locator('[data-testid="delta"]').innerText()).trim(), metricDelta({ metricType: 'mean', metricKey: 'accuracy', valueKey: 'correct' }, expected.delta));
  assert.match(await row.locator('[data-testid="delta"]').innerText(), / pp$/);
  assert.ok(Math.abs(Number(await row.locator('[data-testid="delta"]').getAttribute('title')) - expected.delta) < 1e-12, 'the exact Δ is on hover');
  assert.equal((await row.locator('[data-testid="p"]').innerText()).trim(), pValue(expected.p));
  assert.ok(Math.abs(Number(await row.locator('[data-testid="p"]').getAttribute('title')) - (expected.p ?? NaN)) < 1e-12, 'the exact p is on hover');
  assert.match(await row.locator('[data-testid="verdict"]').innerText(), /better/);
  // The bootstrap and permutation test follow the table from the worker threads (docs/semantics.md §12): the core's figures.
  const differences = Float64Array.from([...a.keys()].map((id) => (b.get(id) ?? NaN) - (a.get(id) ?? NaN)).filter((d) => !Number.isNaN(d)));
  const figures = resamplingFigures(differences, expected.p);
  assert.ok(figures, 'the pass rate over trials is not 0/1 per sample: it is resampled');
  await row.locator('[data-testid="bootstrap"]').waitFor({ state: 'visible', timeout: 60_000 });
  const rule = { metricType: 'mean', metricKey: 'accuracy', valueKey: 'correct' };
  assert.equal((await row.locator('[data-testid="bootstrap"]').innerText()).trim(), `bootstrap ${intervalOf(rule, figures.bootstrap.low, figures.bootstrap.high)}`);
  assert.match(await row.locator('[data-testid="permutation"]').innerText(), new RegExp(`^permutation p ${pValue(figures.permutation.p).replace(/[.<]/g, '\\$&')}`));
  assert.equal(await frame.locator('[data-testid="resampling-pending"]').count(), 0, 'nothing is left computing');
  await waitIn(frame, '[data-testid="binary-table"], [data-testid="change"]');
  await screenshot(page, 'compare-metrics-light');
  await assertMetricTableReadable(frame, 'light');

  await frame.locator('[data-testid="filter-kind"]').selectOption('regression');
  // The list is drawn again for the filter: wait until no improvement is listed and a regression is
  // (locator waits: the webview's CSP forbids the string predicates of waitForFunction).
  await frame.locator('[data-testid="change"][data-kind="improvement"]').first().waitFor({ state: 'detached', timeout: 30_000 });
  await frame.locator('[data-testid="change"][data-kind="regression"]').first().waitFor({ state: 'visible', timeout: 30_000 });
  assert.equal(await frame.locator('[data-testid="change"][data-kind="improvement"]').count(), 0, 'only regressions are listed');
  const first = frame.locator('[data-testid="change"]').first();
  const sampleId = (await first.getAttribute('data-sample-id')) ?? '';
  await first.click();
  await waitIn(frame, '[data-testid="pair-view"]');
  const sample = base.evidence.samples.find((s) => s.sample_id === sampleId);
  assert.ok(sample, `the regression ${sampleId} is a sample of the baseline`);
  const question = sample.trials[0].solver.output.items.find((i) => i.type === 'message' && i.role === 'user')?.content?.[0]?.text ?? '';
  for (const side of ['pair-baseline', 'pair-candidate']) {
    const text = await frame.locator(`[data-testid="${side}"]`).innerText();
    assert.ok(text.includes(question.slice(0, 30)), `the ${side} conversation shows the question`);
    assert.ok((await frame.locator(`[data-testid="${side}"] [data-testid="conversation"]`).count()) >= 1);
  }
  await screenshot(page, 'compare-regression-light');
});

test('the compare view follows the dark and high contrast themes', { timeout: 120_000 }, async () => {
  const { page } = workbench;
  const frame = await findWebviewFrame(page, cand.specification.display_name);
  for (const [label, kind, name] of [['Dark Modern', 'dark', 'compare-dark'], ['Dark High Contrast', 'highContrast', 'compare-high-contrast']] as const) {
    await setColorTheme(page, label, kind);
    await waitIn(frame, '[data-testid="metric-table"]');
    // The page's foreground follows the theme: light text on a dark background.
    const color = await frame.evaluate<string>('getComputedStyle(document.body).color');
    const [r, g, b] = (color.match(/\d+/g) ?? []).map(Number);
    assert.ok(r + g + b > 3 * 150, `${label}: light text (${color})`);
    await frame.locator('[data-testid="metric-table"]').scrollIntoViewIfNeeded();
    await screenshot(page, name);
    await assertMetricTableReadable(frame, label);
  }
});

test('"Only changed input" lists the changes of the sample whose data differs', { timeout: 60_000 }, async () => {
  const frame = await findWebviewFrame(workbench.page, cand.specification.display_name);
  await frame.locator('[data-testid="filter-kind"]').selectOption('');
  await frame.locator('[data-testid="filter-input"]').check();
  await frame.locator('[data-testid="change"]:not([data-sample-id="geo-00007"])').first().waitFor({ state: 'detached', timeout: 30_000 });
  await frame.locator('[data-testid="change"][data-sample-id="geo-00007"]').first().waitFor({ state: 'visible', timeout: 30_000 });
  assert.equal(await frame.locator('[data-testid="change"]:not([data-sample-id="geo-00007"])').count(), 0, 'only the sample whose data changed is listed');
  assert.equal(await frame.locator('[data-testid="inputs-progress"]').count(), 0, 'the progress state is gone once the answer is drawn');
  assert.ok(await frame.locator('[data-testid="change"] .input-changed').count() > 0, 'the rows are marked input changed');
});
