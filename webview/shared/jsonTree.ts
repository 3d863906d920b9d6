/**
 * Collapsible JSON: objects and arrays as <details> whose children are built on first open, scalars as
 * text. Keys and values are text nodes only. Large arrays are shown in chunks.
 */
import { el, Child } from './dom';
import { logStrings as S } from '../../src/core/l10n/logStrings';
import { inputStrings } from '../../src/core/l10n/inputStrings';
import { findTooDeepJson, TOO_DEEP_MARKER } from '../../src/core/json/depthGuard';

const CHUNK = 200;

function scalar(value: unknown): HTMLElement {
  if (value === null) return el('span', { className: 'json-null', text: 'null' });
  switch (typeof value) {
    case 'string':
      if (value === TOO_DEEP_MARKER) return el('span', { className: 'json-null json-too-deep', text: inputStrings.tooDeepToShow });
      return el('span', { className: 'json-string', text: JSON.stringify(value) });
    case 'number':
      return el('span', { className: 'json-number', text: String(value) });
    case 'boolean':
      return el('span', { className: 'json-boolean', text: String(value) });
    default:
      return el('span', { className: 'json-null', text: String(value) });
  }
}

function isContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  return typeof value === 'object' && value !== null;
}

function entryLine(key: Child, value: unknown, depth: number, expandDepth: number): HTMLElement {
  const keyEl = key === null ? null : el('span', { className: 'json-key' }, key, ': ');
  if (!isContainer(value)) return el('div', { className: 'json-line' }, keyEl, scalar(value));
  return el('div', { className: 'json-line' }, node(value, depth, expandDepth, keyEl));
}

function node(value: Record<string, unknown> | unknown[], depth: number, expandDepth: number, label: Child): HTMLElement {
  const entries: [string, unknown][] = Array.isArray(value) ? value.map((v, i) => [String(i), v]) : Object.entries(value);
  const open = Array.isArray(value) ? '[' : '{';
  const close = Array.isArray(value) ? ']' : '}';
  if (entries.length === 0) return el('span', {}, label, el('span', { className: 'json-punct', text: `${open}${close}` }));
  const count = Array.isArray(value) ? S.jsonItems(entries.length) : S.jsonKeys(entries.length);
  const details = el('details', { className: 'json-node' });
  details.appendChild(el('summary', {}, label, el('span', { className: 'json-punct', text: open }), el('span', { className: 'json-count', text: ` ${count} ` }), el('span', { className: 'json-punct', text: close })));
  const body = el('div', { className: 'json-children' });
  details.appendChild(body);
  let shown = 0;
  const showMore = (): void => {
    const end = Math.min(entries.length, shown + CHUNK);
    for (; shown < end; shown++) {
      const [k, v] = entries[shown];
      body.appendChild(entryLine(Array.isArray(value) ? el('span', { className: 'json-index', text: k }) : k, v, depth + 1, expandDepth));
    }
    if (shown < entries.length) {
      const more = el('button', { className: 'link-button', text: `… ${entries.length - shown}` });
      more.addEventListener('click', () => {
        more.remove();
        showMore();
      });
      body.appendChild(more);
    }
  };
  details.addEventListener('toggle', () => {
    if (details.open && shown === 0) showMore();
  });
  if (depth < expandDepth) {
    details.open = true;
    showMore();
  }
  return details;
}

/** A JSON value as a tree, expanded `expandDepth` levels deep. */
export function jsonTree(value: unknown, expandDepth = 1): HTMLElement {
  const root = el('div', { className: 'json-tree' });
  root.appendChild(isContainer(value) ? node(value, 0, expandDepth, null) : scalar(value));
  return root;
}

/** A string that may hold JSON: pretty tree when it parses to an object/array, text otherwise. */
export function jsonOrText(text: string, expandDepth = 1): HTMLElement {
  const trimmed = text.trim();
  if ((trimmed.startsWith('{') || trimmed.startsWith('[')) && findTooDeepJson(trimmed) < 0) {
    try {
      return jsonTree(JSON.parse(trimmed) as unknown, expandDepth);
    } catch {
      // not JSON: shown as text below
    }
  }
  return el('pre', { className: 'text-block', text });
}
