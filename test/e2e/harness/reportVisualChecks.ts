/**
 * What a person sees in the log report, read from the page (editor webview or exported HTML): which panels
 * are visible, text too small to read, controls whose text does not contrast with their background or that
 * do not match the page's theme, and whether key columns are inside the visible part of the table.
 * The in-page parts are plain script strings (this code is compiled without the DOM types).
 */
import * as assert from 'node:assert/strict';
import type { Frame } from 'playwright-core';

/** Shared in-page helpers: visibility, effective background (through shadow roots), contrast. */
const PAGE_HELPERS = `
  const parentOf = (node) => node.parentElement || (node.parentNode && node.parentNode.host) || null;
  const visible = (element) => {
    for (let e = element; e; e = parentOf(e)) {
      const style = getComputedStyle(e);
      if (style.display === 'none' || style.visibility === 'hidden' || style.visibility === 'collapse' || Number(style.opacity) === 0) return false;
    }
    const rect = element.getBoundingClientRect();
    return rect.width > 0 && rect.height > 0;
  };
  const rgba = (text) => {
    const m = (text.match(/[\\d.]+/g) || []).map(Number);
    return { r: m[0] || 0, g: m[1] || 0, b: m[2] || 0, a: m.length > 3 ? m[3] : 1 };
  };
  const over = (top, bottom) => ({ r: top.r * top.a + bottom.r * (1 - top.a), g: top.g * top.a + bottom.g * (1 - top.a), b: top.b * top.a + bottom.b * (1 - top.a), a: 1 });
  const background = (element) => {
    const layers = [];
    for (let e = element; e; e = parentOf(e)) {
      const c = rgba(getComputedStyle(e).backgroundColor);
      if (c.a > 0) layers.push(c);
      if (c.a >= 1) break;
    }
    let colour = { r: 255, g: 255, b: 255, a: 1 };
    const base = layers.length && layers[layers.length - 1].a >= 1 ? layers.pop() : rgba(getComputedStyle(document.documentElement).backgroundColor);
    if (base.a > 0) colour = over(base, colour);
    for (let i = layers.length - 1; i >= 0; i--) colour = over(layers[i], colour);
    return colour;
  };
  const luminance = (c) => {
    const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(c.r) + 0.7152 * f(c.g) + 0.0722 * f(c.b);
  };
  const contrast = (a, b) => { const x = luminance(a); const y = luminance(b); return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05); };
  const describe = (e) => (e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + (typeof e.className === 'string' && e.className ? '.' + e.className.trim().split(/\\s+/).join('.') : '')) + ' "' + (e.textContent || e.getAttribute('aria-label') || '').trim().slice(0, 40) + '"';
  const textElements = (root) => {
    const found = new Set();
    const walk = (node) => {
      for (const child of node.childNodes) {
        if (child.nodeType === 3 && child.textContent.trim()) found.add(child.parentElement || child.parentNode.host);
        else if (child.nodeType === 1) { walk(child); if (child.shadowRoot) walk(child.shadowRoot); }
      }
    };
    walk(root);
    if (root.shadowRoot) walk(root.shadowRoot);
    return [...found].filter((e) => e && e.nodeType === 1);
  };
`;

export interface PanelVisibility {
  selected: string | null;
  visiblePanels: string[];
  /** Parts of the samples view (table, detail pane) visible on the page. */
  samplesParts: number;
}

const PANEL_VISIBILITY = `(() => {${PAGE_HELPERS}
  const selected = document.querySelector('[role="tab"][aria-selected="true"]');
  return {
    selected: selected ? selected.getAttribute('data-tab') : null,
    visiblePanels: [...document.querySelectorAll('.tab-panel[role="tabpanel"]')].filter(visible).map((p) => p.id),
    samplesParts: [...document.querySelectorAll('.samples-tab, .grid-scroller, .detail-pane, .samples-toolbar')].filter(visible).length,
  };
})()`;

/** Visits every tab in turn (twice, so each panel exists before the next is shown) and checks only its panel is visible. */
export async function assertOnlySelectedPanelVisible(frame: Frame, label: string): Promise<string[]> {
  const tabs = await frame.locator('[role="tab"][data-tab]').evaluateAll((els) => els.map((e) => e.getAttribute('data-tab') ?? ''));
  for (const round of [1, 2]) {
    for (const tab of tabs) {
      await frame.locator(`[role="tab"][data-tab="${tab}"]`).click();
      await frame.waitForFunction(`document.querySelector('[role="tab"][data-tab="${tab}"]').getAttribute('aria-selected') === 'true' && !!document.getElementById('panel-${tab}')`, undefined, { timeout: 30_000 });
      const seen = await frame.evaluate<PanelVisibility>(PANEL_VISIBILITY);
      assert.deepEqual(seen.visiblePanels, [`panel-${tab}`], `${label}, round ${round}: only the ${tab} panel is visible`);
      if (tab !== 'samples') assert.equal(seen.samplesParts, 0, `${label}: no part of the samples view shows on the ${tab} tab`);
    }
  }
  return tabs;
}

const SMALL_TEXT = `(() => {${PAGE_HELPERS}
  const small = [];
  for (const e of textElements(document.body)) {
    if (!visible(e)) continue;
    const size = parseFloat(getComputedStyle(e).fontSize);
    const rect = e.getBoundingClientRect();
    // SVG text is drawn at the scale of its drawing: measure its rendered height too.
    const drawn = e instanceof SVGElement && e.getBBox ? rect.height : size;
    if (size < 9 || drawn < 9) small.push(describe(e) + ' ' + size + 'px (drawn ' + Math.round(drawn * 10) / 10 + 'px)');
  }
  return small;
})()`;

