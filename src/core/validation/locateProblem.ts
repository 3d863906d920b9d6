import { isMap, isScalar, Node } from 'yaml';
import { OffsetRange } from '../text/lineIndex';
import { JsonPath, locate, SpecDocument } from '../yaml/specDocument';
import { locateJson } from '../json/jsonLocator';

/** Keeps a range on its first line, so a problem with a whole mapping underlines one line, not a block. */
export function firstLine(text: string, range: OffsetRange): OffsetRange {
  const newline = text.slice(range.start, range.end).search(/\r?\n/);
  return newline < 0 ? range : { start: range.start, end: range.start + Math.max(newline, 1) };
}

function rootKeyRange(doc: SpecDocument): OffsetRange | undefined {
  const root = doc.yaml.contents as Node | null;
  if (isMap(root) && root.items.length) {
    const key = root.items[0].key as Node | null;
    if (key?.range) return { start: key.range[0], end: key.range[1] };
  }
  return undefined;
}

/** The smallest range for a problem at `path`: the key naming it, or its value (first line only). */
export function rangeInDocument(text: string, doc: SpecDocument, path: JsonPath, part: 'key' | 'value'): OffsetRange {
  const loc = locate(doc, path);
  if (part === 'key' || !loc.exact) {
    const key = loc.keyRange ?? (loc.depth === 0 ? rootKeyRange(doc) : undefined);
    if (key) return key;
  }
  const node = loc.node;
  if (node && isScalar(node)) return loc.valueRange;
  return firstLine(text, loc.valueRange);
}

export function rangeInJson(text: string, path: JsonPath, part: 'key' | 'value'): OffsetRange {
  const loc = locateJson(text, path);
  if ((part === 'key' || !loc.exact) && loc.keyRange) return loc.keyRange;
  return firstLine(text, loc.valueRange);
}

/**
 * Where the `occurrence`-th `written` text lies inside a value's range (a reference inside a longer string); the
 * whole value when the file writes it otherwise (an escape inside the reference, a folded line).
 */
export function rangeOfPart(text: string, valueRange: OffsetRange, part: { text: string; occurrence: number }): OffsetRange {
  const raw = text.slice(valueRange.start, valueRange.end);
  let at = raw.indexOf(part.text);
  for (let n = 0; n < part.occurrence && at >= 0; n++) at = raw.indexOf(part.text, at + 1);
  return at < 0 ? valueRange : { start: valueRange.start + at, end: valueRange.start + at + part.text.length };
}
