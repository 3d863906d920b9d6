/**
 * Where the cursor stands in a spec that is being typed (so often incomplete): which document, the JSON
 * path, whether a key or a value is being written, and what was typed so far. YAML block structure is
 * read from indentation (robust to a half-written line); flow collections and JSON by a token scan.
 * Sibling values (for discriminators, existing keys) come from the parsed document with the cursor line
 * blanked out, which keeps the rest of the document valid while the current line is incomplete.
 */
import { isMap, isScalar, isSeq, Node, parseDocument } from 'yaml';
import { OffsetRange } from '../text/lineIndex';
import { JsonPath } from '../yaml/specDocument';
import { scanFlow } from './flowScanner';
import { valueAtPath } from '../json/jsonValue';
import { findTooDeepYaml, MAX_NESTING_DEPTH } from '../json/depthGuard';

export interface CursorContext {
  /** 0-based document of the stream holding the cursor. */
  documentIndex: number;
  /** The document's text range in the whole text. */
  documentRange: OffsetRange;
  /** For a key: the path of the object the key belongs to. For a value: the path of the value itself. */
  path: JsonPath;
  part: 'key' | 'value';
  /** The text typed so far for the key or value (without an opening quote). */
  prefix: string;
  /** Range the completion replaces (the partial token, with its quotes). */
  replace: OffsetRange;
  quote?: '"' | "'";
  isJson: boolean;
  inFlow: boolean;
  /** Column where the key/value on the cursor line starts and the line's leading whitespace. */
  contentColumn: number;
  lineIndent: number;
  /** Key position on a line that starts a sequence item (`- |`). */
  afterDash: boolean;
  /** Value of the document (cursor line blanked), and of the parent object of a key. */
  documentValue: unknown;
  parentValue: unknown;
}

const DOCUMENT_MARKER = /^(---|\.\.\.)(\s|$)/;

/**
 * Offsets of the documents of a YAML stream, by its `---` lines (cheap: no parse). Once a document has content only
 * the lines that start with `---` are read; the others are not copied out of the text.
 */
function documentRanges(text: string): OffsetRange[] {
  const ranges: OffsetRange[] = [];
  let start = 0;
  let pos = 0;
  let sawContent = false;
  while (pos <= text.length) {
    const nl = text.indexOf('\n', pos);
    const lineEnd = nl < 0 ? text.length : nl;
    if (text.startsWith('---', pos)) {
      const line = text.slice(pos, lineEnd);
      if (DOCUMENT_MARKER.test(line)) {
        if (sawContent) ranges.push({ start, end: pos });
        start = pos;
        sawContent = line.slice(3).trim().length > 0;
      } else {
        sawContent = true;
      }
    } else if (!sawContent) {
      const line = text.slice(pos, lineEnd);
      sawContent = line.trim() !== '' && !line.trimStart().startsWith('#') && !line.startsWith('%');
    }
    if (nl < 0) break;
    pos = nl + 1;
  }
  ranges.push({ start, end: text.length });
  return ranges;
}

interface LineShape {
  leading: number;
  /** Columns of the `- ` indicators. */
  dashes: number[];
  contentColumn: number;
  rest: string;
}

function shapeOf(line: string): LineShape {
  const leading = line.length - line.trimStart().length;
  const dashes: number[] = [];
  let col = leading;
  for (;;) {
    if (line[col] === '-' && (col + 1 === line.length || line[col + 1] === ' ' || line[col + 1] === '\t')) {
      dashes.push(col);
      col++;
      while (line[col] === ' ' || line[col] === '\t') col++;
    } else {
      break;
    }
  }
  return { leading, dashes, contentColumn: col, rest: line.slice(col) };
}

