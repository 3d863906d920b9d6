/** `!include` paths that name no file next to the including file (docs/semantics.md §11.2): an error on the path. */
import { existsSync, statSync } from 'node:fs';
import type { Document } from 'yaml';
import { yamlFileLinks } from '../yaml/fileLinks';

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
  return yamlFileLinks(doc, fileName)
    .filter((link) => link.what === 'include' && !isFile(link.target))
    .map((link) => ({ path: link.path, range: link.range }));
}
