import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import type { Frame } from 'playwright-core';
import { findWebviewFrame, openFile, runCommand, screenshot, startWorkbench, Workbench } from './harness/workbench';
import { repoRoot } from './harness/repoRoot';

interface ExampleLog {
  status: string;
  specification: { display_name: string };
  evidence: {
    metrics: { metric_key: string; values: Record<string, number> }[];
    samples: { sample_id: string; trials: { solver: { output: { items: { type: string; role?: string; content?: { text: string }[] }[] } } }[] }[];
  };
}

const LOG = 'logs/success-trials.tasklog.json';
let workbench: Workbench;
let log: ExampleLog;

/** Resolves once `selector` matches in the frame (Playwright's own wait, no sleeps). */
async function waitIn(frame: Frame, selector: string): Promise<void> {
  await frame.waitForSelector(selector, { state: 'visible', timeout: 30_000 });
}

before(async () => {
  log = JSON.parse(fs.readFileSync(path.join(repoRoot(), 'examples', LOG), 'utf8')) as ExampleLog;
  workbench = await startWorkbench();
}, { timeout: 180_000 });

after(async () => {
  await workbench?.close();
});

test('a task result log opens as a report: status, metrics with their exact values, a sample conversation', { timeout: 180_000 }, async () => {
  const { page } = workbench;
  await openFile(page, LOG);
  const frame = await findWebviewFrame(page, log.specification.display_name);
  await waitIn(frame, '[data-testid="metric-card"]');

  assert.equal((await frame.locator('[data-testid="status"]').innerText()).trim(), log.status);
  assert.equal(await frame.locator('[data-testid="display-name"]').innerText(), log.specification.display_name);
  for (const metric of log.evidence.metrics) {
    for (const [key, value] of Object.entries(metric.values)) {
      const button = frame.locator(`.metric-value[data-metric-key="${metric.metric_key}"][data-value-key="${key}"]`);
      assert.equal(await button.count(), 1, `${metric.metric_key}/${key} is shown`);
      const title = (await button.getAttribute('title')) ?? '';
      assert.equal(title.split(' — ')[0], String(value), `the exact value of ${metric.metric_key}/${key} is on hover`);
    }
  }
  await screenshot(page, 'log-overview');

  await frame.locator('[role="tab"][data-tab="samples"]').click();
  await waitIn(frame, '.grid-row[data-sample-index="0"]');
  await frame.locator('.grid-row[data-sample-index="0"]').click();
  await waitIn(frame, '[data-testid="conversation"]');
  const firstUser = log.evidence.samples[0].trials[0].solver.output.items.find((item) => item.type === 'message' && item.role === 'user');
  const question = firstUser?.content?.[0]?.text ?? '';
  assert.ok(question.length > 0, 'the example has a user message');
  assert.ok((await frame.locator('[data-testid="conversation"]').innerText()).includes(question), 'the conversation shows the user message');
  assert.ok((await frame.locator('[data-testid="sample-detail"] h2').innerText()).includes(log.evidence.samples[0].sample_id));
  await screenshot(page, 'log-sample');

  // Keyboard: Down moves to the next sample, Enter opens it, Escape closes the detail.
  await frame.locator('[data-testid="samples-table"]').focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await frame.waitForSelector('[data-testid="sample-detail"][data-sample-index="1"]', { timeout: 30_000 });
  await frame.locator('[data-testid="sample-detail"]').focus();
  await page.keyboard.press('Escape');
  await frame.waitForSelector('[data-testid="sample-detail"]', { state: 'detached', timeout: 30_000 });
});

