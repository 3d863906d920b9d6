/**
 * A real VS Code workbench (code-server) in headless Chromium, driven by Playwright, with the packaged
 * extension installed. Helpers for what a person does: open a file, run a palette command, read a webview.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Browser, chromium, Frame, Locator, Page } from 'playwright-core';
import { CodeServer, CodeServerOptions, makeRunDir, sharedPackagedExtension } from './codeServer';
import { repoRoot } from './repoRoot';

export interface Workbench {
  page: Page;
  browser: Browser;
  server: CodeServer;
  close(): Promise<void>;
}

const CHROMIUM_FLAGS = [
  '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update',
  '--disable-sync', '--no-first-run', '--disable-quic',
];

export function chromiumPath(): string {
  for (const candidate of [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser']) {
    if (candidate && fs.existsSync(candidate)) return candidate;
  }
  throw new Error('Chromium is not installed. Run: bash test/e2e/setupCodeServer.sh');
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_FLAGS });
}

/** Starts code-server with the packaged extension and opens the workbench on `workspace` (default examples/). */
export async function startWorkbench(options: CodeServerOptions = {}): Promise<Workbench> {
  const runDir = makeRunDir('e2e');
  const installed = await sharedPackagedExtension();
  const server = await CodeServer.start({ ...options, runDir, extensionsDir: installed.extensionsDir });
  let browser: Browser | undefined;
  try {
    browser = await launchBrowser();
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    await page.goto(server.url());
    await page.waitForSelector('.monaco-workbench', { timeout: 90_000 });
    await page.waitForSelector('.explorer-folders-view, .explorer-viewlet, .part.sidebar', { timeout: 60_000 });
    const opened = browser;
    return {
      page,
      browser: opened,
      server,
      close: async () => {
        await opened.close().catch(() => undefined);
        server.stop();
      },
    };
  } catch (error) {
    await browser?.close().catch(() => undefined);
    server.stop();
    throw error;
  }
}

/**
 * Opens the command palette, types the command's title and runs it: clicks the item labelled exactly `title`
 * (Enter could run another item while the list is still filtering), then waits until the palette has taken the
 * choice (it closed, or the command opened its own picker).
 */
export async function runCommand(page: Page, title: string): Promise<void> {
  const filter = `>${title}`;
  await pickQuickInputItem(page, filter, title);
  await waitUntilQuickInputTook(page, filter);
}

/**
 * Waits until the quick input no longer holds `typed` after an item was chosen: it closed, or the command opened its
 * own picker. Keys pressed before then could still land in the old list.
 */
export async function waitUntilQuickInputTook(page: Page, typed: string): Promise<void> {
  const widget = page.locator('.quick-input-widget');
  const input = widget.locator('input.input');
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const open = await widget.isVisible().catch(() => false);
    if (!open || (await input.inputValue({ timeout: 1_000 }).catch(() => '')) !== typed) return;
    await page.waitForTimeout(100);
  }
  throw new Error(`the quick input stayed on "${typed}" after an item was chosen. ${await describeWorkbench(page)}`);
}

/** What a person sees of the workbench in one line: the editor tabs and the notifications. For failure messages. */
export async function describeWorkbench(page: Page): Promise<string> {
  const texts = async (selector: string) =>
    (await page.locator(selector).allInnerTexts().catch(() => [] as string[])).map((t) => t.replace(/\s+/g, ' ').trim()).filter(Boolean);
  const tabs = await texts('.tabs-container .tab .label-name');
  const notifications = await texts('.notifications-toasts .notification-list-item-message, .notifications-center .notification-list-item-message');
  return `Tabs: ${JSON.stringify(tabs)}. Notifications: ${JSON.stringify(notifications)}.`;
}

/**
 * The modal dialog VS Code shows (e.g. a question before a fetch), once visible. When none comes within the
 * timeout, the error says what the workbench showed instead (its tabs and notifications).
 */
export async function modalDialog(page: Page, timeoutMs = 60_000): Promise<Locator> {
  const dialog = page.locator('.monaco-dialog-box');
  try {
    await dialog.waitFor({ state: 'visible', timeout: timeoutMs });
  } catch {
    throw new Error(`no dialog within ${timeoutMs} ms. ${await describeWorkbench(page)}`);
  }
  return dialog;
}

/** The extension's status bar item that names the active editor a dataset spec, once it is shown. */
export async function waitForDatasetSpecStatus(page: Page, timeoutMs = 60_000): Promise<Locator> {
  const status = page.locator('.statusbar-item', { hasText: 'Dataset spec' });
  await status.first().waitFor({ state: 'visible', timeout: timeoutMs });
  return status;
}

