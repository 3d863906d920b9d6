/**
 * Offsets of a JSON pointer's key and value in a JSON text, found by scanning (no full parse), for
 * placing diagnostics in large JSON files that were parsed with JSON.parse.
 */
import { OffsetRange } from '../text/lineIndex';
import { JsonPath } from '../yaml/specDocument';

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

export interface JsonLocation {
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
