/**
 * Parser of filter expressions (docs/semantics.md §4): `{{ PATH }}` where PATH is a root name followed by
 * `.name`, `["text"]` / `['text']` or `[N]` segments. Positions are 0-based offsets into the text.
 */
import { filterStrings } from '../l10n/authoringStrings';

export type ExpressionSegment =
  | { kind: 'name'; name: string; start: number; end: number }
  | { kind: 'key'; name: string; start: number; end: number }
  | { kind: 'index'; index: number; start: number; end: number };

export interface ParsedExpression {
  /** The root name, e.g. `sample`. */
  root: string;
  rootStart: number;
  rootEnd: number;
  segments: ExpressionSegment[];
  /** Offsets of the whole path (root and segments) inside the text. */
  pathStart: number;
  pathEnd: number;
}

interface ExpressionError {
  message: string;
  /** 0-based offset where parsing failed. */
  offset: number;
  /** 1-based column where parsing failed (offset + 1). */
  column: number;
  /** Length of the offending text (at least 1 unless at the end). */
  length: number;
}

type ExpressionParseResult =
  | { ok: true; expression: ParsedExpression }
  | { ok: false; error: ExpressionError };

/** Roots allowed in a dataset filter. */
export const DATASET_ROOTS: readonly string[] = ['sample'];
/** Roots allowed in a task action's filter. */
export const TASK_ACTION_ROOTS: readonly string[] = ['sample', 'solver_output', 'scores'];

const NAME_START = /[A-Za-z_]/;
const NAME_PART = /[A-Za-z0-9_]/;

class ParseFailure extends Error {
  constructor(readonly offset: number, message: string, readonly length = 1) {
    super(message);
  }
}

function isSpace(ch: string | undefined): boolean {
  return ch === ' ' || ch === '\t';
}

class ExpressionScanner {
  pos = 0;
  constructor(readonly text: string) {}

  peek(): string | undefined {
    return this.text[this.pos];
  }

  fail(message: string, at = this.pos, length = 1): never {
    throw new ParseFailure(at, message, at >= this.text.length ? 0 : length);
  }

  skipSpaces(): void {
    while (isSpace(this.peek())) this.pos++;
  }

  readName(): string {
    const start = this.pos;
    if (!NAME_START.test(this.peek() ?? '')) this.fail(filterStrings.expectedName(this.describeHere()));
    this.pos++;
    while (NAME_PART.test(this.peek() ?? '')) this.pos++;
    return this.text.slice(start, this.pos);
  }

  readQuoted(): string {
    const quote = this.peek() as string;
    const start = this.pos;
    this.pos++;
    let value = '';
    for (;;) {
      const ch = this.peek();
      if (ch === undefined) this.fail(filterStrings.unterminatedString, start, this.text.length - start);
      if (ch === quote) {
        this.pos++;
        return value;
      }
      if (ch === '\\') {
        const next = this.text[this.pos + 1];
        if (next === '"' || next === "'" || next === '\\') {
          value += next;
          this.pos += 2;
          continue;
        }
        this.fail(filterStrings.badEscape(next), this.pos, 2);
      }
      value += ch;
      this.pos++;
    }
  }

  readIndex(): number {
    const start = this.pos;
    while (/[0-9]/.test(this.peek() ?? '')) this.pos++;
    if (this.pos === start) this.fail(filterStrings.expectedBracketContent(this.describeHere()));
    return Number(this.text.slice(start, this.pos));
  }

  describeHere(): string {
    const ch = this.peek();
    return ch === undefined ? filterStrings.endOfExpression : `'${ch}'`;
  }
}

function parsePath(scanner: ExpressionScanner, roots: readonly string[]): ParsedExpression {
  const rootStart = scanner.pos;
  const root = scanner.readName();
  if (!roots.includes(root)) {
    scanner.fail(filterStrings.unknownRoot(root, roots), rootStart, root.length);
  }
  const rootEnd = scanner.pos;
  const segments: ExpressionSegment[] = [];
  for (;;) {
    const ch = scanner.peek();
    const start = scanner.pos;
    if (ch === '.') {
      scanner.pos++;
      const name = scanner.readName();
      segments.push({ kind: 'name', name, start, end: scanner.pos });
    } else if (ch === '[') {
      scanner.pos++;
      const inner = scanner.peek();
      if (inner === '"' || inner === "'") {
        const name = scanner.readQuoted();
        if (scanner.peek() !== ']') scanner.fail(filterStrings.expectedClosingBracket(scanner.describeHere()));
        scanner.pos++;
        segments.push({ kind: 'key', name, start, end: scanner.pos });
      } else {
        const index = scanner.readIndex();
        if (scanner.peek() !== ']') scanner.fail(filterStrings.expectedClosingBracket(scanner.describeHere()));
        scanner.pos++;
        segments.push({ kind: 'index', index, start, end: scanner.pos });
      }
    } else {
      return { root, rootStart, rootEnd, segments, pathStart: rootStart, pathEnd: scanner.pos };
    }
  }
}

/** Parses one filter expression; never throws. */
export function parseExpression(text: string, roots: readonly string[] = DATASET_ROOTS): ExpressionParseResult {
  const scanner = new ExpressionScanner(text);
  try {
    if (!text.startsWith('{{')) scanner.fail(filterStrings.missingOpeningBraces, 0, Math.min(2, text.length) || 1);
    scanner.pos = 2;
    scanner.skipSpaces();
    const expression = parsePath(scanner, roots);
    scanner.skipSpaces();
    const ch = scanner.peek();
    if (ch === '|') scanner.fail(filterStrings.pipeNotSupported);
    if (ch === undefined || !text.startsWith('}}', scanner.pos)) {
      if (ch === undefined || ch === '}') scanner.fail(filterStrings.missingClosingBraces);
      scanner.fail(filterStrings.unexpectedText(scanner.describeHere()));
    }
    scanner.pos += 2;
    if (scanner.pos < text.length) scanner.fail(filterStrings.textAfterBraces, scanner.pos, text.length - scanner.pos);
    return { ok: true, expression };
  } catch (error) {
    if (error instanceof ParseFailure) {
      return { ok: false, error: { message: error.message, offset: error.offset, column: error.offset + 1, length: error.length } };
    }
    throw error;
  }
}

/**
 * The sample column an expression references: the first segment after `sample` (a name or a quoted
 * key). Undefined when the expression is invalid, has another root, no segment or starts with an index.
 */
export function referencedColumn(text: string): string | undefined {
  const parsed = parseExpression(text, TASK_ACTION_ROOTS);
  if (!parsed.ok || parsed.expression.root !== 'sample') return undefined;
  const first = parsed.expression.segments[0];
  return first && first.kind !== 'index' ? first.name : undefined;
}

/** The path as people read it, without the root: `category`, `meta.tags[0]`, `my col`. */
export function displayPath(expression: ParsedExpression): string {
  if (expression.segments.length === 0) return expression.root;
  return expression.segments
    .map((segment, i) => {
      if (segment.kind === 'index') return `[${segment.index}]`;
      if (i === 0) return segment.name;
      if (segment.kind === 'name' || /^[A-Za-z_][A-Za-z0-9_]*$/.test(segment.name)) return `.${segment.name}`;
      return `[${JSON.stringify(segment.name)}]`;
    })
    .join('');
}
