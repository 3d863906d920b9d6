/**
 * A quick reading of the plainest YAML — one document of block mappings and sequences with single-line scalars —
 * for the workspace key index, where a full parse of every file of a large workspace costs too much. Anything
 * else (flow collections other than `[]`/`{}`, anchors, tags, several documents, multi-line plain or quoted
 * scalars, escapes, tabs, duplicate keys) returns undefined and the caller parses the text fully. Block scalars
 * (`|`, `>`) are skipped: their value is never a key.
 */
import type { OffsetRange } from '../text/lineIndex';
import type { JsonPath } from '../yaml/specDocument';

/** The value of a block scalar: no key or path is ever read from one. */
export const BLOCK_SCALAR = Object.freeze({ blockScalar: true });

export interface ScannedDocument {
  value: unknown;
  /** Range of each scalar value, by its path joined with '/'. */
  ranges: Map<string, OffsetRange>;
}

type Container = Record<string, unknown> | unknown[];
interface Frame { indent: number; node: Container; path: JsonPath }

const KEY = /^([A-Za-z0-9_$][A-Za-z0-9_$.\- ]*?|"[^"\\]*"|'[^']*')[ ]*:(?:[ ]+|$)/;
const NUMBER = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?$/;
const UNSUPPORTED_START = /^[[{&*!%@`]/;

class Bail extends Error {}

function plainValue(text: string): unknown {
  if (text === '' || text === '~' || text === 'null') return null;
  if (text === 'true' || text === 'false') return text === 'true';
  return NUMBER.test(text) ? Number(text) : text;
}

/** A single-line scalar and the length of its text (quotes included, trailing comment left out). */
function scalar(text: string): { value: unknown; length: number } {
  if (text === '[]' || text === '{}') return { value: text === '[]' ? [] : {}, length: 2 };
  if (text.startsWith('"')) {
    const end = text.indexOf('"', 1);
    if (end < 0 || text.slice(1, end).includes('\\') || !/^\s*(#.*)?$/.test(text.slice(end + 1))) throw new Bail();
    return { value: text.slice(1, end), length: end + 1 };
  }
  if (text.startsWith("'")) {
    const match = /^'((?:[^']|'')*)'/.exec(text);
    if (!match || !/^\s*(#.*)?$/.test(text.slice(match[0].length))) throw new Bail();
    return { value: match[1].replace(/''/g, "'"), length: match[0].length };
  }
  if (UNSUPPORTED_START.test(text) || text.startsWith('- ') || text === '-') throw new Bail();
  const comment = text.search(/\s#/);
  const plain = (comment < 0 ? text : text.slice(0, comment)).trimEnd();
  if (/:\s|:$/.test(plain)) throw new Bail();
  return { value: plainValue(plain), length: plain.length };
}

class Scanner {
  readonly ranges = new Map<string, OffsetRange>();
  private readonly stack: Frame[] = [];
  root: Container | undefined;
  /** A key with no value yet: the next deeper line opens its mapping or sequence. */
  private open: { parent: Container; key: string | number; path: JsonPath; indent: number } | undefined;
  /** Indent under which lines belong to a block scalar. */
  private blockIndent = -1;

  private setValue(parent: Container, key: string | number, value: unknown): void {
    if (Array.isArray(parent)) parent.push(value);
    else if (Object.prototype.hasOwnProperty.call(parent, key)) throw new Bail();
    else parent[key as string] = value;
  }

  /** The container for a line at `indent` that is a sequence item (`dash`) or a mapping key. */
  private containerFor(indent: number, dash: boolean): Frame {
    if (this.open && indent > this.open.indent) {
      const node: Container = dash ? [] : {};
      this.setValue(this.open.parent, this.open.key, node);
      this.stack.push({ indent, node, path: this.open.path });
      this.open = undefined;
    } else if (this.open) {
      this.setValue(this.open.parent, this.open.key, null);
      this.open = undefined;
    }
    if (!this.root) {
      this.root = dash ? [] : {};
      this.stack.push({ indent, node: this.root, path: [] });
    }
    while (this.stack.length && this.stack[this.stack.length - 1].indent > indent) this.stack.pop();
    const top = this.stack[this.stack.length - 1];
    if (!top || top.indent !== indent || Array.isArray(top.node) !== dash) throw new Bail();
    return top;
  }

  /** One `key: value` (or `key:`) at `column`, in `frame`'s mapping. */
  private entry(frame: Frame, content: string, column: number, indent: number): void {
    const match = KEY.exec(content);
    if (!match) throw new Bail();
    const raw = match[1];
    const key = raw.startsWith('"') || raw.startsWith("'") ? raw.slice(1, -1) : raw.trimEnd();
    const rest = content.slice(match[0].length);
    const path = [...frame.path, key];
    this.value(frame.node, key, path, rest, column + match[0].length, indent);
  }

  private value(parent: Container, key: string | number, path: JsonPath, rest: string, start: number, indent: number): void {
    if (rest === '' || rest.startsWith('#')) {
      this.open = { parent, key, path, indent };
      return;
    }
    if (/^[|>][-+0-9]*\s*(#.*)?$/.test(rest)) {
      this.setValue(parent, key, BLOCK_SCALAR);
      this.blockIndent = indent;
      return;
    }
    const { value, length } = scalar(rest);
    this.setValue(parent, key, value);
    this.ranges.set(path.join('/'), { start, end: start + length });
  }

  line(content: string, indent: number, lineStart: number): void {
    if (this.blockIndent >= 0) {
      if (indent > this.blockIndent) return;
      this.blockIndent = -1;
    }
    if (content.startsWith('- ') || content === '-') {
      const frame = this.containerFor(indent, true);
      const list = frame.node as unknown[];
      const rest = content.slice(1).trimStart();
      const column = lineStart + indent + (content.length - rest.length);
      const path = [...frame.path, list.length];
      if (rest !== '' && !rest.startsWith('#') && KEY.test(rest)) {
        const item: Record<string, unknown> = {};
        list.push(item);
        const itemIndent = indent + (content.length - rest.length);
        this.stack.push({ indent: itemIndent, node: item, path });
        this.entry(this.stack[this.stack.length - 1], rest, column, itemIndent);
      } else {
        this.value(list, list.length, path, rest, column, indent);
      }
      return;
    }
    const frame = this.containerFor(indent, false);
    this.entry(frame, content, lineStart + indent, indent);
  }

  finish(): void {
    if (this.open) this.setValue(this.open.parent, this.open.key, null);
    this.open = undefined;
  }
}

/** The one document of a text in the plainest YAML, or undefined when the text needs the full parser. */
export function scanBlockYaml(text: string): ScannedDocument | undefined {
  if (text.includes('\t') || text.includes('\r')) return undefined;
  const scanner = new Scanner();
  try {
    let start = 0;
    while (start <= text.length) {
      let end = text.indexOf('\n', start);
      if (end < 0) end = text.length;
      const line = text.slice(start, end);
      const content = line.trimStart();
      const indent = line.length - content.length;
      if (content !== '' && !content.startsWith('#')) {
        if (indent === 0 && /^(---|\.\.\.)(\s|$)/.test(content)) return undefined;
        scanner.line(content, indent, start);
      }
      start = end + 1;
    }
    scanner.finish();
  } catch (error) {
    if (error instanceof Bail) return undefined;
    throw error;
  }
  return scanner.root ? { value: scanner.root, ranges: scanner.ranges } : undefined;
}
