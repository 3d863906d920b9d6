import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Frame, Page } from 'playwright-core';
import { useExamplesWorkbench } from './harness/examplesWorkbench';
import { describeWorkbench, findWebviewFrame, openFile, runCommand, screenshot, setColorTheme } from './harness/workbench';


const opened = useExamplesWorkbench('eval-lens-preview-themes-');

/** A colour the view uses, beside the colour its theme variable resolves to in the same view. */
interface ThemedColour {
  actual: string;
  variable: string;
}

interface ViewColours {
  kind: string;
  body: ThemedColour;
  headerText: ThemedColour;
  headerBackground: ThemedColour;
  funnelText: ThemedColour;
  filterLabel: ThemedColour;
  meterFill: ThemedColour;
  headerBorder: { color: string; width: string };
  stageBorder: { color: string; width: string };
  selectedRowOutline: { color: string; style: string };
  contrastBorder: string;
  contrastActiveBorder: string;
}

const THEMED = ['body', 'headerText', 'headerBackground', 'funnelText', 'filterLabel', 'meterFill'] as const;

/**
 * Reads computed colours inside the webview (plain script: this test is compiled without the DOM types;
 * Playwright's evaluate is not bound by the view's CSP). A probe element resolves a `var(--vscode-*)`
 * to the colour it stands for in the current theme.
 */
const READ_VIEW_COLOURS = `(() => {
  const resolve = (value, property) => {
    const probe = document.createElement('div');
    probe.style.setProperty(property, value);
    document.body.append(probe);
    const resolved = getComputedStyle(probe).getPropertyValue(property);
    probe.remove();
    return resolved;
  };
  const computed = (selector) => {
    const element = document.querySelector(selector);
    if (!element) throw new Error('no ' + selector + ' in the view');
    return getComputedStyle(element);
  };
  const defined = (name) => getComputedStyle(document.documentElement).getPropertyValue(name).trim() !== '';
  const kinds = ['vscode-high-contrast', 'vscode-dark', 'vscode-light'];
  return {
    kind: kinds.find((k) => document.body.classList.contains(k)) || 'none',
    body: { actual: computed('body').backgroundColor, variable: resolve('var(--vscode-editor-background)', 'background-color') },
    headerText: { actual: computed('.header-cell').color, variable: resolve('var(--vscode-foreground)', 'color') },
    headerBackground: {
      actual: computed('.grid-header').backgroundColor,
      variable: resolve('var(--vscode-editorGroupHeader-tabsBackground, var(--vscode-editor-background))', 'background-color'),
    },
    funnelText: { actual: computed('.funnel-text').color, variable: resolve('var(--vscode-foreground)', 'color') },
    filterLabel: { actual: computed('.stage-filter-label').color, variable: resolve('var(--vscode-textPreformat-foreground, var(--vscode-foreground))', 'color') },
    meterFill: { actual: computed('.stage-filter .meter-fill').backgroundColor, variable: resolve('var(--vscode-progressBar-background)', 'background-color') },
    headerBorder: { color: computed('.grid-header').borderBottomColor, width: computed('.grid-header').borderBottomWidth },
    stageBorder: { color: computed('.stage-filter').borderTopColor, width: computed('.stage-filter').borderTopWidth },
    selectedRowOutline: { color: computed('.row.selected').outlineColor, style: computed('.row.selected').outlineStyle },
    contrastBorder: defined('--vscode-contrastBorder') ? resolve('var(--vscode-contrastBorder)', 'color') : '',
    contrastActiveBorder: defined('--vscode-contrastActiveBorder') ? resolve('var(--vscode-contrastActiveBorder)', 'color') : '',
  };
})()`;

function viewColours(frame: Frame): Promise<ViewColours> {
  return frame.evaluate<ViewColours>(READ_VIEW_COLOURS);
}

