/**
 * The filter preview: loads a dataset's `local`, `folder` or `url` source, applies its filters
 * (AND-combined, spec order) and returns the first kept rows with the funnel counts.
 */
import { CompiledFilter, FilterCompileError, compileFilters } from '../filters/filterEvaluator';
import { previewStrings } from '../l10n/previewStrings';
import { previewEvalLogs } from './evalLogs/evalLogSource';
import { previewFolder } from './folderSource';
import { previewLocalFile } from './localSource';
import { PreviewError } from './previewError';
import { PreviewOptions, PreviewResult } from '../model/previewTypes';
import { isPlainObject } from '../json/objectValues';
import { previewSessions } from './sessions/sessionsSource';
import { resolveSourcePath } from './sourcePaths';
import { previewUrl } from './urlSource';
import { previewDatasetHub } from './hub/hubSource';
import { previewTracePlatformA } from './remote/tracePlatformA';
import { previewTracePlatformB } from './remote/tracePlatformB';

export { PreviewError } from './previewError';

/** The `source` of a dataset value (or the value itself when it is a source). */
export function sourceOf(dataset: unknown): Record<string, unknown> {
  if (isPlainObject(dataset) && isPlainObject(dataset.source)) return dataset.source;
  if (isPlainObject(dataset) && dataset.source === undefined && dataset.generator_specification !== undefined) {
    throw new PreviewError('invalidSource', previewStrings.noSource);
  }
  if (isPlainObject(dataset) && typeof dataset.type === 'string' && dataset.source === undefined) return dataset;
  throw new PreviewError('invalidSource', previewStrings.sourceNotMapping);
}

function requireString(source: Record<string, unknown>, type: string, field: string): string {
  const value = source[field];
  if (typeof value !== 'string' || value === '') throw new PreviewError('invalidSource', previewStrings.missingField(type, field));
  return value;
}

function compile(source: Record<string, unknown>, specPath: string | undefined): CompiledFilter[] {
  try {
    return compileFilters(source.filters);
  } catch (error) {
    if (!(error instanceof FilterCompileError)) throw error;
    const message = specPath ? `${specPath}: ${error.message}` : error.message;
    throw new PreviewError('invalidFilter', message, { file: specPath, filterIndex: error.index, column: error.column });
  }
}

export async function preview(datasetSpecValue: unknown, options: PreviewOptions): Promise<PreviewResult> {
  const source = sourceOf(datasetSpecValue);
  const type = String(source.type);
  const opts = { ...options, limit: Math.max(0, Math.floor(options.limit)) };
  // Sources that select records with their own fields and take no `filters` (docs/semantics.md §9.1).
  if (type === 'coding_agent_sessions') return previewSessions({ source, options: opts });
  if (type === 'trace_platform_a') return previewTracePlatformA(source, opts);
  if (type === 'trace_platform_b') return previewTracePlatformB(source, opts);
  if (type === 'eval_logs') {
    const path = resolveSourcePath(requireString(source, type, 'path'), options.specPath, options.homeDir);
    const limit = source.limit === undefined || source.limit === null ? undefined : (source.limit as number);
    return previewEvalLogs({ path, limit, options: opts });
  }
  if (type !== 'local' && type !== 'folder' && type !== 'url' && type !== 'dataset_hub') {
    throw new PreviewError('invalidSource', source.type === undefined ? previewStrings.sourceNotMapping : previewStrings.unknownSourceType(type));
  }
  const filters = compile(source, options.specPath);
  if (type === 'dataset_hub') return previewDatasetHub({ source, filters, options: opts });
  if (type === 'local') {
    const file = resolveSourcePath(requireString(source, type, 'file_path'), options.specPath, options.homeDir);
    const filtersRaw = Array.isArray(source.filters) ? (source.filters as unknown[]) : [];
    return previewLocalFile({ file, filtersRaw, filters, options: opts });
  }
  if (type === 'folder') {
    const directory = resolveSourcePath(requireString(source, type, 'directory_path'), options.specPath, options.homeDir);
    const extension = typeof source.extension === 'string' ? source.extension : undefined;
    return previewFolder({ directory, extension, filters, options: opts });
  }
  return previewUrl({ url: requireString(source, type, 'url'), filters, options: opts });
}