const KEY_PATTERN = /^("(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|[^\s#'"{[\]},:&*!|>%@`-][^#:]*?|-[^\s#:][^#:]*?)\s*:(?:[ \t]+|$)/;

function keyText(raw: string): string {
  const t = raw.trim();
  if (t.startsWith('"')) {
    try {
      return JSON.parse(t) as string;
    } catch {
      return t.slice(1, -1);
    }
  }
  if (t.startsWith("'")) return t.slice(1, -1).replace(/''/g, "'");
  return t;
}

/** `key: value` split (value may be empty); undefined when the text is not a mapping entry. */
function splitKey(rest: string): { key: string; valueOffset: number } | undefined {
  const m = KEY_PATTERN.exec(rest);
  return m ? { key: keyText(m[1]), valueOffset: m[0].length } : undefined;
}

function opensBlock(rest: string): boolean {
  const kv = splitKey(rest);
  if (!kv) return false;
  const value = rest.slice(kv.valueOffset).trim();
  return value === '' || value.startsWith('#') || /^[&!][^\s]*\s*(#.*)?$/.test(value);
}

type PathStep = { key: string } | { itemAt: number };

/** Ancestors of a block node that starts at `column` on line `lineNo`, read from indentation. */
function blockAncestors(lines: string[], lineStarts: number[], lineNo: number, column: number, isItem: boolean): PathStep[] {
  const steps: PathStep[] = [];
  let col = column;
  let item = isItem;
  for (let l = lineNo - 1; l >= 0 && (col > 0 || item); l--) {
    const line = lines[l];
    const trimmed = line.trim();
    if (!trimmed || trimmed.startsWith('#')) continue;
    const shape = shapeOf(line);
    const items = shape.dashes.map((d) => ({ itemAt: lineStarts[l] + d }));
    const isParentKey = opensBlock(shape.rest) && (shape.contentColumn < col || (shape.contentColumn === col && item));
    if (isParentKey) {
      steps.unshift(...items, { key: splitKey(shape.rest)!.key });
      col = shape.leading;
      item = shape.dashes.length > 0;
    } else if (shape.dashes.length > 0 && (shape.contentColumn < col || (shape.contentColumn === col && !item))) {
      steps.unshift(...items);
      col = shape.leading;
      item = true;
    } else if (shape.contentColumn < col && !item) {
      break;
    }
  }
  return steps;
}

function nodeAt(node: unknown, step: PathStep, base: number): { node: unknown; segment: string | number } {
  if ('key' in step) {
    if (isMap(node)) {
      const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === step.key);
      return { node: pair?.value, segment: step.key };
    }
    return { node: undefined, segment: step.key };
  }
  if (isSeq(node)) {
    const i = node.items.findIndex((it) => !!(it as Node | null)?.range && (it as Node).range![0] + base > step.itemAt);
    const index = i < 0 ? node.items.length : i;
    return { node: node.items[index], segment: index };
  }
  return { node: undefined, segment: 0 };
}

function toJs(node: unknown): unknown {
  if (node && typeof node === 'object' && 'toJSON' in node && typeof (node as { toJSON: unknown }).toJSON === 'function') {
    try {
      return (node as { toJSON(): unknown }).toJSON();
    } catch {
      return undefined;
    }
  }
  return undefined;
}

function walk(root: unknown, steps: PathStep[], base: number): { path: JsonPath; node: unknown } {
  const path: JsonPath = [];
  let node = root;
  for (const step of steps) {
    const next = nodeAt(node, step, base);
    path.push(next.segment);
    node = next.node;
  }
  return { path, node };
}

function walkPath(root: unknown, path: JsonPath): unknown {
  let node = root;
  for (const s of path) {
    if (isMap(node)) node = node.items.find((p) => isScalar(p.key) && String(p.key.value) === String(s))?.value;
    else if (isSeq(node) && typeof s === 'number') node = node.items[s];
    else return undefined;
  }
  return node;
}

/** The document with `[blankStart, blankEnd)` replaced by spaces (the text being typed), parsed tolerantly. */
function parseBlanked(text: string, range: OffsetRange, blankStart: number, blankEnd: number): unknown {
  const slice = text.slice(range.start, blankStart) + ' '.repeat(Math.max(0, blankEnd - blankStart)) + text.slice(blankEnd, range.end);
  if (findTooDeepYaml(slice) >= 0) return undefined;
  return parseDocument(slice, { strict: false, uniqueKeys: false }).contents;
}

export function cursorContext(text: string, offset: number, isJson: boolean): CursorContext {
  const ranges = isJson ? [{ start: 0, end: text.length }] : documentRanges(text);
  let documentIndex = ranges.findIndex((r) => offset >= r.start && offset <= r.end);
  if (documentIndex < 0) documentIndex = ranges.length - 1;
  const documentRange = ranges[documentIndex];
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  let lineEnd = text.indexOf('\n', offset);
  if (lineEnd < 0) lineEnd = text.length;
  const before = text.slice(lineStart, offset);
  const shape = shapeOf(before);
  const parse = (blankStart: number, blankEnd: number) => parseBlanked(text, documentRange, blankStart, blankEnd);

  if (isJson) {
    const flow = scanFlow(text, offset, documentRange.start);
    const root = parse(flow.tokenStart, offset);
    const end = flow.quote && text[offset] === flow.quote ? offset + 1 : offset;
    const parentPath = flow.part === 'key' ? flow.path : flow.path.slice(0, -1);
    return {
      documentIndex, documentRange, isJson, documentValue: toJs(root) ?? null,
      path: flow.path, part: flow.part, prefix: flow.prefix, replace: { start: flow.tokenStart, end }, quote: flow.quote,
      inFlow: true, contentColumn: shape.contentColumn, lineIndent: shape.leading, afterDash: false,
      parentValue: toJs(walkPath(root, parentPath)),
    };
  }

  const lines = text.slice(documentRange.start, lineEnd).split('\n');
  const lineStarts: number[] = [];
  let p = documentRange.start;
  for (const l of lines) {
    lineStarts.push(p);
    p += l.length + 1;
  }
  const lineNo = lines.length - 1;
  const steps = blockAncestors(lines, lineStarts, lineNo, shape.dashes.length ? shape.leading : shape.contentColumn, shape.dashes.length > 0);
  for (const d of shape.dashes) steps.push({ itemAt: lineStart + d });
  const kv = splitKey(shape.rest);
  const restStart = lineStart + shape.contentColumn;
  const blockContext = { documentIndex, documentRange, isJson, contentColumn: shape.contentColumn, lineIndent: shape.leading };

  // A flow collection on this line (`key: [a, |` or `- { |`).
  const flowStart = kv ? restStart + kv.valueOffset : restStart;
  const flowText = text.slice(flowStart, offset).trimStart();
  if (flowText.startsWith('{') || flowText.startsWith('[')) {
    const flowOpen = offset - flowText.length;
    const flow = scanFlow(text, offset, flowOpen);
    if (flow.inside) {
      const root = parse(lineStart + shape.contentColumn, lineEnd);
      if (kv) steps.push({ key: kv.key });
      const { path: outer } = walk(root, steps, documentRange.start);
      const path = [...outer, ...flow.path];
      const end = flow.quote && text[offset] === flow.quote ? offset + 1 : offset;
      const flowValue = parseFlowPrefix(text.slice(flowOpen, flow.tokenStart));
      const inner = flow.part === 'key' ? flow.path : flow.path.slice(0, -1);
      const documentValue = withValueAt(toJs(root) ?? null, outer, flowValue);
      return {
        ...blockContext, documentValue, path, part: flow.part, prefix: flow.prefix, replace: { start: flow.tokenStart, end }, quote: flow.quote,
        inFlow: true, afterDash: false, parentValue: valueAtPath(flowValue, inner),
      };
    }
  }

  const root = parse(lineStart + shape.contentColumn, lineEnd);
  const documentValue = toJs(root) ?? null;
  if (kv) {
    steps.push({ key: kv.key });
    const { path } = walk(root, steps, documentRange.start);
    const raw = text.slice(restStart + kv.valueOffset, offset);
    const quote = raw.startsWith('"') ? '"' : raw.startsWith("'") ? "'" : undefined;
    const valueStart = restStart + kv.valueOffset;
    let end = offset;
    const after = text.slice(offset, lineEnd);
    if (quote) {
      const close = after.indexOf(quote);
      if (close >= 0 && !after.slice(0, close).includes(' ')) end = offset + close + 1;
    } else {
      end = offset + (/^[^\s#,]*/.exec(after)?.[0].length ?? 0);
    }
    return {
      ...blockContext, documentValue, path, part: 'value', prefix: quote ? raw.slice(1) : raw, replace: { start: valueStart, end }, quote,
      inFlow: false, afterDash: false, parentValue: toJs(walkPath(root, path.slice(0, -1))),
    };
  }
  const { path, node } = walk(root, steps, documentRange.start);
  const after = /^[^\s:#]*/.exec(text.slice(offset, lineEnd))?.[0] ?? '';
  return {
    ...blockContext, documentValue, path, part: 'key', prefix: shape.rest, replace: { start: restStart, end: offset + after.length },
    inFlow: false, afterDash: shape.dashes.length > 0, parentValue: toJs(node),
  };
}

/** Value of an unfinished flow collection: the text up to the cursor, closed. */
function parseFlowPrefix(prefix: string): unknown {
  const closers: string[] = [];
  let quote: string | undefined;
  for (let i = 0; i < prefix.length; i++) {
    const c = prefix[i];
    if (quote) {
      if (c === '\\' && quote === '"') i++;
      else if (c === quote) quote = undefined;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '{') closers.push('}');
    else if (c === '[') closers.push(']');
    else if (c === '}' || c === ']') closers.pop();
  }
  const body = prefix.replace(/[,\s]*$/, '').replace(/:\s*$/, ': null');
  if (closers.length > MAX_NESTING_DEPTH || findTooDeepYaml(body) >= 0) return undefined;
  try {
    return parseDocument(body + closers.reverse().join(''), { strict: false }).toJS();
  } catch {
    return undefined;
  }
}

function withValueAt(doc: unknown, path: JsonPath, value: unknown): unknown {
  if (path.length === 0) return value;
  const copy = (Array.isArray(doc) ? [...doc] : typeof doc === 'object' && doc !== null ? { ...doc } : {}) as Record<string, unknown>;
  copy[path[0] as string] = withValueAt(copy[path[0] as string], path.slice(1), value);
  return copy;
}
