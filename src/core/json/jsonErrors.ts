/** Locating JSON syntax errors: `JSON.parse` does not always say where (e.g. "Unexpected token …"). */

/** The parser's message without the position and the echoed text (line and column are given separately). */
export function cleanJsonMessage(message: string): string {
  return message.replace(/, ".*" is not valid JSON$/s, '').replace(/ in JSON at position \d+.*$/s, '');
}

/** Character offset of the error in `text`, from the parser's message or by re-checking the text. */
export function jsonErrorOffset(text: string, message: string): number {
  const at = /at position (\d+)/.exec(message);
  if (at) return Number(at[1]);
  if (/Unexpected end of JSON input/.test(message)) return text.length;
  return findJsonErrorOffset(text);
}

const WS = new Set([' ', '\n', '\r', '\t']);

/** A small validating JSON reader that returns the offset of the first error (text.length when the text is valid). */
export function findJsonErrorOffset(text: string): number {
  let i = 0;
  const n = text.length;
  const ws = (): void => {
    while (i < n && WS.has(text[i])) i++;
  };
  const literal = (word: string): boolean => {
    if (text.startsWith(word, i)) {
      i += word.length;
      return true;
    }
    return false;
  };
  const string = (): boolean => {
    if (text[i] !== '"') return false;
    i++;
    while (i < n) {
      const c = text[i];
      if (c === '"') {
        i++;
        return true;
      }
      if (c === '\\') {
        const e = text[i + 1];
        if (e === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) return false;
          i += 6;
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) i += 2;
        else {
          i++;
          return false;
        }
        continue;
      }
      if (c < ' ') return false;
      i++;
    }
    return false;
  };
  const number = (): boolean => {
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if (!m) return false;
    i += m[0].length;
    return true;
  };
  // Iterative over containers to survive deep nesting.
  const stack: string[] = [];
  const value = (): boolean => {
    ws();
    const c = text[i];
    if (c === '{' || c === '[') {
      stack.push(c);
      i++;
      ws();
      if (text[i] === (c === '{' ? '}' : ']')) {
        stack.pop();
        i++;
        return true;
      }
      if (c === '{') return member();
      return value() ? true : false;
    }
    if (c === '"') return string();
    if (c === 't') return literal('true');
    if (c === 'f') return literal('false');
    if (c === 'n') return literal('null');
    return number();
  };
  const member = (): boolean => {
    ws();
    if (!string()) return false;
    ws();
    if (text[i] !== ':') return false;
    i++;
    return value();
  };
  if (!value()) return Math.min(i, n);
  for (;;) {
    ws();
    if (stack.length === 0) return i < n ? i : n;
    const top = stack[stack.length - 1];
    const close = top === '{' ? '}' : ']';
    if (text[i] === close) {
      stack.pop();
      i++;
      continue;
    }
    if (text[i] !== ',') return Math.min(i, n);
    i++;
    if (!(top === '{' ? member() : value())) return Math.min(i, n);
  }
}

/** 1-based line and column of a character offset. */
export function lineColumnOf(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

/** 1-based line and column of a byte offset in UTF-8 bytes (column counted in characters). */
export function lineColumnOfBytes(buf: Uint8Array, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  const end = Math.min(offset, buf.length);
  for (let i = 0; i < end; i++) {
    if (buf[i] === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  const column = Buffer.from(buf.buffer, buf.byteOffset + lineStart, end - lineStart).toString('utf8').length + 1;
  return { line, column };
}
