/**
 * One bound on nesting depth for every input Eval Lens reads. Parsers and walkers that recurse (the `yaml`
 * composer, JSON.stringify, structured cloning, tree renderers) overflow the stack on values nested tens of
 * thousands of levels deep, so text is pre-scanned (iteratively, without parsing) before it reaches them, and
 * parsed values can be bounded (deeper containers replaced by a marker) where showing the rest is better
 * than refusing the whole input.
 */
import { inputStrings as S } from '../l10n/inputStrings';

/** The deepest nesting of objects/arrays (mappings/sequences) any input may have. */
export const MAX_NESTING_DEPTH = 512;

/** Stands for a value nested deeper than the limit in a bounded copy (see `boundDepth`). */
export const TOO_DEEP_MARKER = `\u2039${S.tooDeepToShow}\u203a`;

/** The input nests deeper than the limit; `line` is 1-based. */
export class NestingTooDeepError extends Error {
  constructor(readonly file: string, readonly line: number, readonly offset: number, readonly limit = MAX_NESTING_DEPTH) {
    super(S.tooDeepAt(file, line, limit));
    this.name = 'NestingTooDeepError';
  }
}

/** 1-based line of an offset in a text. */
export function lineOfOffset(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

/**
 * Offset of the first `[` or `{` that opens a level deeper than `limit` in JSON text `text[start, end)`,
 * or -1. Strings are skipped (escapes honoured); the text need not be valid JSON.
 */
export function findTooDeepJson(text: string, limit = MAX_NESTING_DEPTH, start = 0, end = text.length): number {
  if (end - start <= limit) return -1;
  let depth = 0;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      for (i++; i < end; i++) {
        const d = text.charCodeAt(i);
        if (d === 0x5c) i++;
        else if (d === 0x22) break;
      }
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return i;
    } else if ((c === 0x5d || c === 0x7d) && depth > 0) {
      depth--;
    }
  }
  return -1;
}

/** `findTooDeepJson` over UTF-8 bytes `buf[start, end)`. */
export function findTooDeepJsonBytes(buf: Uint8Array, limit = MAX_NESTING_DEPTH, start = 0, end = buf.length): number {
  if (end - start <= limit) return -1;
  let depth = 0;
  for (let i = start; i < end; i++) {
    const c = buf[i];
    if (c === 0x22) {
      for (i++; i < end; i++) {
        const d = buf[i];
        if (d === 0x5c) i++;
        else if (d === 0x22) break;
      }
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return i;
    } else if ((c === 0x5d || c === 0x7d) && depth > 0) {
      depth--;
    }
  }
  return -1;
}

const SPACE = 0x20;
const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;

function isBlank(c: number): boolean {
  return c === SPACE || c === TAB || c === LF || c === CR || Number.isNaN(c);
}

/**
 * Offset where YAML text (block or flow style; JSON included) nests deeper than `limit`, or -1. An
 * estimate from indentation, compact `- `/`? ` indicators, mapping keys and flow brackets that never falls
 * below the real depth by more than a factor of two, so the parser never sees more than twice the limit.
 */
export function findTooDeepYaml(text: string, limit = MAX_NESTING_DEPTH): number {
  const n = text.length;
  if (n <= limit) return -1;
  const indents: number[] = [];
  let flow = 0;
  let blockScalarIndent = -1;
  let i = 0;
  while (i < n) {
    // One line: [i, lineEnd).
    let lineEnd = text.indexOf('\n', i);
    if (lineEnd < 0) lineEnd = n;
    let col = i;
    while (col < lineEnd && text.charCodeAt(col) === SPACE) col++;
    const indent = col - i;
    const first = text.charCodeAt(col);
    const blankLine = col >= lineEnd || first === CR || first === 0x23;
    if (blockScalarIndent >= 0) {
      if (blankLine || indent > blockScalarIndent) {
        i = lineEnd + 1;
        continue;
      }
      blockScalarIndent = -1;
    }
    if (blankLine) {
      i = lineEnd + 1;
      continue;
    }
    let levels = 0;
    if (flow === 0) {
      while (indents.length > 0 && indents[indents.length - 1] >= indent) indents.pop();
      indents.push(indent);
      // Compact nested sequences / complex keys on one line: "- - - x".
      while ((text.charCodeAt(col) === 0x2d || text.charCodeAt(col) === 0x3f) && isBlank(text.charCodeAt(col + 1)) && col < lineEnd) {
        col += 2;
        while (col < lineEnd && text.charCodeAt(col) === SPACE) col++;
        indents.push(col - i);
        if (indents.length > limit) return col;
      }
      if (indents.length > limit) return col;
    }
    // The rest of the line: quotes, flow brackets, comments, a mapping key, a block scalar header.
    let lastNonBlank = -1;
    for (let j = col; j < lineEnd; j++) {
      const c = text.charCodeAt(j);
      const prev = j > i ? text.charCodeAt(j - 1) : SPACE;
      if ((c === 0x22 || c === 0x27) && opensScalar(lastNonBlank < 0 ? -1 : text.charCodeAt(lastNonBlank))) {
        const close = skipQuoted(text, j, c);
        if (close < 0) return -1;
        if (close > lineEnd) {
          lineEnd = text.indexOf('\n', close);
          if (lineEnd < 0) lineEnd = n;
        }
        j = close;
        lastNonBlank = j;
      } else if (c === 0x23 && isBlank(prev)) {
        break;
      } else if (c === 0x5b || c === 0x7b) {
        flow++;
        if (flow + indents.length + levels > limit) return j;
        lastNonBlank = j;
      } else if (c === 0x5d || c === 0x7d) {
        if (flow > 0) flow--;
        lastNonBlank = j;
      } else if (c === 0x3a && flow === 0 && isBlank(text.charCodeAt(j + 1)) && levels === 0) {
        levels = 1;
        if (indents.length + levels > limit) return j;
        lastNonBlank = j;
      } else if (!isBlank(c)) {
        lastNonBlank = j;
      }
    }
    if (flow === 0 && lastNonBlank >= 0 && isBlockScalarHeader(text, col, lastNonBlank)) blockScalarIndent = indent;
    i = lineEnd + 1;
  }
  return -1;
}

