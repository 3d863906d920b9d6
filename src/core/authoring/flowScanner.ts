/**
 * Scans JSON text, or a YAML flow collection (`{ a: 1, b: [x, y] }`), up to the cursor and says where the
 * cursor stands: the container path, whether a key or a value is being typed, and the partial token.
 * Works on incomplete text (nothing needs to be closed).
 */
import { JsonPath } from '../yaml/specDocument';

interface Frame {
  kind: 'object' | 'array';
  key?: string;
  index: number;
  /** In an object: whether the next token is a key. */
  expectKey: boolean;
}

interface FlowPosition {
  /** Relative to where scanning started: for a key, the path of the object; for a value, the value's own path. */
  path: JsonPath;
  part: 'key' | 'value';
  /** The key whose value is being typed (objects only). */
  key?: string;
  /** The partial token before the cursor, without its opening quote. */
  prefix: string;
  /** Offset (in the scanned text) where the partial token starts, including its quote. */
  tokenStart: number;
  quote?: '"' | "'";
  /** False when the cursor is outside any collection (the scan ended at depth 0). */
  inside: boolean;
}

function isIndicator(ch: string): boolean {
  return ch === '{' || ch === '}' || ch === '[' || ch === ']' || ch === ',';
}

export function scanFlow(text: string, end: number, start = 0): FlowPosition {
  const stack: Frame[] = [];
  let lastKey: string | undefined;
  let token: { start: number; value: string; quote?: '"' | "'"; closed: boolean } | undefined;
  const top = (): Frame | undefined => stack[stack.length - 1];
  let i = start;
  while (i < end) {
    const ch = text[i];
    if (ch === '"' || ch === "'") {
      let j = i + 1;
      let value = '';
      let closed = false;
      while (j < end) {
        const c = text[j];
        if (c === '\\' && ch === '"') {
          value += text[j + 1] ?? '';
          j += 2;
          continue;
        }
        if (c === ch) {
          if (ch === "'" && text[j + 1] === "'") {
            value += "'";
            j += 2;
            continue;
          }
          closed = true;
          break;
        }
        value += c;
        j++;
      }
      token = { start: i, value, quote: ch, closed };
      i = closed ? j + 1 : end;
      continue;
    }
    if (ch === ':' && (token || text[i + 1] === ' ' || text[i + 1] === '\t' || text[i + 1] === '\n' || i + 1 >= end)) {
      const frame = top();
      if (frame?.kind === 'object' && frame.expectKey) {
        lastKey = token?.value.trim() ?? '';
        frame.expectKey = false;
        frame.key = lastKey;
      }
      token = undefined;
      i++;
      continue;
    }
    if (isIndicator(ch)) {
      if (ch === '{' || ch === '[') {
        const frame = top();
        if (frame?.kind === 'array') frame.key = undefined;
        stack.push({ kind: ch === '{' ? 'object' : 'array', index: 0, expectKey: ch === '{' });
      } else if (ch === '}' || ch === ']') {
        stack.pop();
      } else {
        const frame = top();
        if (frame?.kind === 'array') frame.index++;
        if (frame?.kind === 'object') frame.expectKey = true;
      }
      token = undefined;
      i++;
      continue;
    }
    if (ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r') {
      if (token && !token.quote) token.closed = true;
      i++;
      continue;
    }
    if (ch === '#' && (i === start || /\s/.test(text[i - 1]))) {
      while (i < end && text[i] !== '\n') i++;
      continue;
    }
    if (token && !token.quote && !token.closed) token.value += ch;
    else token = { start: i, value: ch, closed: false };
    i++;
  }
  // The path of the frames: each object frame contributes the key being valued, each array its index.
  const path: JsonPath = [];
  for (let k = 0; k < stack.length - 1; k++) {
    const frame = stack[k];
    path.push(frame.kind === 'array' ? frame.index : frame.key ?? '');
  }
  const frame = top();
  const typing = token && !token.closed ? token : undefined;
  const prefix = typing?.value ?? '';
  const tokenStart = typing?.start ?? end;
  if (!frame) return { path, part: 'value', prefix, tokenStart, quote: typing?.quote, inside: false };
  if (frame.kind === 'array') {
    path.push(frame.index);
    return { path, part: 'value', prefix, tokenStart, quote: typing?.quote, inside: true };
  }
  if (frame.expectKey) return { path, part: 'key', prefix, tokenStart, quote: typing?.quote, inside: true };
  const key = frame.key ?? lastKey ?? '';
  path.push(key);
  return { path, part: 'value', key, prefix, tokenStart, quote: typing?.quote, inside: true };
}
