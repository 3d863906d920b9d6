/**
 * What every README screenshot needs: a still workbench (pointer parked where nothing reacts to it, no
 * notification toast), a crop to the part that makes the point, and a file small enough for the README.
 */
import * as fs from 'node:fs';
import type { Frame, Locator, Page } from 'playwright-core';
import { openFile, runCommand, screenshot } from '../harness/workbench';

/** A README image above this size is reported: crop it further. */
export const MAX_SHOT_BYTES = 250 * 1024;

export interface WrittenShot {
  name: string;
  bytes: number;
  problems: string[];
}

export interface ShotContext {
  page: Page;
  /** Where the PNGs go (docs/screenshots unless told otherwise). */
  outDir: string;
  /** The copy of examples/ the workbench has open; a job may add a file to it. */
  workspace: string;
  written: WrittenShot[];
}

export type Clip = { x: number; y: number; width: number; height: number };

/** Parks the pointer on the empty part of the activity bar, lets any hover or tooltip fade and the status bar settle. */
async function settle(page: Page): Promise<void> {
  await page.mouse.move(24, 620);
  await page.waitForTimeout(600);
  await page.locator('.statusbar-item', { hasText: 'Activating Extensions' }).first().waitFor({ state: 'detached', timeout: 20_000 }).catch(() => undefined);
}

async function visibleToasts(page: Page): Promise<string[]> {
  const toasts = page.locator('.notifications-toasts .notification-toast');
  const texts: string[] = [];
  for (let i = 0; i < (await toasts.count()); i++) {
    const toast = toasts.nth(i);
    if (await toast.isVisible()) texts.push((await toast.innerText()).replace(/\s+/g, ' ').trim());
  }
  return texts;
}

/** Writes `<name>.png` of the page (or of `clip`), and records its size and anything that spoils it. */
export async function capture(ctx: ShotContext, name: string, clip?: Clip): Promise<void> {
  await settle(ctx.page);
  const problems = (await visibleToasts(ctx.page)).map((text) => `a notification is showing: ${text}`);
  const file = await screenshot(ctx.page, name, { dir: ctx.outDir, ...(clip ? { clip: roundClip(clip) } : {}) });
  const bytes = fs.statSync(file).size;
  if (bytes > MAX_SHOT_BYTES) problems.push(`${Math.round(bytes / 1024)} KB is above ${MAX_SHOT_BYTES / 1024} KB: crop it further`);
  ctx.written.push({ name, bytes, problems });
  console.log(`  ${name}.png  ${Math.round(bytes / 1024)} KB${problems.length ? `  (${problems.join('; ')})` : ''}`);
}

function roundClip(clip: Clip): Clip {
  return { x: Math.round(clip.x), y: Math.round(clip.y), width: Math.round(clip.width), height: Math.round(clip.height) };
}

/** The page area of `locator` (inside a webview too), optionally cut to `maxHeight` from its top. */
export async function areaOf(locator: Locator, maxHeight = Infinity): Promise<Clip> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`nothing to crop to: ${String(locator)} is not shown`);
  return { ...box, height: Math.min(box.height, maxHeight) };
}

/** The editor area (every editor group), below the title bar and above the status bar. */
export function editorArea(page: Page, maxHeight = Infinity): Promise<Clip> {
  return areaOf(page.locator('.part.editor').first(), maxHeight);
}

/** The editor group at `index` (0: the first, 1: the one beside it), with its tabs. */
export function editorGroupArea(page: Page, index: number, maxHeight = Infinity): Promise<Clip> {
  return areaOf(page.locator('.part.editor .editor-group-container').nth(index), maxHeight);
}

/** Closes every editor in every group (unsaved text is dropped) and every notification toast. */
export async function clearWorkbench(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  if ((await visibleToasts(page)).length > 0) await runCommand(page, 'Notifications: Clear All Notifications');
  if ((await page.locator('.tabs-container .tab').count()) === 0) return;
  await runCommand(page, 'View: Close All Editors');
  const dontSave = page.locator('.monaco-dialog-box .monaco-button', { hasText: /Don.t Save/ }).first();
  if (await dontSave.waitFor({ state: 'visible', timeout: 2_000 }).then(() => true, () => false)) await dontSave.click();
  await page.locator('.tabs-container .tab').first().waitFor({ state: 'detached', timeout: 15_000 });
}

/** Tries `action` again (after Escape) while the workbench is still starting: indexing files, activating extensions. */
async function retried(page: Page, action: () => Promise<void>, attempts = 4): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await action();
      return;
    } catch (error) {
      if (attempt >= attempts) throw error;
      await page.keyboard.press('Escape');
    }
  }
}

/** Runs a palette command, asking again while the extension that contributes it is still starting. */
export function runCommandOnceListed(page: Page, title: string): Promise<void> {
  return retried(page, () => runCommand(page, title));
}

/** Opens a workspace file with Quick Open, asking again while the workbench is still indexing the folder. */
export function openFileOnceFound(page: Page, relativePath: string): Promise<void> {
  return retried(page, () => openFile(page, relativePath));
}

/** Shows the active editor group alone, across the whole editor area (again: back to the groups side by side). */
export async function toggleMaximizedGroup(page: Page): Promise<void> {
  await runCommand(page, 'View: Toggle Maximize Editor Group');
  await page.waitForTimeout(800);
}

/** Waits for `selector` to show in the webview frame. */
export async function shown(frame: Frame, selector: string, timeout = 60_000): Promise<void> {
  await frame.locator(selector).first().waitFor({ state: 'visible', timeout });
}
