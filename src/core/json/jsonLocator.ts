/**
 * Offsets of a JSON pointer's key and value in a JSON text, found by scanning (no full parse), for
 * placing diagnostics in large JSON files that were parsed with JSON.parse.
 */
import { OffsetRange } from '../text/lineIndex';
import type { JsonPath } from './jsonPath';
import { MAX_NESTING_DEPTH } from './depthGuard';
import { inputStrings } from '../l10n/inputStrings';
import * as l10n from '@vscode/l10n';

function skipWs(text: string, i: number): number {
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 9 || c === 10 || c === 13) i++;
    else break;
  }
  return i;
}

function skipString(text: string, i: number): number {
  i++;
  while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
  return i + 1;
}

/** Index just after the value starting at `i`. */
function skipValue(text: string, i: number): number {
  const c = text[i];
  if (c === '"') return skipString(text, i);
  if (c === '{' || c === '[') {
    let depth = 0;
    for (; i < text.length; i++) {
      const d = text[i];
      if (d === '"') { i = skipString(text, i) - 1; continue; }
      if (d === '{' || d === '[') depth++;
      else if (d === '}' || d === ']') { depth--; if (depth === 0) return i + 1; }
    }
    return text.length;
  }
  while (i < text.length && !/[\s,}\]]/.test(text[i])) i++;
  return i;
}

interface JsonLocation {
  keyRange?: OffsetRange;
  valueRange: OffsetRange;
  exact: boolean;
}

export function locateJson(text: string, path: JsonPath): JsonLocation {
  let i = skipWs(text, 0);
  let valueRange: OffsetRange = { start: i, end: skipValue(text, i) };
  let keyRange: OffsetRange | undefined;
  for (const segment of path) {
    const open = text[i];
    let found = false;
    if (open === '{') {
      i = skipWs(text, i + 1);
      while (i < text.length && text[i] !== '}') {
        const keyStart = i;
        const keyEnd = skipString(text, i);
        const key = JSON.parse(text.slice(keyStart, keyEnd)) as string;
        i = skipWs(text, keyEnd);
        i = skipWs(text, i + 1); // ':'
        const valueEnd = skipValue(text, i);
        if (key === String(segment)) {
          keyRange = { start: keyStart, end: keyEnd };
          valueRange = { start: i, end: valueEnd };
          found = true;
          break;
        }
        i = skipWs(text, valueEnd);
        if (text[i] === ',') i = skipWs(text, i + 1);
      }
    } else if (open === '[' && typeof segment === 'number') {
      i = skipWs(text, i + 1);
      for (let index = 0; i < text.length && text[i] !== ']'; index++) {
        const valueEnd = skipValue(text, i);
        if (index === segment) {
          keyRange = undefined;
          valueRange = { start: i, end: valueEnd };
          found = true;
          break;
        }
        i = skipWs(text, valueEnd);
        if (text[i] === ',') i = skipWs(text, i + 1);
      }
    }
    if (!found) return { keyRange, valueRange, exact: false };
  }
  return { keyRange, valueRange, exact: true };
}

/** Offset of a JSON.parse syntax error, from its message ("… at position 123" or "line 3 column 5"). */
export function jsonSyntaxErrorOffset(message: string, text: string): number {
  const position = /position (\d+)/.exec(message);
  if (position) return Number(position[1]);
  const lineCol = /line (\d+) column (\d+)/.exec(message);
  if (lineCol) {
    const lines = text.split('\n');
    let offset = 0;
    for (let l = 0; l < Number(lineCol[1]) - 1 && l < lines.length; l++) offset += lines[l].length + 1;
    return offset + Number(lineCol[2]) - 1;
  }
  return 0;
}

/** First JSON syntax error of a text (offset and plain-words reason), or undefined when it is valid. */
export function findJsonSyntaxError(text: string): { offset: number; message: string } | undefined {
  let i = 0;
  const fail = (message: string) => ({ offset: Math.min(i, text.length), message });
  const ws = () => { i = skipWs(text, i); };
  const literal = (word: string) => {
    if (text.startsWith(word, i)) { i += word.length; return undefined; }
    return fail(text[i] === undefined ? l10n.t('unexpected end of text') : l10n.t('unexpected {0}', JSON.stringify(text.slice(i, i + 12).split(/[\s,}\]]/)[0] || text[i])));
  };
  const string = () => {
    i++;
    while (i < text.length && text[i] !== '"') {
      const c = text.charCodeAt(i);
      if (c < 0x20) return fail(l10n.t('control character in a string (escape it)'));
      if (text[i] === '\\') {
        const e = text[i + 1];
        if (e === 'u') { if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) return fail(l10n.t('invalid \\u escape')); i += 6; continue; }
        if (!e || !'"\\/bfnrt'.includes(e)) return fail(l10n.t('invalid escape in a string'));
        i += 2;
        continue;
      }
      i++;
    }
    if (i >= text.length) return fail(l10n.t('unterminated string'));
    i++;
    return undefined;
  };
  const number = () => {
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if (!m) return fail(l10n.t('invalid number'));
    i += m[0].length;
    return undefined;
  };
  const value = (depth: number): { offset: number; message: string } | undefined => {
    if (depth > MAX_NESTING_DEPTH) return fail(inputStrings.tooDeep(MAX_NESTING_DEPTH));
    ws();
    const c = text[i];
    if (c === '{') {
      i++; ws();
      if (text[i] === '}') { i++; return undefined; }
      for (;;) {
        ws();
        if (text[i] !== '"') return fail(text[i] === '}' ? l10n.t('trailing comma before }') : l10n.t('expected a property name in double quotes'));
        const e = string(); if (e) return e;
        ws();
        if (text[i] !== ':') return fail(l10n.t('expected : after the property name'));
        i++;
        const v = value(depth + 1); if (v) return v;
        ws();
        if (text[i] === ',') { i++; continue; }
        if (text[i] === '}') { i++; return undefined; }
        return fail(l10n.t('expected , or } after a property value'));
      }
    }
    if (c === '[') {
      i++; ws();
      if (text[i] === ']') { i++; return undefined; }
      for (;;) {
        ws();
        if (text[i] === ']') return fail(l10n.t('trailing comma before ]'));
        const v = value(depth + 1); if (v) return v;
        ws();
        if (text[i] === ',') { i++; continue; }
        if (text[i] === ']') { i++; return undefined; }
        return fail(l10n.t('expected , or ] after an array item'));
      }
    }
    if (c === '"') return string();
    if (c === '-' || (c >= '0' && c <= '9')) return number();
    if (c === 't') return literal('true');
    if (c === 'f') return literal('false');
    if (c === 'n') return literal('null');
    return fail(c === undefined ? l10n.t('unexpected end of text') : l10n.t('unexpected {0}', JSON.stringify(c)));
  };
  const error = value(0);
  if (error) return error;
  ws();
  return i < text.length ? fail(l10n.t('unexpected text after the JSON value')) : undefined;
}
