import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import { repoRoot } from './harness/repoRoot';
import { openFile, screenshot, startWorkbench, Workbench } from './harness/workbench';

let workbench: Workbench;
let workspace: string;

before(async () => {
  // A copy of the examples with one empty spec to type into: nothing under examples/ is modified.
  workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'eval-lens-e2e-authoring-'));
  fs.cpSync(path.join(repoRoot(), 'examples'), workspace, { recursive: true });
  fs.writeFileSync(path.join(workspace, 'datasets', 'typed.dataset.yaml'), '');
  fs.writeFileSync(path.join(workspace, 'datasets', 'entered.dataset.yaml'), '');
  workbench = await startWorkbench({ workspace });
}, { timeout: 180_000 });

after(async () => {
  await workbench?.close();
  fs.rmSync(workspace, { recursive: true, force: true });
});

/**
 * Closes the completion list a typed value opened, so the next Enter makes a new line. The list is shown
 * asynchronously (the trigger character asks the extension host), so wait for it to come — up to a few
 * seconds, it does not come for every value — before Escape, then until it is gone.
 */
async function closeCompletionAfterTyping(workbenchPage: Workbench['page']): Promise<void> {
  const widget = workbenchPage.locator('.editor-instance .suggest-widget.visible').first();
  await widget.waitFor({ state: 'visible', timeout: 4_000 }).catch(() => undefined);
  await workbenchPage.keyboard.press('Escape');
  await widget.waitFor({ state: 'hidden', timeout: 30_000 });
}

/** The text of the active editor, as rendered. */
async function editorText(workbenchPage: Workbench['page']): Promise<string> {
  return workbenchPage.locator('.editor-instance .view-lines').first().innerText();
}

test('writing a dataset spec: completion with Ctrl+Space, then a diagnostic with its hover', { timeout: 180_000 }, async () => {
  const { page } = workbench;
  await openFile(page, 'datasets/typed.dataset.yaml');
  await page.locator('.editor-instance .monaco-editor textarea').first().focus();
  await page.keyboard.type('key: typed\ndisplay_name: Typed in the browser\nsource:\n  type: fol');
  await page.keyboard.press('Control+Space');
  const suggestion = page.locator('.suggest-widget .monaco-list-row', { hasText: 'folder' }).first();
  await suggestion.waitFor({ state: 'visible', timeout: 30_000 });
  await screenshot(page, 'authoring-completion');
  await page.keyboard.press('Enter');
  await page.waitForFunction(
    "(document.querySelector('.editor-instance .view-lines')?.innerText ?? '').replace(/\\u00a0/g, ' ').includes('type: folder')",
    undefined, { timeout: 30_000 },
  );
  assert.match((await editorText(page)).replace(/\u00a0/g, ' '), /type: folder/);

  // A mistake: an unknown key is underlined; hovering it shows the message.
  await page.keyboard.press('End');
  await page.keyboard.type('\ndirectory_pth: docs');
  const squiggle = page.locator('.editor-instance .squiggly-error').first();
  await squiggle.waitFor({ state: 'attached', timeout: 30_000 });
  // Show the hover of the word under the cursor (the mistyped key), as a keyboard user does; the
  // diagnostic arrives after the debounced validation, so ask again until the hover carries it.
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  const hover = page.locator('.monaco-hover', { hasText: 'directory_pth' }).first();
  const deadline = Date.now() + 30_000;
  for (;;) {
    await page.keyboard.press('Control+K');
    await page.keyboard.press('Control+I');
    const shown = await hover.waitFor({ state: 'visible', timeout: 2_000 }).then(() => true, () => false);
    if (shown) break;
    if (Date.now() > deadline) throw new Error('no hover with the diagnostic of directory_pth');
    await page.keyboard.press('Escape');
  }
  const file = await screenshot(page, 'authoring-diagnostic');
  assert.ok(fs.statSync(file).size > 10_000);
  assert.match(await hover.innerText(), /directory_path/);
});

test('Enter after a key starts a new indented line; after "- key: value" it continues the item at its key', { timeout: 180_000 }, async () => {
  const { page } = workbench;
  const problems = () => page.locator('[id="status.problems"]').first().getAttribute('aria-label');
  const before = await problems();
  await openFile(page, 'datasets/entered.dataset.yaml');
  await page.locator('.editor-instance .monaco-editor textarea').first().focus();
  // A blank new spec is not blamed for being empty before its first key is typed: the problem count stays.
  await page.waitForTimeout(2_500);
  assert.equal(await problems(), before, 'opening a blank spec adds no problem');
  await page.keyboard.type('key: entered\ndisplay_name: Entered\nsource:');
  // Long enough for completion opened by the colon to show; Enter is then meant for a new line.
  await page.waitForTimeout(2_000);
  await screenshot(page, 'authoring-enter-after-key');
  await page.keyboard.press('Enter');
  await page.keyboard.type('type: local');
  await closeCompletionAfterTyping(page);
  await page.keyboard.press('Enter');
  await page.keyboard.type('file_path: data.csv');
  await closeCompletionAfterTyping(page);
  await page.keyboard.press('Enter');
  await page.keyboard.type('filters:');
  await page.waitForTimeout(1_000);
  await page.keyboard.press('Enter');
  await page.keyboard.type('- expression: "x');
  await page.keyboard.press('End');
  await closeCompletionAfterTyping(page);
  await page.keyboard.press('Enter');
  await page.keyboard.type('op: exists');
  await closeCompletionAfterTyping(page);
  await page.waitForTimeout(500);
  const text = (await editorText(page)).replace(/\u00a0/g, ' ');
  await screenshot(page, 'authoring-enter-list-item');
  assert.doesNotMatch(text, /source:\s*\{/, 'no snippet was inserted after source:');
  assert.match(text, /^source:\n {2}type: local\n {2}file_path: data\.csv\n {2}filters:\n {4}- expression: "x"\n {6}op: exists$/m, text);
});
