import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import type { Frame } from 'playwright-core';
import { findWebviewFrame, openFile, screenshot, setColorTheme, startWorkbench, Workbench } from './harness/workbench';
import { repoRoot } from './harness/repoRoot';
import { assertTextContrast } from './harness/reportVisualChecks';

const TRACE = 'traces/date-review.trace.json';
const PLATFORM_EXPORT = 'traces/agents-export.trace.json';
const GRADED = 'traces/graded.trace.json';
/** A graded answer: the question, the reply, and the score a scorer gave it (as an Inspect log's score event is read). */
const GRADED_TRACE = {
  items: [
    { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Which option is right: A, B, C or D?' }] },
    { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'ANSWER: B' }] },
    { type: 'score', value: 'C', answer: 'B', target: 'B', explanation: 'The reply names option B, the target.' },
  ],
};
let workbench: Workbench;
let workspace: string;

before(async () => {
  // A copy of the examples with a real trace platform export saved as *.trace.json beside the Trace.
  workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'eval-lens-e2e-trace-'));
  fs.cpSync(path.join(repoRoot(), 'examples'), workspace, { recursive: true });
  fs.copyFileSync(path.join(repoRoot(), '..', 'shared', 'fixtures', 'langfuse', 'openai-agents-2025-09-30.trace.json'), path.join(workspace, PLATFORM_EXPORT));
  fs.writeFileSync(path.join(workspace, GRADED), JSON.stringify(GRADED_TRACE, null, 2));
  workbench = await startWorkbench({ workspace, settings: { 'workbench.colorTheme': 'Default Light Modern' } });
}, { timeout: 180_000 });

after(async () => {
  await workbench?.close();
  if (workspace) fs.rmSync(workspace, { recursive: true, force: true });
});

/** The body's text and background colours beside what their theme variables resolve to, in the view. */
async function colours(frame: Frame): Promise<{ kind: string; text: string; textVar: string; background: string; backgroundVar: string }> {
  return frame.evaluate(`(() => {
    const probe = (value, prop) => { const el = document.createElement('div'); el.style.setProperty(prop, value); document.body.appendChild(el); const out = getComputedStyle(el).getPropertyValue(prop); el.remove(); return out; };
    const body = getComputedStyle(document.body);
    const kind = ['vscode-high-contrast', 'vscode-dark', 'vscode-light'].find((k) => document.body.classList.contains(k)) || '';
    return { kind, text: body.color, textVar: probe('var(--vscode-foreground)', 'color'), background: body.backgroundColor, backgroundVar: probe('var(--vscode-editor-background)', 'background-color') };
  })()`);
}

test('a Trace file opens in the Trace editor: header, conversation, a tool call with its output, a sub-agent, in three themes', { timeout: 300_000 }, async () => {
  const { page } = workbench;
  const trace = JSON.parse(fs.readFileSync(path.join(repoRoot(), 'examples', TRACE), 'utf8')) as { metadata: { agent: string; model: string } };
  await openFile(page, TRACE);
  const frame = await findWebviewFrame(page, async (f) => (await f.locator('[data-testid="trace-header"]').count()) > 0, 90_000);
  const header = await frame.locator('[data-testid="trace-header"]').innerText();
  assert.ok(header.includes(trace.metadata.agent) && header.includes(trace.metadata.model) && header.includes('18,734'), header);

  const conversation = frame.locator('[data-testid="conversation"]').first();
  assert.ok((await conversation.innerText()).includes('return March 2nd?'), 'the user question is shown');
  const readFile = frame.locator('.tool-call[data-call-id="call_read_1"]');
  assert.ok((await readFile.innerText()).includes('export function parseDate'), 'the tool call shows its output');

  await frame.locator('[data-testid="span"][data-span-name="explorer"] > summary').click();
  await frame.locator('.span-conversation .tool-call[data-call-id="call_grep_1"]').waitFor({ state: 'visible', timeout: 30_000 });
  assert.ok((await frame.locator('.span-conversation').innerText()).includes('src/report.ts:41'), 'the sub-agent conversation opens');
  await screenshot(page, 'trace-editor-light');

  const light = await colours(frame);
  assert.equal(light.kind, 'vscode-light');
  assert.equal(light.text, light.textVar);
  assert.equal(light.background, light.backgroundVar);
  for (const [label, kind, bodyClass] of [['Dark Modern', 'dark', 'vscode-dark'], ['Dark High Contrast', 'highContrast', 'vscode-high-contrast']] as const) {
    await setColorTheme(page, label, kind);
    await frame.waitForFunction(`document.body.classList.contains(${JSON.stringify(bodyClass)})`, undefined, { timeout: 30_000 });
    const now = await colours(frame);
    assert.equal(now.text, now.textVar, `text follows --vscode-foreground in ${label}`);
    assert.equal(now.background, now.backgroundVar, `background follows --vscode-editor-background in ${label}`);
    assert.notEqual(now.background, light.background, `the background changes in ${label}`);
    await screenshot(page, `trace-editor-${kind}`);
  }
});

test('a trace platform export saved as *.trace.json opens as its conversation, with no error page', { timeout: 120_000 }, async () => {
  const { page } = workbench;
  await openFile(page, PLATFORM_EXPORT);
  const frame = await findWebviewFrame(page, async (f) => (await f.locator('[data-testid="trace-header"], [data-testid="load-error"]').count()) > 0, 90_000);
  assert.equal(await frame.locator('[data-testid="load-error"]').count(), 0, 'no error page');
  assert.match(await frame.locator('[data-testid="trace-header"]').innerText(), /Agent workflow/);
  assert.match(await frame.locator('body').innerText(), /What's the weather in Tokyo\?/);
  assert.doesNotMatch(await frame.locator('body').innerText(), /§/);
  await screenshot(page, 'trace-editor-platform-export');
});

test('a score in a Trace: its value, the answer and the target, and the explanation, readable in three themes', { timeout: 240_000 }, async () => {
  const { page } = workbench;
  await openFile(page, GRADED);
  const frame = await findWebviewFrame(page, async (f) => (await f.locator('[data-testid="score-item"]').count()) > 0, 90_000);
  const score = frame.locator('[data-testid="score-item"]');
  await score.waitFor({ state: 'visible', timeout: 30_000 });
  const text = await score.innerText();
  assert.match(text, /Score C/);
  assert.match(text, /Answer: B · Target: B/);
  assert.match(text, /The reply names option B, the target\./, 'a short explanation is open');
  const box = await score.boundingBox();
  assert.ok(box && box.width > 200 && box.height > 40, `the score is drawn at a readable size: ${JSON.stringify(box)}`);
  // The test before ends in high contrast; then light and dark.
  for (const [label, kind, bodyClass] of [['Dark High Contrast', 'highContrast', 'vscode-high-contrast'], ['Light Modern', 'light', 'vscode-light'], ['Dark Modern', 'dark', 'vscode-dark']] as const) {
    if (!(await frame.evaluate(`document.body.classList.contains(${JSON.stringify(bodyClass)})`))) await setColorTheme(page, label, kind);
    await frame.waitForFunction(`document.body.classList.contains(${JSON.stringify(bodyClass)})`, undefined, { timeout: 30_000 });
    await assertTextContrast(frame, '[data-testid="score-item"]', `the score in ${label}`);
    await screenshot(page, `trace-editor-score-${kind}`);
  }
});
