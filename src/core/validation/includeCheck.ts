/** `!include` paths that name no file next to the including file (docs/semantics.md §11.2): an error on the path. */
import { existsSync, statSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import { Document, isScalar, visit } from 'yaml';
import { INCLUDE_TAG_NAME } from '../yaml/includeTag';

interface MissingInclude {
  path: string;
  range: { start: number; end: number };
}

function isFile(path: string): boolean {
  try {
    return existsSync(path) && statSync(path).isFile();
  } catch {
    return false;
  }
}

/** The `!include` values of a document whose file does not exist next to `fileName` (an absolute path). */
export function missingIncludes(doc: Document, fileName: string): MissingInclude[] {
  if (!isAbsolute(fileName)) return [];
  const missing: MissingInclude[] = [];
  visit(doc, {
    Scalar(_key, node) {
      if (node.tag !== INCLUDE_TAG_NAME || !isScalar(node) || typeof node.value !== 'string' || !node.range) return;
      if (!isFile(resolve(dirname(fileName), node.value))) missing.push({ path: node.value, range: { start: node.range[0], end: node.range[1] } });
    },
  });
  return missing;
}