export async function assertNoTinyText(frame: Frame, label: string): Promise<void> {
  const small = await frame.evaluate<string[]>(SMALL_TEXT);
  assert.deepEqual(small, [], `${label}: visible text smaller than 9 px`);
}

export interface ControlColours {
  pageLuminance: number;
  controls: { what: string; ratio: number; backgroundLuminance: number }[];
}

const CONTROL_COLOURS = `(() => {${PAGE_HELPERS}
  const page = background(document.body);
  const controls = [];
  const selector = 'button, [role="tab"], input, select, textarea, vscode-textfield, vscode-single-select';
  for (const control of document.querySelectorAll(selector)) {
    if (!visible(control)) continue;
    const texts = textElements(control).filter(visible);
    const fields = control.shadowRoot ? [...control.shadowRoot.querySelectorAll('input, .select-face, .combobox-face')] : [];
    for (const field of fields) if (visible(field)) texts.push(field);
    for (const text of texts) {
      const fg = rgba(getComputedStyle(text).color);
      const bg = background(text);
      controls.push({ what: describe(control) + ' › ' + describe(text), ratio: contrast(over(fg, bg), bg), backgroundLuminance: luminance(bg) });
      if (text.tagName === 'INPUT' && !text.value) {
        const placeholder = rgba(getComputedStyle(text, '::placeholder').color);
        controls.push({ what: describe(control) + ' placeholder', ratio: contrast(over(placeholder, bg), bg), backgroundLuminance: luminance(bg) });
      }
    }
  }
  return { pageLuminance: luminance(page), controls };
})()`;

/** Every visible control's text contrasts ≥ 4.5:1 with its background, and its background is on the page's side (light or dark). */
export async function assertControlsReadable(frame: Frame, label: string): Promise<number> {
  const seen = await frame.evaluate<ControlColours>(CONTROL_COLOURS);
  assert.ok(seen.controls.length > 0, `${label}: controls were found`);
  const lightPage = seen.pageLuminance > 0.4;
  const poor = seen.controls.filter((c) => c.ratio < 4.5).map((c) => `${c.what}: ${c.ratio.toFixed(2)}:1`);
  assert.deepEqual(poor, [], `${label}: controls whose text contrasts less than 4.5:1`);
  const offTheme = seen.controls.filter((c) => (c.backgroundLuminance > 0.4) !== lightPage).map((c) => `${c.what} (background luminance ${c.backgroundLuminance.toFixed(2)})`);
  assert.deepEqual(offTheme, [], `${label}: controls that do not match the ${lightPage ? 'light' : 'dark'} page`);
  return seen.controls.length;
}

export interface ColumnPlacement {
  columns: { id: string; left: number; right: number }[];
  visibleLeft: number;
  visibleRight: number;
  viewportWidth: number;
}

const COLUMN_PLACEMENT = `(() => {
  const scroller = document.querySelector('[data-testid="samples-table"]');
  const box = scroller.getBoundingClientRect();
  const columns = [...document.querySelectorAll('.grid-header [data-column-id]')].map((cell) => {
    const r = cell.getBoundingClientRect();
    return { id: cell.getAttribute('data-column-id'), left: r.left, right: r.right };
  });
  return { columns, visibleLeft: box.left, visibleRight: Math.min(box.left + scroller.clientWidth, window.innerWidth), viewportWidth: window.innerWidth };
})()`;

/** The id, score, trials and errors columns are all inside the visible part of the table. */
export async function assertKeyColumnsInView(frame: Frame, label: string, scoreColumnIds: string[]): Promise<ColumnPlacement> {
  const placement = await frame.evaluate<ColumnPlacement>(COLUMN_PLACEMENT);
  const ids = placement.columns.map((c) => c.id);
  for (const key of ['sampleId', ...scoreColumnIds, 'trials', 'errors']) {
    const column = placement.columns.find((c) => c.id === key);
    assert.ok(column, `${label}: the ${key} column is shown (columns: ${ids.join(', ')})`);
    assert.ok(column.left >= placement.visibleLeft - 1 && column.right <= placement.visibleRight + 1, `${label}: the ${key} column (${Math.round(column.left)}–${Math.round(column.right)} px) is inside the table's visible area (${Math.round(placement.visibleLeft)}–${Math.round(placement.visibleRight)} px)`);
  }
  return placement;
}

/** Every visible text under `selector` contrasts ≥ 4.5:1 with its background; returns how many texts were measured. */
export async function assertTextContrast(frame: Frame, selector: string, label: string): Promise<number> {
  const script = `(() => {${PAGE_HELPERS}
  const measured = [];
  for (const root of document.querySelectorAll(${JSON.stringify(selector)})) {
    for (const text of textElements(root).filter(visible)) {
      const bg = background(text);
      const colour = getComputedStyle(text).color;
      measured.push({ what: describe(text) + ' ' + colour + ' on ' + [bg.r, bg.g, bg.b].map(Math.round).join(','), ratio: contrast(over(rgba(colour), bg), bg) });
    }
  }
  return measured;
})()`;
  const measured = await frame.evaluate<{ what: string; ratio: number }[]>(script);
  assert.ok(measured.length > 0, `${label}: texts under ${selector} were found`);
  const poor = measured.filter((m) => m.ratio < 4.5).map((m) => `${m.what}: ${m.ratio.toFixed(2)}:1`);
  assert.deepEqual(poor, [], `${label}: texts under ${selector} that contrast less than 4.5:1`);
  return measured.length;
}
