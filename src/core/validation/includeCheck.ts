/** `!include` paths that name no file next to the including file (docs/semantics.md §11.2): an error on the path. */
import { existsSync, statSync } from 'node:fs';
import type { Document } from 'yaml';
import { YamlFileLink, yamlFileLinks } from '../yaml/fileLinks';

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

/**
 * Whether a stream can hold an `!include` at all: every tag starts with `!`, and this one is written with its word or
 * spelt through a `%TAG` directive or `%` escapes. A text without them needs no walk over its documents' nodes; the
 * `!` is looked for first, a native search for one character.
 */
export function mayInclude(text: string): boolean {
  return text.includes('!') && (text.includes('include') || text.includes('%'));
}

/** The `!include` values of a document, each with the file it names next to `fileName` (an absolute path). */
export function includesOf(doc: Document, fileName: string): YamlFileLink[] {
  return yamlFileLinks(doc, fileName).filter((link) => link.what === 'include');
}

/** Those of a document's includes whose file does not exist (looked up on disk each time: files come and go). */
export function missingIncludes(includes: readonly YamlFileLink[]): MissingInclude[] {
  return includes.filter((link) => !isFile(link.target)).map((link) => ({ path: link.path, range: link.range }));
}
