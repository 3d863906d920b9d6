import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { after, before, test } from 'node:test';
import { openFile, screenshot, startWorkbench, Workbench } from './harness/workbench';

let workbench: Workbench;

before(async () => {
  workbench = await startWorkbench();
}, { timeout: 180_000 });

after(async () => {
  await workbench?.close();
});

test('the workbench loads with Eval Lens and recognises a dataset spec', { timeout: 120_000 }, async () => {
  const { page } = workbench;
  await openFile(page, 'datasets/hub-squad.dataset.yaml');
  const status = page.locator('.statusbar-item', { hasText: 'Dataset spec' });
  await status.first().waitFor({ state: 'visible', timeout: 60_000 });
  assert.equal(await status.count() > 0, true);
  const file = await screenshot(page, 'workbench');
  assert.ok(fs.statSync(file).size > 10_000, 'the screenshot has content');
});
