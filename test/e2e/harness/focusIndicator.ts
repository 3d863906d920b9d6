/**
 * Where the keyboard focus is inside a webview, and whether a person can see it: an outline of at least 2 px, or one
 * of at least 1 px whose colour stands 3:1 against the background behind it. A widget that keeps the focus on itself
 * and points at its current item (`aria-activedescendant`) is judged by that item's outline.
 */
import type { Frame } from 'playwright-core';

export interface FocusedElement {
  tag: string;
  role: string | null;
  testId: string | null;
  name: string;
  /** The `data-testid`s of the element's ancestors, nearest first. */
  within: string[];
  /** The element that shows the focus (the active descendant, or the focused element itself). */
  shownBy: string;
  outlineStyle: string;
  outlineWidth: number;
  outlineColor: string;
  background: string;
}

const READ_FOCUS = `(() => {
  const active = document.activeElement;
  if (!active || active === document.body || active === document.documentElement) return null;
  const descendantId = active.getAttribute('aria-activedescendant');
  const shown = (descendantId && document.getElementById(descendantId)) || active;
  const style = getComputedStyle(shown);
  let background = 'rgba(0, 0, 0, 0)';
  for (let node = shown; node && node.nodeType === 1; node = node.parentElement) {
    const colour = getComputedStyle(node).backgroundColor;
    if (colour !== 'rgba(0, 0, 0, 0)' && colour !== 'transparent') { background = colour; break; }
  }
  const within = [];
  for (let node = active.parentElement; node; node = node.parentElement) {
    const id = node.getAttribute('data-testid');
    if (id) within.push(id);
  }
  return {
    tag: active.tagName.toLowerCase(), role: active.getAttribute('role'), testId: active.getAttribute('data-testid'),
    name: (active.getAttribute('aria-label') || active.textContent || '').trim().slice(0, 80), within,
    shownBy: shown === active ? 'itself' : shown.id,
    outlineStyle: style.outlineStyle, outlineWidth: parseFloat(style.outlineWidth) || 0, outlineColor: style.outlineColor, background,
  };
})()`;

export function focusedElement(frame: Frame): Promise<FocusedElement | null> {
  return frame.evaluate<FocusedElement | null>(READ_FOCUS);
}

function channels(colour: string): number[] {
  return (colour.match(/[\d.]+/g) ?? []).map(Number);
}

function luminance(colour: string): number {
  const [r, g, b] = channels(colour).slice(0, 3).map((c) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** Why the focus cannot be seen, or undefined when it can. */
export function focusInvisibility(focus: FocusedElement | null): string | undefined {
  if (!focus) return 'nothing in the view has the focus';
  const describe = `${focus.tag}${focus.testId ? `[data-testid=${focus.testId}]` : ''} "${focus.name}"`;
  if (focus.outlineStyle === 'none' || focus.outlineWidth < 1) return `${describe} shows no focus outline`;
  const alpha = channels(focus.outlineColor)[3];
  if (alpha === 0) return `${describe}: its focus outline is transparent`;
  if (focus.outlineWidth >= 2) return undefined;
  const ratio = contrastRatio(focus.outlineColor, focus.background);
  return ratio >= 3 ? undefined : `${describe}: a ${focus.outlineWidth}px outline at ${ratio.toFixed(2)}:1 against ${focus.background}`;
}
