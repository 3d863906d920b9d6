import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import { findWebviewFrame, openFile, screenshot, startWorkbench, Workbench } from './harness/workbench';
import { repoRoot } from './harness/repoRoot';

// The hostile fixture's payloads (script tags, onerror handlers, javascript: links) are rewritten to set
// `window.__pwned` instead of calling alert, so that any payload that ran leaves a trace to check.
const PAYLOAD = 'window.__pwned=1';
let workbench: Workbench;

/** What the page holds after every view was visited (computed in the webview frame). */
interface Findings {
  pwned: unknown;
  scriptsFromContent: number;
  images: number;
  handlers: number;
  javascriptLinks: number;
  text: string;
}

let workspace: string;

before(async () => {
  workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'eval-lens-hostile-'));
  const hostile = fs.readFileSync(path.join(repoRoot(), 'test/fixtures/logs/hostile.tasklog.json'), 'utf8');
  assert.ok(hostile.includes('alert(1)'), 'the fixture carries payloads');
  fs.writeFileSync(path.join(workspace, 'hostile.tasklog.json'), hostile.split('alert(1)').join(PAYLOAD));
  workbench = await startWorkbench({ workspace });
}, { timeout: 180_000 });

after(async () => {
  await workbench?.close();
  fs.rmSync(workspace, { recursive: true, force: true });
});

test('a hostile log runs nothing in the report and shows its content as text', { timeout: 180_000 }, async () => {
  const { page } = workbench;
  await openFile(page, 'hostile.tasklog.json');
  const frame = await findWebviewFrame(page, 'Hostile');
  await frame.waitForSelector('[data-testid="status"]', { timeout: 30_000 });

  const csp = (await frame.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content')) ?? '';
  assert.match(csp, /default-src 'none'/);
  assert.match(csp, /script-src 'nonce-[A-Za-z0-9+/=]{16,}'/);
  assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/);

  // Visit every view that renders log content: each tab, the sample with every section expanded.
  for (const tab of ['overview', 'errors', 'usage', 'specification', 'samples']) await frame.locator(`[role="tab"][data-tab="${tab}"]`).click();
  await frame.locator('.grid-row').first().click();
  await frame.waitForSelector('[data-testid="sample-detail"]', { timeout: 30_000 });
  await frame.evaluate('document.querySelectorAll("details").forEach((d) => { d.open = true; })');
  await frame.evaluate('document.querySelectorAll(".markdown a").forEach((a) => a.click())');
  await screenshot(page, 'log-hostile');

  const findings = await frame.evaluate<Findings>(`({
    pwned: window.__pwned,
    scriptsFromContent: [...document.scripts].filter((s) => (s.textContent || '').includes('__pwned')).length,
    images: document.querySelectorAll('img').length,
    handlers: [...document.querySelectorAll('*')].filter((e) => [...e.attributes].some((a) => /^on/i.test(a.name))).length,
    javascriptLinks: [...document.querySelectorAll('[href], [src], [action]')].filter((e) => /javascript:/i.test(e.getAttribute('href') || e.getAttribute('src') || e.getAttribute('action') || '')).length,
    text: document.body.innerText,
  })`);
  assert.equal(findings.pwned, undefined, 'no payload ran');
  assert.equal(findings.scriptsFromContent, 0);
  assert.equal(findings.images, 0);
  assert.equal(findings.handlers, 0);
  assert.equal(findings.javascriptLinks, 0);
  assert.ok(findings.text.includes(`<script>${PAYLOAD}</script>`), 'script tags from the log are shown literally');
  assert.ok(findings.text.includes(`onerror=${PAYLOAD}`), 'handlers from the log are shown literally');
});
