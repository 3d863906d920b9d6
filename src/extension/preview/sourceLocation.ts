/**
 * Where a dataset's source lives on disk (to watch it for changes), and whether it is remote.
 * Pure: no VS Code API.
 */
import { resolveSourcePath } from '../../core/sources/sourcePaths';
import { isRecord } from '../../core/json/jsonValue';

export interface WatchTarget {
  kind: 'file' | 'folder';
  /** Absolute path. */
  path: string;
}

const LOCAL_TYPES: ReadonlySet<string> = new Set(['local', 'folder', 'eval_logs']);

/** The `source` mapping of a dataset value, when present. */
export function sourceOf(datasetValue: unknown): Record<string, unknown> | undefined {
  return isRecord(datasetValue) && isRecord(datasetValue.source) ? datasetValue.source : undefined;
}

/** The file or folder to watch for a local or folder source; undefined for any other source. */
export function watchTargetOf(datasetValue: unknown, specPath: string): WatchTarget | undefined {
  const source = sourceOf(datasetValue);
  if (!source) return undefined;
  if (source.type === 'local' && typeof source.file_path === 'string' && source.file_path) {
    return { kind: 'file', path: resolveSourcePath(source.file_path, specPath) };
  }
  if (source.type === 'folder' && typeof source.directory_path === 'string' && source.directory_path) {
    return { kind: 'folder', path: resolveSourcePath(source.directory_path, specPath) };
  }
  if (source.type === 'eval_logs' && typeof source.path === 'string' && source.path) {
    const path = resolveSourcePath(source.path, specPath);
    return { kind: /\.(eval|json)$/i.test(path) ? 'file' : 'folder', path };
  }
  return undefined;
}

/** Whether counting this source reads only local files (code lenses count nothing else). */
export function isLocalSource(datasetValue: unknown): boolean {
  const type = sourceOf(datasetValue)?.type;
  return typeof type === 'string' && LOCAL_TYPES.has(type);
}
