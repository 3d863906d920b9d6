import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import type { Frame } from 'playwright-core';
import { repoRoot } from './harness/repoRoot';
import { assertControlsReadable, assertNoTinyText, assertTextContrast } from './harness/reportVisualChecks';
import { clickQuickInputRow, findWebviewFrame, openFile, runCommand, screenshot, setColorTheme, startWorkbench, Workbench } from './harness/workbench';
import { HF_TEST_TOKEN, hubParquet, hubRoute, hubRows } from '../unit/remote/hubReplay';
import { ReplayServer, startReplay } from '../unit/remote/replayServer';

let workbench: Workbench;
let workspace: string;
let hub: ReplayServer;

before(async () => {
  // A dataset hub whose index is partial: every count it gives is a lower bound.
  const rows = hubRows(600);
  let url = '';
  hub = await startReplay(hubRoute({ rows, parquet: hubParquet(rows, 200), partial: true }, () => url));
  url = hub.url;
  workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'eval-lens-selection-funnel-'));
  fs.cpSync(path.join(repoRoot(), 'examples'), workspace, { recursive: true });
  fs.writeFileSync(path.join(workspace, 'datasets', 'hub-partial.dataset.yaml'), [
    'key: reviews-partial', 'source:', '  type: dataset_hub', '  path: owner/reviews', '  split: train', '  filters:',
    '    - expression: "{{ sample.label }}"', '      op: equals', '      value: 1', '',
  ].join('\n'));
  workbench = await startWorkbench({
    workspace,
    env: { HF_TOKEN: HF_TEST_TOKEN, EVAL_LENS_HUB_URL: hub.url },
    settings: { 'workbench.colorTheme': 'Default Light Modern', 'evalLens.preview.urlFetch': 'always' },
  });
}, { timeout: 180_000 });

after(async () => {
  await workbench?.close();
  await hub?.close();
  if (workspace) fs.rmSync(workspace, { recursive: true, force: true });
});

const THEMES = [
  { label: 'Light Modern', kind: 'light', bodyClass: 'vscode-light', name: 'light' },
  { label: 'Dark Modern', kind: 'dark', bodyClass: 'vscode-dark', name: 'dark' },
  { label: 'Dark High Contrast', kind: 'highContrast', bodyClass: 'vscode-high-contrast', name: 'high-contrast' },
] as const;

async function waitForViewTheme(frame: Frame, kind: string): Promise<void> {
  await frame.waitForFunction(`document.body.classList.contains(${JSON.stringify(kind)})`, undefined, { timeout: 30_000 });
}

test('a coding-agent sessions source shows its selection funnel: sessions, one step per selecting field, readable in every theme', { timeout: 300_000 }, async () => {
  const { page } = workbench;
  await openFile(page, 'datasets/agent-sessions.dataset.yaml');
  await runCommand(page, 'Eval Lens: Preview Dataset Filters');
  // The spec holds four datasets: choose the sessions one, as a person does.
  const item = page.locator('.quick-input-widget .monaco-list-row', { hasText: 'Recent coding-agent sessions' }).first();
  await clickQuickInputRow(page, item);

  const frame = await findWebviewFrame(page, async (f) => (await f.locator('.stage-selection').count()) > 0, 90_000);
  const funnelText = frame.locator('[data-testid="funnel-text"]');
  await funnelText.waitFor({ state: 'visible', timeout: 60_000 });
  // examples/sessions holds three sessions; one started before 2026-11-01; the limit (50) removes none.
  assert.equal(await funnelText.textContent(), '3 sessions → 2 from 2026-11-01');
  assert.deepEqual(await frame.locator('.stage-total .stage-label').allTextContents(), ['3 sessions']);
  const step = frame.locator('.stage-selection');
  assert.equal(await step.count(), 1, 'one step: the only field that removed sessions');
  assert.equal(await step.getAttribute('data-field'), 'from_time');
  assert.equal(await step.locator('.stage-field').textContent(), 'from_time', 'the step is labelled by its field');
  assert.equal(await step.locator('.stage-filter-label').textContent(), 'from 2026-11-01');
  assert.equal(await step.locator('.stage-count').textContent(), '2');
  assert.equal(await step.locator('.removed').textContent(), '−1 removed');
  assert.deepEqual(await frame.locator('.stage-kept .stage-label').allTextContents(), ['2 sessions kept']);
  assert.equal(await frame.locator('[data-testid="lower-bound"]').count(), 0, 'the count is exact: no "at least" mark');
  const funnelAria = await frame.locator('section.funnel').getAttribute('aria-label');
  assert.match(funnelAria ?? '', /^Sessions through each selecting field/);
  const bodyText = await frame.evaluate<string>('document.body.innerText');
  assert.doesNotMatch(bodyText, /\b\d[\d,]* rows\b/, 'the view says sessions, not rows');
  assert.equal(await frame.locator('.grid-rows [role="row"]').count(), 2, 'the kept sessions are in the table');
  // Open a session's detail pane, so its links are measured with the funnel.
  await frame.locator('.grid-rows .row').first().locator('[data-col="2"]').click();
  await frame.locator('.detail-field.current').waitFor({ state: 'visible' });

  for (const theme of THEMES) {
    await setColorTheme(page, theme.label, theme.kind);
    await waitForViewTheme(frame, theme.bodyClass);
    await assertNoTinyText(frame, `${theme.name} selection funnel`);
    await assertControlsReadable(frame, `${theme.name} selection funnel`);
    await assertTextContrast(frame, '.funnel', `${theme.name} selection funnel`);
    await assertTextContrast(frame, '.toolbar, .grid-header', `${theme.name} toolbar and table header`);
    await screenshot(page, `preview-selection-funnel-${theme.name}`);
  }
});

