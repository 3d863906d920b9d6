import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import { findWebviewFrame, modalDialog, openFile, runCommand, startWorkbench, waitForDatasetSpecStatus, Workbench } from './harness/workbench';
import { LANGSMITH_TEST_KEY, langsmithData, langsmithRoute } from '../unit/remote/langsmithReplay';
import { ReplayServer, startReplay } from '../unit/remote/replayServer';

let workbench: Workbench;
let workspace: string;
let smith: ReplayServer;

before(async () => {
  smith = await startReplay(langsmithRoute(langsmithData(30)));
  workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'eval-lens-consent-e2e-'));
  fs.writeFileSync(path.join(workspace, 'runs.dataset.yaml'), `key: runs\nsource:\n  type: trace_platform_a\n  project: proj\n  limit: 7\n  api_url: "${smith.url}"\n  api_key: { env: EVAL_LENS_E2E_SMITH_KEY }\n`);
  workbench = await startWorkbench({ workspace, env: { EVAL_LENS_E2E_SMITH_KEY: LANGSMITH_TEST_KEY }, settings: { 'evalLens.preview.urlFetch': 'ask' } });
}, { timeout: 180_000 });

after(async () => {
  await workbench?.close();
  await smith?.close();
  if (workspace) fs.rmSync(workspace, { recursive: true, force: true });
});

test('a trace platform source asks before the first request, then previews the runs', { timeout: 240_000 }, async () => {
  const { page } = workbench;
  await openFile(page, 'runs.dataset.yaml');
  // The first editor of a fresh window: the command reads the active editor once the extension knows it.
  await waitForDatasetSpecStatus(page);
  await runCommand(page, 'Eval Lens: Preview Dataset Filters');
  const dialog = await modalDialog(page);
  assert.match(String(await dialog.textContent()), new RegExp(smith.url.replace(/[.]/g, '\\.')));
  assert.equal(smith.log.length, 0, 'nothing is fetched before the answer');
  await dialog.locator('.monaco-button', { hasText: 'Fetch' }).first().click();
  const frame = await findWebviewFrame(page, async (f) => (await f.locator('.funnel-text').count()) > 0, 90_000);
  const funnel = frame.locator('.funnel-text');
  await funnel.waitFor({ state: 'visible', timeout: 60_000 });
  await frame.locator('.grid-rows [role="row"]').first().waitFor({ state: 'visible', timeout: 60_000 });
  assert.equal(await frame.locator('.grid-rows [role="row"]').count(), 7);
  assert.ok(smith.log.some((request) => request.path === '/runs/query'));
  const text = await frame.evaluate<string>('document.body.innerText');
  assert.ok(!text.includes(LANGSMITH_TEST_KEY), 'the key is not shown');
});