/** Opens a workspace file by its path relative to the workspace folder (Quick Open). */
export async function openFile(page: Page, relativePath: string): Promise<void> {
  await page.locator('.monaco-workbench').click({ position: { x: 600, y: 5 } }).catch(() => undefined);
  await page.keyboard.press('Control+P');
  const input = page.locator('.quick-input-widget input.input');
  await input.waitFor({ state: 'visible', timeout: 30_000 });
  await input.fill(relativePath);
  const base = path.basename(relativePath);
  await page.locator('.quick-input-widget .monaco-list-row', { hasText: base }).first().waitFor({ state: 'visible', timeout: 30_000 });
  await page.keyboard.press('Enter');
  await page.locator('.tabs-container .tab', { hasText: base }).first().waitFor({ state: 'visible', timeout: 30_000 });
}

async function frameText(frame: Frame): Promise<string> {
  try {
    return await frame.evaluate<string>('document.body ? document.body.innerText : ""');
  } catch {
    return '';
  }
}

/**
 * The webview frame whose text contains `text` (or satisfies `predicate`). Webviews are iframes inside
 * iframes; this searches every frame of the page until the timeout.
 */
export async function findWebviewFrame(page: Page, match: string | ((frame: Frame) => Promise<boolean>), timeoutMs = 60_000): Promise<Frame> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const frame of page.frames()) {
      if (frame === page.mainFrame()) continue;
      const ok = typeof match === 'string' ? (await frameText(frame)).includes(match) : await match(frame).catch(() => false);
      if (ok) return frame;
    }
    if (Date.now() > deadline) {
      const texts = await Promise.all(page.frames().map(async (f) => (await frameText(f)).slice(0, 200)));
      throw new Error(`no webview frame matched ${typeof match === 'string' ? JSON.stringify(match) : 'the predicate'} within ${timeoutMs} ms. Frames: ${JSON.stringify(texts)}. ${await describeWorkbench(page)}`);
    }
    await page.waitForTimeout(250);
  }
}

export interface ScreenshotOptions {
  /** Folder to write to; default test-results/screenshots. */
  dir?: string;
  /** The part of the page to keep, in page pixels; default the whole page. */
  clip?: { x: number; y: number; width: number; height: number };
}

/** Writes a PNG screenshot to test-results/screenshots/<name>.png (or `options.dir`) and returns its path. */
export async function screenshot(page: Page, name: string, options: ScreenshotOptions = {}): Promise<string> {
  const dir = options.dir ?? path.join(repoRoot(), 'test-results/screenshots');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, name.endsWith('.png') ? name : `${name}.png`);
  await page.screenshot({ path: file, ...(options.clip ? { clip: options.clip } : {}) });
  return file;
}

const THEME_KIND_CLASS = { light: 'vs', dark: 'vs-dark', highContrast: 'hc-black' } as const;

/**
 * Switches the color theme as a person does: "Preferences: Color Theme" in the palette, then the theme's
 * label (e.g. "Dark Modern", "Dark High Contrast"); waits until the workbench shows it.
 */
export async function setColorTheme(page: Page, label: string, kind: keyof typeof THEME_KIND_CLASS): Promise<void> {
  await pickQuickInputItem(page, '>Preferences: Color Theme', 'Preferences: Color Theme');
  await pickQuickInputItem(page, label, label);
  await page.locator(`.monaco-workbench.${THEME_KIND_CLASS[kind]}`).waitFor({ state: 'attached', timeout: 30_000 });
}

/**
 * Types `filter` into the quick input (opening it first with F1 when it starts with ">") and clicks the item labelled
 * exactly `label` (or with `label` followed by a parenthesis, as in "View: Focus Problems (Errors, Warnings, Infos)").
 */
async function pickQuickInputItem(page: Page, filter: string, label: string): Promise<void> {
  if (filter.startsWith('>')) {
    await page.locator('.monaco-workbench').click({ position: { x: 600, y: 5 } }).catch(() => undefined);
    await page.keyboard.press('F1');
  }
  const input = page.locator('.quick-input-widget input.input');
  await input.waitFor({ state: 'visible', timeout: 30_000 });
  await input.fill(filter);
  const exact = new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\(.*\\))?$`);
  const item = page.locator('.quick-input-widget .monaco-list-row', { has: page.locator('.label-name', { hasText: exact }) }).first();
  await clickQuickInputRow(page, item);
}

/**
 * Clicks a row (or a part of it, such as its checkbox) of the open quick input. The mouse first rests on the quick
 * input's box: where it was left (on a row of the palette just used, or an Explorer entry) a hover can open over the
 * row, and the click would land on the hover.
 */
export async function clickQuickInputRow(page: Page, target: Locator): Promise<void> {
  await target.waitFor({ state: 'visible', timeout: 30_000 });
  await page.locator('.quick-input-widget input.input').hover();
  await target.click();
}