/** Relative luminance of an `rgb()`/`rgba()` colour, 0 (black) to 1 (white). */
function luminance(color: string): number {
  const [r, g, b] = (color.match(/[\d.]+/g) ?? []).slice(0, 3).map((c) => {
    const v = Number(c) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function assertFollowsVariables(colours: ViewColours): void {
  for (const key of THEMED) {
    const { actual, variable } = colours[key];
    assert.equal(actual, variable, `${key} uses its theme variable (${colours.kind})`);
    assert.notEqual(variable, 'rgba(0, 0, 0, 0)', `${key}: the theme defines the variable (${colours.kind})`);
  }
}

/** Waits until the view has taken the workbench's new theme (VS Code sends it new variables and a body class). */
async function waitForViewTheme(frame: Frame, kind: string): Promise<void> {
  await frame.waitForFunction(`document.body.classList.contains(${JSON.stringify(kind)})`, undefined, { timeout: 30_000 });
}

/**
 * The preview's content frame. The browser workbench sometimes does not create a webview's content frame until its
 * editor is shown again (after opening it, or after a reload restored the panel): select its tab once, then look again.
 */
async function previewFrame(page: Page): Promise<Frame> {
  const shown = async (f: Frame) => (await f.locator('.funnel-text').count()) > 0;
  try {
    return await findWebviewFrame(page, shown, 45_000);
  } catch {
    const tab = page.locator('.tabs-container .tab', { hasText: 'Preview' }).first();
    if ((await tab.count()) === 0) throw new Error(`no Preview tab. ${await describeWorkbench(page)}`);
    await tab.click();
    return findWebviewFrame(page, shown, 45_000);
  }
}

test('the preview follows the light, dark and high contrast themes, and comes back after a reload', { timeout: 300_000 }, async () => {
  const { page } = opened.workbench;
  await openFile(page, 'datasets/local-csv.dataset.yaml');
  await runCommand(page, 'Eval Lens: Preview Dataset Filters');
  let frame = await previewFrame(page);
  await frame.locator('.funnel-text').waitFor({ state: 'visible', timeout: 60_000 });
  await frame.locator('.grid-rows .row.selected').waitFor({ state: 'attached', timeout: 30_000 });

  const light = await viewColours(frame);
  assert.equal(light.kind, 'vscode-light');
  assertFollowsVariables(light);
  assert.ok(luminance(light.body.actual) > luminance(light.headerText.actual), 'dark text on a light background');
  assert.equal(light.selectedRowOutline.color, 'rgba(0, 0, 0, 0)', 'no outline on rows outside high contrast');

  await setColorTheme(page, 'Dark Modern', 'dark');
  await waitForViewTheme(frame, 'vscode-dark');
  const dark = await viewColours(frame);
  assertFollowsVariables(dark);
  assert.ok(luminance(dark.body.actual) < luminance(dark.headerText.actual), 'light text on a dark background');
  for (const key of ['body', 'headerText', 'headerBackground', 'funnelText'] as const) {
    assert.notEqual(dark[key].actual, light[key].actual, `${key} changes with the theme`);
  }
  await screenshot(page, 'preview-dark');

  await setColorTheme(page, 'Dark High Contrast', 'highContrast');
  await waitForViewTheme(frame, 'vscode-high-contrast');
  const contrast = await viewColours(frame);
  assertFollowsVariables(contrast);
  assert.ok(contrast.contrastBorder && contrast.contrastBorder !== 'rgba(0, 0, 0, 0)', 'the theme has a contrast border');
  assert.equal(contrast.headerBorder.color, contrast.contrastBorder, 'the table header is outlined with the contrast border');
  assert.equal(contrast.stageBorder.color, contrast.contrastBorder, 'each funnel step is outlined with the contrast border');
  assert.ok(parseFloat(contrast.headerBorder.width) >= 1 && parseFloat(contrast.stageBorder.width) >= 1, 'the borders are drawn');
  assert.equal(contrast.meterFill.actual, contrast.contrastBorder, 'funnel bars are drawn in the contrast colour');
  assert.equal(contrast.selectedRowOutline.color, contrast.contrastActiveBorder, 'the selected row is outlined');
  assert.notEqual(contrast.selectedRowOutline.style, 'none');
  await screenshot(page, 'preview-high-contrast');

  // A window reload: VS Code restores the view from its saved state, and the preview runs again. The reload goes
  // through the workbench's own command, so the editors' state is stored before the page goes away.
  const reloaded = page.waitForEvent('load', { timeout: 90_000 });
  await runCommand(page, 'Developer: Reload Window');
  await reloaded;
  await page.waitForSelector('.monaco-workbench', { timeout: 90_000 });
  frame = await previewFrame(page);
  const funnel = frame.locator('.funnel-text');
  await funnel.waitFor({ state: 'visible', timeout: 60_000 });
  assert.equal(await funnel.textContent(), '40 → 20 → 12 → 3 kept');
  assert.equal(await frame.locator('.grid-rows [role="row"]').count(), 3, 'the table is filled again');
  await screenshot(page, 'preview-restored');
});
