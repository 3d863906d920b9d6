/**
 * The paths a YAML document names (docs/semantics.md §11.2): each `$ref: "PATH"` and each `!include "PATH"`, with
 * the file it stands for (relative to the file that writes it) and the range of the path as written.
 */
import { dirname, isAbsolute, resolve } from 'node:path';
import { Document, isScalar, visit } from 'yaml';
import type { OffsetRange } from '../text/lineIndex';
import { INCLUDE_TAG_NAME } from './includeTag';

export interface YamlFileLink {
  what: 'ref' | 'include';
  /** As written. */
  path: string;
  /** Absolute. */
  target: string;
  /** The path's range (quotes included). */
  range: OffsetRange;
}

/** Every `$ref` value and `!include` path of a document; none when `fileName` is not absolute (an unsaved file). */
export function yamlFileLinks(doc: Document, fileName: string): YamlFileLink[] {
  if (!isAbsolute(fileName)) return [];
  const links: YamlFileLink[] = [];
  const add = (what: YamlFileLink['what'], path: string, range: [number, number, number]) => {
    links.push({ what, path, target: resolve(dirname(fileName), path), range: { start: range[0], end: range[1] } });
  };
  visit(doc, {
    Pair(_key, pair) {
      const value = pair.value;
      if (!isScalar(pair.key) || pair.key.value !== '$ref' || !isScalar(value) || value.tag === INCLUDE_TAG_NAME) return;
      if (typeof value.value === 'string' && value.range) add('ref', value.value, value.range);
    },
    Scalar(_key, node) {
      if (node.tag === INCLUDE_TAG_NAME && typeof node.value === 'string' && node.range) add('include', node.value, node.range);
    },
  });
  return links;
}