test('a selection step opens the sessions it removed, with why, and Back returns to the kept sessions', { timeout: 180_000 }, async () => {
  const { page } = workbench;
  await setColorTheme(page, 'Light Modern', 'light');
  const frame = await findWebviewFrame(page, async (f) => (await f.locator('.stage-selection').count()) > 0, 90_000);
  await waitForViewTheme(frame, 'vscode-light');
  const step = frame.locator('.stage-selection.drillable[data-field="from_time"] button.stage-drill');
  assert.equal(await step.getAttribute('aria-label'), 'from_time (from 2026-11-01): show the 1 session this step removed', 'the step\'s field and label are a named button');
  assert.equal(await step.locator('.stage-field').textContent(), 'from_time');
  // Keyboard: the step's button takes the focus and Enter opens it.
  await step.focus();
  await page.keyboard.press('Enter');
  const list = frame.locator('[data-testid="removed-rows"]');
  await list.waitFor({ state: 'visible', timeout: 30_000 });
  assert.equal(await frame.locator('#removed-rows-heading').textContent(), '1 session removed by from_time (from 2026-11-01)');
  const row = list.locator('tbody tr');
  await row.first().waitFor({ state: 'visible', timeout: 60_000 });
  assert.equal(await row.count(), 1, 'the one session the step removed');
  assert.match(await row.locator('.removed-reason').textContent() ?? '', /^removed not selected by from_time \(from 2026-11-01\): the record has "2026-10-\d\dT[\d:.]+Z"$/);
  assert.match(await row.locator('.removed-origin').textContent() ?? '', /\.jsonl$/, 'its session file');
  assert.match(await row.locator('.removed-values').textContent() ?? '', /"session_id":"[0-9a-f-]+"/);
  assert.equal(await frame.locator('.content').isHidden(), true, 'the list stands in place of the kept sessions');
  await assertTextContrast(frame, '[data-testid="removed-rows"]', 'light removed sessions');
  await screenshot(page, 'preview-selection-removed-sessions');
  await page.keyboard.press('Escape');
  await list.waitFor({ state: 'hidden', timeout: 10_000 });
  assert.equal(await frame.locator('.grid-rows [role="row"]').count(), 2, 'back to the kept sessions');
  assert.equal(await frame.evaluate<string | null>('document.activeElement?.closest(".stage")?.getAttribute("data-field") ?? null'), 'from_time', 'the focus returns to the step');
  assert.equal(await frame.evaluate<string | null>('document.activeElement?.tagName ?? null'), 'BUTTON', 'on its button');
});

test('a hub that counted part of its data: every count is marked "at least", with the reason, under a note of how it counted', { timeout: 240_000 }, async () => {
  const { page } = workbench;
  await openFile(page, 'datasets/hub-partial.dataset.yaml');
  await runCommand(page, 'Eval Lens: Preview Dataset Filters');
  const frame = await findWebviewFrame(page, async (f) => (await f.locator('[data-testid="funnel-counted-by"]').count()) > 0, 90_000);
  assert.match(await frame.locator('[data-testid="funnel-text"]').textContent() ?? '', /^at least [\d,]+ → at least [\d,]+ kept$/);
  assert.equal(await frame.locator('[data-testid="funnel-counted-by"]').textContent(), ' counted by the hub; every count is a lower bound');
  const marks = frame.locator('[data-testid="lower-bound"]');
  assert.equal(await marks.count(), 3, 'the rows loaded, the rows after the filter and the kept rows');
  for (const title of await marks.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('title')))) assert.match(title ?? '', /lower bound/);
  assert.match(await frame.locator('.stage-total .stage-label').textContent() ?? '', /^at least [\d,]+ rows$/);
  assert.match(await frame.locator('.stage-kept .stage-label').textContent() ?? '', /^at least [\d,]+ kept$/);
  assert.equal(await frame.locator('.stage-filter-label').textContent(), 'label = 1', 'a filter step keeps its filter label');
  for (const theme of THEMES) {
    await setColorTheme(page, theme.label, theme.kind);
    await waitForViewTheme(frame, theme.bodyClass);
    await assertNoTinyText(frame, `${theme.name} lower bounds`);
    await assertTextContrast(frame, '.funnel', `${theme.name} lower bounds`);
  }
  await screenshot(page, 'preview-lower-bound');
});
