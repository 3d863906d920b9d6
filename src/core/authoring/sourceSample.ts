/**
 * Reads the first rows of a dataset's `local` or `folder` source (never a URL: no network for a
 * completion) and profiles them. Stops as soon as the first page is read.
 */
import { preview } from '../sources/preview';
import { resolveSourcePath } from '../sources/sourcePaths';
import { DataProfile, profileRows } from './dataProfile';
import { isRecord } from '../json/jsonValue';

/** The file or folder a source reads, resolved against the spec (undefined for other source types). */
export function sourceLocation(source: unknown, specPath: string | undefined): string | undefined {
  if (!isRecord(source)) return undefined;
  const field = source.type === 'local' ? source.file_path : source.type === 'folder' ? source.directory_path : undefined;
  if (typeof field !== 'string' || field === '') return undefined;
  if (!specPath && !field.startsWith('/') && !field.startsWith('~')) return undefined;
  return resolveSourcePath(field, specPath);
}

/** Profile of the first `rows` rows of a source; undefined when it cannot be read locally. */
export async function sampleSource(source: unknown, specPath: string | undefined, rows: number): Promise<DataProfile | undefined> {
  const origin = sourceLocation(source, specPath);
  if (!origin || !isRecord(source)) return undefined;
  const controller = new AbortController();
  const unfiltered = { type: source.type, file_path: source.file_path, directory_path: source.directory_path, extension: source.extension };
  for (const k of Object.keys(unfiltered) as (keyof typeof unfiltered)[]) if (unfiltered[k] === undefined) delete unfiltered[k];
  try {
    const result = await preview({ source: unfiltered }, {
      limit: Math.max(1, rows), specPath, workers: 0, signal: controller.signal,
      confirmFetch: async () => false,
      onFirstPage: () => controller.abort(),
    });
    return profileRows(result.rows.map((r) => r.values), origin, result.columns);
  } catch {
    return undefined;
  }
}
