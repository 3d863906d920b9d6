/**
 * The cross-file checks of docs/semantics.md §11.7, the same in the editor and in `eval-lens validate` on a folder:
 * a reference to a key no file of the project defines (a warning with the closest key), a key defined twice (an
 * error on both), a `$ref`, embedded data file or run-config `!include` naming no file (an error on the path).
 */
import { closestName } from '../schema/closestName';
import { Diagnostic } from '../validation/diagnostic';
import { authoringStrings } from '../l10n/authoringStrings';
import { keyStrings } from '../l10n/keyStrings';
import { scalarText } from '../authoring/yamlText';
import type { WorkspaceKeyIndex } from './keyIndex';
import type { FileLink, KeyDefinition } from './keyTypes';

export const KEY_CODES = {
  unknownKey: 'unknown-key',
  duplicateKey: 'duplicate-key-workspace',
  missingFile: 'missing-file',
} as const;

export interface KeyCheckOptions {
  /** What is at an absolute path; links are not checked without it. */
  pathKind?: (absolutePath: string) => 'file' | 'directory' | undefined;
  /** How a definition elsewhere is named in a message (`datasets/x.yaml:3`). */
  placeOf: (definition: KeyDefinition) => string;
}

function problem(severity: Diagnostic['severity'], message: string, range: Diagnostic['range'], code: string, data?: Diagnostic['data']): Diagnostic {
  return { severity, message, range, path: [], documentIndex: 0, source: 'rule', code, ...(data ? { data } : {}) };
}

function unknownKeys(index: WorkspaceKeyIndex, file: string): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const reference of index.factsOf(file)?.references ?? []) {
    if (index.definitionsOf(reference.kind, reference.key, file).length > 0) continue;
    const suggestion = closestName(reference.key, index.keysVisibleFrom(reference.kind, file));
    out.push(problem('warning', keyStrings.unknownKey(reference.kind, reference.key, suggestion), reference.range, KEY_CODES.unknownKey,
      { suggestion, key: reference.key, keyKind: reference.kind }));
  }
  return out;
}

function duplicateKeys(index: WorkspaceKeyIndex, file: string, options: KeyCheckOptions): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const definition of index.factsOf(file)?.definitions ?? []) {
    const clashes = index.clashesWith(definition);
    if (clashes.length === 0) continue;
    const places = clashes.map(options.placeOf);
    out.push(problem('error', keyStrings.duplicateKey(definition.kind, definition.key, places), definition.range, KEY_CODES.duplicateKey, { files: places }));
  }
  return out;
}

function linkMessage(link: FileLink): string {
  if (link.what === 'ref') return keyStrings.missingRef(link.path);
  if (link.what === 'include') return authoringStrings.missingInclude(link.path);
  return keyStrings.missingDataFile(link.path);
}

function missingFiles(index: WorkspaceKeyIndex, file: string, options: KeyCheckOptions): Diagnostic[] {
  const pathKind = options.pathKind;
  if (!pathKind) return [];
  return (index.factsOf(file)?.links ?? [])
    .filter((link) => pathKind(link.target) !== 'file')
    .map((link) => problem('error', linkMessage(link), link.range, KEY_CODES.missingFile, { path: link.path }));
}

/** Every cross-file diagnostic of one file the index holds, in text order. */
export function keyDiagnostics(index: WorkspaceKeyIndex, file: string, options: KeyCheckOptions): Diagnostic[] {
  const out = [...unknownKeys(index, file), ...duplicateKeys(index, file, options), ...missingFiles(index, file, options)];
  return out.sort((a, b) => a.range.start - b.range.start);
}

/** The quick fix of an unknown key: the closest key, written with the original's quotes. */
export function unknownKeyFix(text: string, diagnostic: Diagnostic): { title: string; range: Diagnostic['range']; newText: string } | undefined {
  const suggestion = diagnostic.data?.suggestion;
  if (diagnostic.code !== KEY_CODES.unknownKey || typeof suggestion !== 'string') return undefined;
  const original = text.slice(diagnostic.range.start, diagnostic.range.end);
  const newText = original.startsWith("'") ? `'${suggestion.replace(/'/g, "''")}'` : original.startsWith('"') ? JSON.stringify(suggestion) : scalarText(suggestion, false);
  return { title: authoringStrings.fixReplaceWith(suggestion), range: diagnostic.range, newText };
}
