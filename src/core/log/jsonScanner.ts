/**
 * A structural scanner for JSON bytes: finds where values begin and end without building them, so that a
 * large log can be indexed sample by sample (each sample parsed on its own, large parts skipped).
 * Strings and brackets are tracked exactly; tokens inside skipped values are checked only when parsed.
 */

export const QUOTE = 0x22;
export const BACKSLASH = 0x5c;
export const LBRACE = 0x7b;
export const RBRACE = 0x7d;
const LBRACKET = 0x5b;
const RBRACKET = 0x5d;
export const COLON = 0x3a;
export const COMMA = 0x2c;

export class JsonSyntaxError extends Error {
  constructor(message: string, readonly offset: number) {
    super(message);
    this.name = 'JsonSyntaxError';
  }
}

export function isWs(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

export function skipWs(buf: Uint8Array, i: number): number {
  while (i < buf.length && isWs(buf[i])) i++;
  return i;
}

/** Offset after the BOM and leading whitespace. */
export function startOf(buf: Uint8Array): number {
  const bom = buf.length >= 3 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf ? 3 : 0;
  return skipWs(buf, bom);
}

/** Bytes checked one by one before a string's end is searched natively (keys are short, texts are long). */
const SHORT_STRING = 24;

/** `i` at an opening quote; returns the offset after the closing quote. */
export function stringEnd(buf: Uint8Array, i: number): number {
  const len = buf.length;
  let j = i + 1;
  const shortEnd = Math.min(len, j + SHORT_STRING);
  while (j < shortEnd) {
    const c = buf[j];
    if (c === QUOTE) return j + 1;
    j += c === BACKSLASH ? 2 : 1;
  }
  if (j >= len) throw new JsonSyntaxError('Unterminated string in JSON', i);
  for (;;) {
    const quote = buf.indexOf(QUOTE, j);
    if (quote < 0) throw new JsonSyntaxError('Unterminated string in JSON', i);
    let backslashes = 0;
    for (let k = quote - 1; k > i && buf[k] === BACKSLASH; k--) backslashes++;
    if ((backslashes & 1) === 0) return quote + 1;
    j = quote + 1;
  }
}

function unexpected(buf: Uint8Array, i: number): JsonSyntaxError {
  if (i >= buf.length) return new JsonSyntaxError('Unexpected end of JSON input', buf.length);
  return new JsonSyntaxError(`Unexpected character '${String.fromCharCode(buf[i])}' in JSON`, i);
}

function keyEquals(buf: Uint8Array, start: number, end: number, key: Uint8Array): boolean {
  if (end - start - 2 !== key.length) return false;
  for (let k = 0; k < key.length; k++) if (buf[start + 1 + k] !== key[k]) return false;
  return true;
}

/**
 * Offset after the value starting at `i`. With `cutKeys`, the value of every member whose key is one of
 * them (at any depth) is recorded in `cuts` as a pair of offsets [start, end).
 */
export function valueEnd(buf: Uint8Array, i: number, cutKeys?: readonly Uint8Array[], cuts?: number[]): number {
  const len = buf.length;
  if (i >= len) throw unexpected(buf, i);
  const first = buf[i];
  if (first === QUOTE) return stringEnd(buf, i);
  if (first !== LBRACE && first !== LBRACKET) {
    let j = i;
    while (j < len) {
      const c = buf[j];
      if (c === COMMA || c === RBRACE || c === RBRACKET || isWs(c)) break;
      j++;
    }
    if (j === i) throw unexpected(buf, i);
    return j;
  }
  let depth = 0;
  let j = i;
  while (j < len) {
    const c = buf[j];
    if (c === QUOTE) {
      const start = j;
      j = stringEnd(buf, j);
      if (cutKeys && cuts) {
        for (const key of cutKeys) {
          if (!keyEquals(buf, start, j, key)) continue;
          const colon = skipWs(buf, j);
          if (buf[colon] !== COLON) break;
          const valueStart = skipWs(buf, colon + 1);
          const end = valueEnd(buf, valueStart);
          cuts.push(valueStart, end);
          j = end;
          break;
        }
      }
      continue;
    }
    if (c === LBRACE || c === LBRACKET) depth++;
    else if (c === RBRACE || c === RBRACKET) {
      depth--;
      if (depth === 0) return j + 1;
    }
    j++;
  }
  throw new JsonSyntaxError('Unexpected end of JSON input', len);
}

/** Calls `member` for each member of the object at `i`; returns the offset after the object. */
export function forEachMember(buf: Uint8Array, i: number, member: (key: string, start: number) => number | void): number {
  if (buf[i] !== LBRACE) throw unexpected(buf, i);
  let j = skipWs(buf, i + 1);
  if (buf[j] === RBRACE) return j + 1;
  for (;;) {
    if (buf[j] !== QUOTE) throw unexpected(buf, j);
    const keyEnd = stringEnd(buf, j);
    const key = JSON.parse(Buffer.from(buf.buffer, buf.byteOffset + j, keyEnd - j).toString('utf8')) as string;
    j = skipWs(buf, keyEnd);
    if (buf[j] !== COLON) throw unexpected(buf, j);
    const start = skipWs(buf, j + 1);
    const handled = member(key, start);
    const end = typeof handled === 'number' ? handled : valueEnd(buf, start);
    j = skipWs(buf, end);
    if (buf[j] === COMMA) {
      j = skipWs(buf, j + 1);
      continue;
    }
    if (buf[j] === RBRACE) return j + 1;
    throw unexpected(buf, j);
  }
}

/** Calls `element` for each element of the array at `i`; `element` returns the element's end offset. */
export function forEachElement(buf: Uint8Array, i: number, element: (start: number) => number): number {
  if (buf[i] !== LBRACKET) throw unexpected(buf, i);
  const j = skipWs(buf, i + 1);
  if (buf[j] === RBRACKET) return j + 1;
  return elementsFrom(buf, j, element);
}

/** `forEachElement` from the start `j` of an element inside the array; returns the offset after the array. */
export function elementsFrom(buf: Uint8Array, j: number, element: (start: number) => number): number {
  for (;;) {
    const next = afterElement(buf, element(j));
    if (next < 0) return ~next;
    j = next;
  }
}

/** After an element that ends at `end`: the next element's start, or `~offset` after the `]` that ends the array. */
export function afterElement(buf: Uint8Array, end: number): number {
  const j = skipWs(buf, end);
  if (buf[j] === COMMA) return skipWs(buf, j + 1);
  if (buf[j] === RBRACKET) return ~(j + 1);
  throw unexpected(buf, j);
}

export function isObjectAt(buf: Uint8Array, i: number): boolean {
  return buf[i] === LBRACE;
}

export function isArrayAt(buf: Uint8Array, i: number): boolean {
  return buf[i] === LBRACKET;
}
