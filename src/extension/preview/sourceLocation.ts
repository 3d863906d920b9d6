/**
 * Where a dataset's source lives on disk (to watch it for changes), and whether it is remote.
 * Pure: no VS Code API.
 */
import { resolveSourcePath } from '../../core/sources/sourcePaths';
import { definitionOfSource } from '../../core/sources/registry';
import { pathFieldsOf, SourcePathField } from '../../core/sources/sourceDefinition';
import { isRecord } from '../../core/json/jsonValue';

export interface WatchTarget {
  kind: 'file' | 'folder';
  /** Absolute path. */
  path: string;
}

/** The `source` mapping of a dataset value, when present. */
export function sourceOf(datasetValue: unknown): Record<string, unknown> | undefined {
  return isRecord(datasetValue) && isRecord(datasetValue.source) ? datasetValue.source : undefined;
}

/** The path field the preview watches, for a source that reads only that path (a file, a folder, logs). */
function watchedFieldOf(source: Record<string, unknown> | undefined): SourcePathField | undefined {
  const definition = definitionOfSource(source);
  return definition ? pathFieldsOf(definition).find((field) => field.watched) : undefined;
}

/** The file or folder to watch for a source read from local files; undefined for any other source. */
export function watchTargetOf(datasetValue: unknown, specPath: string): WatchTarget | undefined {
  const source = sourceOf(datasetValue);
  const field = watchedFieldOf(source);
  const value = field && source ? source[field.name] : undefined;
  if (!field || typeof value !== 'string' || !value) return undefined;
  const path = resolveSourcePath(value, specPath);
  if (field.target !== 'file or folder') return { kind: field.target, path };
  return { kind: field.fileNames?.test(path) ? 'file' : 'folder', path };
}

/** Whether counting this source reads only local files (code lenses count nothing else). */
export function isLocalSource(datasetValue: unknown): boolean {
  return watchedFieldOf(sourceOf(datasetValue)) !== undefined;
}
