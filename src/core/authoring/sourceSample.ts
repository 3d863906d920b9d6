/**
 * Reads the first rows of a dataset's source when it is a file or folder the spec filters (never a URL: no
 * network for a completion) and profiles them. Stops as soon as the first page is read.
 */
import { preview } from '../sources/preview';
import { definitionOfSource } from '../sources/registry';
import { firstPathFieldOf } from '../sources/sourceDefinition';
import { resolveSourcePath } from '../sources/sourcePaths';
import { DataProfile, profileRows } from './dataProfile';
import { isRecord } from '../json/jsonValue';

/** The file or folder a source reads, resolved against the spec (undefined for other source types). */
export function sourceLocation(source: unknown, specPath: string | undefined): string | undefined {
  if (!isRecord(source)) return undefined;
  const definition = definitionOfSource(source);
  const pathField = definition?.selection === 'filters' ? firstPathFieldOf(definition) : undefined;
  const field = pathField ? source[pathField.name] : undefined;
  if (typeof field !== 'string' || field === '') return undefined;
  if (!specPath && !field.startsWith('/') && !field.startsWith('~')) return undefined;
  return resolveSourcePath(field, specPath);
}

/** Profile of the first `rows` rows of a source; undefined when it cannot be read locally. */
export async function sampleSource(source: unknown, specPath: string | undefined, rows: number): Promise<DataProfile | undefined> {
  const origin = sourceLocation(source, specPath);
  if (!origin || !isRecord(source)) return undefined;
  const controller = new AbortController();
  const unfiltered: Record<string, unknown> = { type: source.type };
  for (const field of definitionOfSource(source)?.fields ?? []) if (source[field.name] !== undefined) unfiltered[field.name] = source[field.name];
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