/**
 * Whether a quote after `previous` (the last non-blank character before it on the line, -1 for none)
 * starts a quoted scalar: only at the start of a node (after `:`, `-`, `?`, `,`, `[`, `{` or at the
 * line's start). A quote inside a plain scalar (`it's`, `a 'b`) is text, and must not hide what follows.
 */
function opensScalar(previous: number): boolean {
  return previous === -1 || previous === 0x3a || previous === 0x2d || previous === 0x3f || previous === 0x2c || previous === 0x5b || previous === 0x7b;
}

/**
 * Whether the line's last token (ending at `last`) is a block scalar header such as `|`, `>-` or `|2`,
 * written where a node starts (after `:`, `-`, `?` or at the line's start), not the end of a plain scalar.
 */
function isBlockScalarHeader(text: string, lineStart: number, last: number): boolean {
  let j = last;
  while (j >= lineStart && !isBlank(text.charCodeAt(j))) j--;
  if (!/^[|>][-+0-9]*$/.test(text.slice(j + 1, last + 1))) return false;
  while (j >= lineStart && isBlank(text.charCodeAt(j))) j--;
  const before = j >= lineStart ? text.charCodeAt(j) : -1;
  return before === -1 || before === 0x3a || before === 0x2d || before === 0x3f;
}

/** Offset of the closing quote of the quoted scalar opening at `open`, or -1 when it is never closed. */
function skipQuoted(text: string, open: number, quote: number): number {
  for (let j = open + 1; j < text.length; j++) {
    const c = text.charCodeAt(j);
    if (quote === 0x22 && c === 0x5c) j++;
    else if (c === quote) {
      if (quote === 0x27 && text.charCodeAt(j + 1) === 0x27) j++;
      else return j;
    }
  }
  return -1;
}

/** Throws NestingTooDeepError (naming the file and line) when spec or data text nests deeper than the limit. */
export function assertDepth(text: string, file: string, syntax: 'yaml' | 'json' = /\.json$/i.test(file) ? 'json' : 'yaml', limit = MAX_NESTING_DEPTH): void {
  const at = syntax === 'json' ? findTooDeepJson(text, limit) : findTooDeepYaml(text, limit);
  if (at >= 0) throw new NestingTooDeepError(file, lineOfOffset(text, at), at, limit);
}

/** JSON.parse behind the depth guard: a too-deep text throws NestingTooDeepError, never a stack overflow later. */
export function parseJsonBounded(text: string, file: string, limit = MAX_NESTING_DEPTH): unknown {
  assertDepth(text, file, 'json', limit);
  return JSON.parse(text) as unknown;
}

function isContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  return typeof value === 'object' && value !== null;
}

/**
 * Whether a parsed value holds containers nested deeper than `limit` (iterative). Every sample a view opens passes
 * here, mostly before the code is compiled: the stack is two arrays side by side and the loops are indexed, with no
 * iterator or pair per container.
 */
export function exceedsDepth(value: unknown, limit = MAX_NESTING_DEPTH): boolean {
  if (!isContainer(value)) return false;
  const containers: object[] = [value];
  const depths: number[] = [1];
  let top = 1;
  while (top > 0) {
    top--;
    const container = containers[top];
    const depth = depths[top];
    if (depth > limit) return true;
    const children: unknown[] = Array.isArray(container) ? container : Object.values(container);
    for (let i = 0; i < children.length; i++) {
      const child = children[i];
      if (!isContainer(child)) continue;
      containers[top] = child;
      depths[top] = depth + 1;
      top++;
    }
  }
  return false;
}

/**
 * The value itself when it nests at most `limit` levels; otherwise a copy in which every container at
 * depth `limit + 1` is replaced by TOO_DEEP_MARKER (iterative, safe on any depth).
 */
export function boundDepth<T>(value: T, limit = MAX_NESTING_DEPTH): T {
  if (!exceedsDepth(value, limit)) return value;
  const copyOf = (v: unknown): unknown => (Array.isArray(v) ? new Array<unknown>(v.length) : Object.create(Object.getPrototypeOf(v) === null ? null : Object.prototype));
  const root = copyOf(value);
  const stack: [Record<string, unknown> | unknown[], Record<string, unknown> | unknown[], number][] = [[value as never, root as never, 1]];
  while (stack.length > 0) {
    const [from, to, depth] = stack.pop() as [Record<string, unknown>, Record<string, unknown>, number];
    for (const key of Object.keys(from)) {
      const child = from[key];
      let copied: unknown = child;
      if (isContainer(child)) {
        if (depth + 1 > limit) copied = TOO_DEEP_MARKER;
        else {
          copied = copyOf(child);
          stack.push([child, copied as Record<string, unknown>, depth + 1]);
        }
      }
      Object.defineProperty(to, key, { value: copied, enumerable: true, writable: true, configurable: true });
    }
  }
  return root as T;
}