test('clicking a metric filters the samples behind it', { timeout: 120_000 }, async () => {
  const { page } = workbench;
  const frame = await findWebviewFrame(page, log.specification.display_name);
  await frame.locator('[role="tab"][data-tab="overview"]').click();
  const metric = log.evidence.metrics[0];
  const key = Object.keys(metric.values)[0];
  await frame.locator(`.metric-value[data-metric-key="${metric.metric_key}"][data-value-key="${key}"]`).click();
  await waitIn(frame, '[data-testid="metric-filter"]');
  assert.equal(await frame.locator('[role="tab"][data-tab="samples"]').getAttribute('aria-selected'), 'true');
  assert.ok((await frame.locator('[data-testid="metric-filter"]').innerText()).includes(key));
});

test('typing in the samples search at an ordinary pace keeps the focus and every character in the editor too', { timeout: 120_000 }, async () => {
  const { page } = workbench;
  const frame = await findWebviewFrame(page, log.specification.display_name);
  await frame.locator('[role="tab"][data-tab="samples"]').click();
  const clear = frame.locator('.samples-toolbar .link-button');
  if (await clear.count()) await clear.click();
  const search = frame.locator('[data-testid="sample-search"]');
  await search.click();
  for (const key of 'arith') {
    await page.keyboard.type(key);
    await page.waitForTimeout(400);
  }
  assert.equal(await search.evaluate((e) => (e as unknown as { value: string }).value), 'arith', 'the box holds what was typed');
  assert.equal(await frame.evaluate<string | null>('document.activeElement?.getAttribute("data-testid") ?? null'), 'sample-search', 'the focus stays in the box');
  await frame.waitForFunction('document.querySelector(\'[data-testid="sample-count"]\')?.textContent === "4 of 12 samples"', undefined, { timeout: 10_000 });
  await screenshot(page, 'report-search-typed');
});

test('Export Log Report as HTML asks where to save (the file dialog) and writes the file there', { timeout: 120_000 }, async () => {
  const { page } = workbench;
  await findWebviewFrame(page, log.specification.display_name);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'eval-lens-export-'));
  const target = path.join(folder, 'shared-report.html');
  await runCommand(page, 'Eval Lens: Export Log Report as HTML');
  // The browser workbench's save dialog is a quick input holding a path: the default is beside the log.
  const input = page.locator('.quick-input-widget input.input');
  await page.waitForFunction(
    `(() => { const field = document.querySelector('.quick-input-widget input.input'); return !!field && field.offsetParent !== null && field.value.endsWith('success-trials.tasklog.html'); })()`,
    undefined, { timeout: 30_000 },
  );
  await input.fill(target);
  // The dialog follows the typed path into the (empty) target folder. While it settles, Enter is ignored
  // (the dialog stays open with the path): confirm until it closes.
  const dialogClosed = `(() => { const field = document.querySelector('.quick-input-widget input.input'); return !field || field.offsetParent === null; })()`;
  for (let attempt = 0; ; attempt++) {
    await page.keyboard.press('Enter');
    const closed = await page.waitForFunction(dialogClosed, undefined, { timeout: 2_000 }).then(() => true, () => false);
    if (closed) break;
    assert.equal(await input.inputValue(), target, 'the dialog still holds the typed path');
    assert.ok(attempt < 25, 'the save dialog accepted the path');
    // A dialog that has not caught up with the typed path (a busy machine) is given it again.
    if (attempt % 5 === 4) await input.fill(target);
  }
  const deadline = Date.now() + 60_000;
  while (!fs.existsSync(target) || !fs.readFileSync(target, 'utf8').includes('</html>')) {
    assert.ok(Date.now() < deadline, `the report was not written to ${target}`);
    await page.waitForTimeout(250);
  }
  const html = fs.readFileSync(target, 'utf8');
  assert.match(html, /<meta http-equiv="Content-Security-Policy" content="default-src 'none'/);
  const data = /<script type="application\/json" id="eval-lens-report-data">([\s\S]*?)<\/script>/.exec(html);
  assert.ok(data, 'the report data is embedded');
  assert.equal((JSON.parse(data[1]) as { summary: { displayName: string } }).summary.displayName, log.specification.display_name);
  fs.rmSync(folder, { recursive: true, force: true });
});
