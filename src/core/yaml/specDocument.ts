/**
 * Spec text (YAML stream or JSON) → documents with their values and source ranges.
 * JSON is parsed by the same YAML 1.2 parser (JSON is a subset), so one range model serves both.
 */
import { INCLUDE_TAG } from './includeTag';
import { Document, isMap, isPair, isScalar, isSeq, LineCounter, Node, parseAllDocuments, parseDocument, Scalar } from 'yaml';
import { OffsetRange } from '../text/lineIndex';
import { findTooDeepYaml, MAX_NESTING_DEPTH } from '../json/depthGuard';
import { inputStrings } from '../l10n/inputStrings';

import type { JsonPath } from '../json/jsonPath';

export type { JsonPath, PathSegment } from '../json/jsonPath';

interface ParseProblem {
  message: string;
  range: OffsetRange;
  severity: 'error' | 'warning';
}

interface Located {
  /** The deepest node reached; equals the target when `exact`. */
  node: Node | null;
  /** Range of the key that names the value (absent for the document root and sequence items). */
  keyRange?: OffsetRange;
  /** Range of the value (or of the key when the value is empty). */
  valueRange: OffsetRange;
  /** Whether the whole path was found. */
  exact: boolean;
  /** How many segments of the path were found. */
  depth: number;
}

export interface SpecDocument {
  /** 0-based position in the stream. */
  index: number;
  value: unknown;
  yaml: Document.Parsed;
  /** Range of the whole document in the text. */
  range: OffsetRange;
  problems: ParseProblem[];
}

function nodeRange(node: Node | null | undefined, fallback: OffsetRange): OffsetRange {
  const r = node?.range;
  return r ? { start: r[0], end: r[1] } : fallback;
}

function scalarKey(key: unknown): string | undefined {
  if (isScalar(key)) return String((key as Scalar).value);
  return undefined;
}

function trimmedDocumentRange(doc: Document.Parsed, text: string): OffsetRange {
  const r = doc.range;
  let end = r[2] ?? r[1];
  while (end > r[0] && /\s/.test(text[end - 1] ?? '')) end--;
  return { start: r[0], end: Math.max(end, r[0]) };
}

/** Parses every document of a YAML stream (or one JSON text), keeping ranges. */
export function parseSpecDocuments(text: string): SpecDocument[] {
  const tooDeep = findTooDeepYaml(text);
  if (tooDeep >= 0) return [tooDeepDocument(text, tooDeep)];
  const lineCounter = new LineCounter();
  const docs = parseAllDocuments(text, { lineCounter, prettyErrors: false, uniqueKeys: true, strict: true, customTags: [INCLUDE_TAG] });
  if (!Array.isArray(docs)) return [];
  return docs.map((doc, index) => {
    const problems: ParseProblem[] = [];
    for (const [list, severity] of [[doc.errors, 'error'], [doc.warnings, 'warning']] as const) {
      for (const e of list) {
        const [start, end] = e.pos;
        problems.push({ message: cleanYamlMessage(e.message), range: { start, end: Math.max(end, start + 1) }, severity });
      }
    }
    let value: unknown = null;
    try {
      value = doc.toJS({ maxAliasCount: 1000 });
    } catch (error) {
      problems.push({ message: error instanceof Error ? error.message : String(error), range: trimmedDocumentRange(doc, text), severity: 'error' });
    }
    return { index, value, yaml: doc, range: trimmedDocumentRange(doc, text), problems };
  });
}

/**
 * Text nested deeper than the limit never reaches the parser (its recursion would overflow the stack):
 * one empty document whose only problem sits where the limit is passed.
 */
function tooDeepDocument(text: string, offset: number): SpecDocument {
  const range = { start: 0, end: text.length };
  const problem: ParseProblem = { message: inputStrings.tooDeep(MAX_NESTING_DEPTH), range: { start: offset, end: offset + 1 }, severity: 'error' };
  return { index: 0, value: null, yaml: parseDocument(''), range, problems: [problem] };
}

function cleanYamlMessage(message: string): string {
  return message.replace(/\s+at line \d+, column \d+.*$/s, '').trim();
}

/** Finds the node at `path` (object keys / array indexes); stops at the deepest existing ancestor. */
export function locate(doc: SpecDocument, path: JsonPath): Located {
  const rootNode = doc.yaml.contents as Node | null;
  let node: Node | null = rootNode;
  let keyRange: OffsetRange | undefined;
  let valueRange = nodeRange(rootNode, doc.range);
  let depth = 0;
  for (const segment of path) {
    if (isMap(node)) {
      const pair = node.items.find((p) => isPair(p) && scalarKey(p.key) === String(segment));
      if (!pair) break;
      const keyNode = pair.key as Node | null;
      keyRange = nodeRange(keyNode, valueRange);
      const value = pair.value as Node | null;
      valueRange = value?.range ? nodeRange(value, keyRange) : keyRange;
      node = value;
    } else if (isSeq(node) && typeof segment === 'number') {
      const item = node.items[segment] as Node | undefined;
      if (!item) break;
      keyRange = undefined;
      valueRange = nodeRange(item, valueRange);
      node = item;
    } else {
      break;
    }
    depth++;
  }
  return { node, keyRange, valueRange, exact: depth === path.length, depth };
}

/** The JSON path and part (key or value) under an offset, for hovers, completion and quick fixes. */
interface PathAtOffset {
  path: JsonPath;
  /** 'key' when the offset is on a mapping key, 'value' otherwise. */
  part: 'key' | 'value';
  node: Node | null;
}

export function pathAtOffset(doc: SpecDocument, offset: number): PathAtOffset {
  const path: JsonPath = [];
  let node = doc.yaml.contents as Node | null;
  let part: 'key' | 'value' = 'value';
  const inside = (n: Node | null | undefined) => !!n?.range && offset >= n.range[0] && offset <= n.range[1];
  for (;;) {
    if (isMap(node)) {
      const pair = node.items.find((p) => inside(p.key as Node) || inside(p.value as Node));
      if (!pair) break;
      const key = scalarKey(pair.key);
      if (key === undefined) break;
      path.push(key);
      if (inside(pair.key as Node)) {
        part = 'key';
        node = pair.key as Node;
        break;
      }
      node = pair.value as Node;
    } else if (isSeq(node)) {
      const i = node.items.findIndex((item) => inside(item as Node));
      if (i < 0) break;
      path.push(i);
      node = node.items[i] as Node;
    } else {
      break;
    }
  }
  return { path, part, node };
}

/** Which document of the stream contains the offset. */
export function documentAt(docs: SpecDocument[], offset: number): SpecDocument | undefined {
  return docs.find((d) => offset >= d.range.start && offset <= d.range.end) ?? docs[docs.length - 1];
}

/** RFC 6901 JSON pointer of a path. */
export function toPointer(path: JsonPath): string {
  return path.map((s) => '/' + String(s).replace(/~/g, '~0').replace(/\//g, '~1')).join('');
}

/** Path of an RFC 6901 JSON pointer (numeric segments become numbers). */
export function fromPointer(pointer: string): JsonPath {
  if (!pointer) return [];
  return pointer.split('/').slice(1).map((s) => {
    const text = s.replace(/~1/g, '/').replace(/~0/g, '~');
    return /^(0|[1-9]\d*)$/.test(text) ? Number(text) : text;
  });
}
