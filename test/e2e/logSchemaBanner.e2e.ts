import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import { findWebviewFrame, openFile, screenshot, startWorkbench, Workbench } from './harness/workbench';
import { repoRoot } from './harness/repoRoot';

interface ExampleLog {
  status: string;
  specification: { display_name: string };
  evidence: { samples: { sample_id: string | number }[] };
}

const FILE = 'invalid.tasklog.json';
let workbench: Workbench;
let workspace: string;
let lines: string[];

before(async () => {
  workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'eval-lens-schema-banner-'));
  const log = JSON.parse(fs.readFileSync(path.join(repoRoot(), 'examples/logs/success-trials.tasklog.json'), 'utf8')) as ExampleLog;
  log.specification.display_name = 'Schema banner <b>check</b>';
  log.status = 'finished';
  log.evidence.samples[3].sample_id = 3.5;
  const text = JSON.stringify(log, null, 2);
  lines = text.split('\n');
  fs.writeFileSync(path.join(workspace, FILE), text);
  // Every log counts as large: it is read, indexed and checked against the schema in the worker thread,
  // and the schema problems reach the open report after its first summary.
  workbench = await startWorkbench({ workspace, settings: { 'evalLens.log.workerThresholdMB': 0 } });
}, { timeout: 180_000 });

after(async () => {
  await workbench?.close();
  if (workspace) fs.rmSync(workspace, { recursive: true, force: true });
});

test('a large log that does not match the schema opens in full, with a banner that lists each problem and its line', { timeout: 180_000 }, async () => {
  const { page } = workbench;
  await openFile(page, FILE);
  const frame = await findWebviewFrame(page, 'Schema banner <b>check</b>');
  // What is readable is shown: the name (as text, not markup), the status as written, the metrics.
  assert.equal(await frame.locator('[data-testid="display-name"]').innerText(), 'Schema banner <b>check</b>');
  assert.equal((await frame.locator('[data-testid="status"]').innerText()).trim(), 'finished');
  await frame.locator('[data-testid="metric-card"]').first().waitFor({ state: 'visible', timeout: 30_000 });

  const banner = frame.locator('[data-testid="schema-banner"]');
  await banner.waitFor({ state: 'visible', timeout: 60_000 });
  assert.equal(await banner.getAttribute('role'), 'alert');
  assert.match(await banner.locator('summary').innerText(), /does not match the task result log schema \(2 problems\)/);
  await banner.locator('summary').click();
  const items = banner.locator('li');
  await items.first().waitFor({ state: 'visible', timeout: 10_000 });
  const texts = await items.allInnerTexts();
  assert.equal(texts.length, 2);
  const statusLine = lines.findIndex((line) => line.includes('"status": "finished"')) + 1;
  const idLine = lines.findIndex((line) => line.includes('"sample_id": 3.5')) + 1;
  assert.ok(statusLine > 0 && idLine > 0);
  assert.match(texts[0], new RegExp(`^/status \\(line ${statusLine}, column \\d+\\) `), `the status problem names its line ${statusLine}: ${texts[0]}`);
  assert.match(texts[1], new RegExp(`^/evidence/samples/3/sample_id \\(line ${idLine}, column \\d+\\) `), `the sample_id problem names its line ${idLine}: ${texts[1]}`);
  await screenshot(page, 'log-schema-banner');

  // The samples are still there, the one with the odd id included.
  await frame.locator('[role="tab"][data-tab="samples"]').click();
  await frame.locator('.grid-row[data-sample-index="3"]').waitFor({ state: 'visible', timeout: 30_000 });
  assert.match(await frame.locator('.grid-row[data-sample-index="3"]').innerText(), /3\.5/);
});
