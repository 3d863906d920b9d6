/**
 * Tiny DOM builders. Content goes in as text nodes only; attributes are set one by one and never
 * `style` or an event handler, so nothing from a log can become markup or script here.
 */

export type Child = Node | string | number | null | undefined | false;

interface ElementOptions {
  className?: string;
  text?: string;
  title?: string;
  attrs?: Record<string, string | number | boolean | undefined>;
}

const FORBIDDEN_ATTR = /^(on|style$|srcdoc$)/i;

function setAttrs(element: Element, attrs: ElementOptions['attrs']): void {
  if (!attrs) return;
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === false) continue;
    if (FORBIDDEN_ATTR.test(name)) throw new Error(`refusing to set attribute ${name}`);
    element.setAttribute(name, value === true ? '' : String(value));
  }
}

export function append(parent: Node, children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(typeof child === 'string' || typeof child === 'number' ? document.createTextNode(String(child)) : child);
  }
}

function fill<E extends HTMLElement>(element: E, options: ElementOptions, children: Child[]): E {
  if (options.className) element.className = options.className;
  if (options.text !== undefined) element.textContent = options.text;
  if (options.title) element.title = options.title;
  setAttrs(element, options.attrs);
  append(element, children);
  return element;
}

/** `el('div', { className: 'x', text: 'hello' }, child1, child2)`. */
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, options: ElementOptions = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  return fill(document.createElement(tag), options, children);
}

/** A custom element (vscode-elements) with attributes. */
export function custom(tag: string, options: ElementOptions = {}, ...children: Child[]): HTMLElement {
  return fill(document.createElement(tag), options, children);
}

const SVG_NS = 'http://www.w3.org/2000/svg';

export function svg<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number> = {}, ...children: Child[]): SVGElementTagNameMap[K] {
  const element = document.createElementNS(SVG_NS, tag);
  setAttrs(element, attrs);
  append(element, children);
  return element;
}

/** A codicon, decorative. */
export function icon(name: string, label?: string): HTMLElement {
  const span = el('span', { className: `codicon codicon-${name}` });
  if (label) {
    span.setAttribute('role', 'img');
    span.setAttribute('aria-label', label);
  } else {
    span.setAttribute('aria-hidden', 'true');
  }
  return span;
}

export function clear(element: Element): void {
  element.replaceChildren();
}

/** A collapsible section built on <details>, its body rendered on first open. */
/** Bodies of collapsed sections not built yet, by section: a search builds them to look inside. */
const pendingBodies = new WeakMap<HTMLDetailsElement, () => void>();

/** Builds the body of a collapsed section now (it stays collapsed); false when it was built already. */
export function buildCollapsedBody(details: HTMLDetailsElement): boolean {
  const build = pendingBodies.get(details);
  if (!build) return false;
  build();
  return true;
}

export function collapsible(summary: Child, render: () => Child, open = false, className = 'section'): HTMLDetailsElement {
  const details = el('details', { className });
  const head = el('summary', {}, summary);
  details.appendChild(head);
  let rendered = false;
  const build = (): void => {
    if (rendered) return;
    rendered = true;
    pendingBodies.delete(details);
    append(details, [render()]);
  };
  const fill = (): void => {
    if (details.open) build();
  };
  pendingBodies.set(details, build);
  details.addEventListener('toggle', fill);
  if (open) {
    details.open = true;
    fill();
  }
  return details;
}

let uniqueCounter = 0;
export function uniqueId(prefix: string): string {
  uniqueCounter += 1;
  return `${prefix}-${uniqueCounter}`;
}

/**
 * A name that wraps only after its separators (`/`, `_`, `.`, `:`, `-`), never inside a word: `well_formed/rate` may
 * break as `well_formed/` + `rate` or `well_` + `formed/rate`, not `well_forme` + `d`.
 */
export function breakableName(text: string): DocumentFragment {
  const fragment = document.createDocumentFragment();
  for (const part of text.split(/(?<=[/_.:-])/)) {
    if (fragment.childNodes.length) fragment.appendChild(document.createElement('wbr'));
    fragment.appendChild(document.createTextNode(part));
  }
  return fragment;
}
