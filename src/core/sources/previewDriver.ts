/**
 * Runs a source's definition for a preview or an export: the limit made a whole number, the `filters` compiled
 * for the sources that take them (docs/semantics.md §4–5) and none for those that select with their own fields
 * (docs/semantics.md §9.1), required fields checked, and the first page announced exactly once — by the source
 * as soon as it has it, else with the final result.
 */
import { CompiledFilter, FilterCompileError, compileFilters } from '../filters/filterEvaluator';
import { previewStrings } from '../l10n/previewStrings';
import type { PreviewOptions, PreviewResult } from '../model/previewTypes';
import { PreviewError } from './previewError';
import type { SourceContext, SourceDefinition } from './sourceDefinition';
import { resolveSourcePath } from './sourcePaths';

function compile(source: Record<string, unknown>, specPath: string | undefined): CompiledFilter[] {
  try {
    return compileFilters(source.filters);
  } catch (error) {
    if (!(error instanceof FilterCompileError)) throw error;
    const message = specPath ? `${specPath}: ${error.message}` : error.message;
    throw new PreviewError('invalidFilter', message, { file: specPath, filterIndex: error.index, column: error.column });
  }
}

function contextOf(definition: SourceDefinition, source: Record<string, unknown>, options: PreviewOptions): SourceContext {
  const type = String(source.type);
  const requiredText = (field: string): string => {
    const value = source[field];
    if (typeof value !== 'string' || value === '') throw new PreviewError('invalidSource', previewStrings.missingField(type, field));
    return value;
  };
  return {
    source,
    type,
    filters: definition.selection === 'filters' ? compile(source, options.specPath) : [],
    options,
    requiredText,
    requiredPath: (field) => resolveSourcePath(requiredText(field), options.specPath, options.homeDir),
  };
}

/** The options with `limit` a whole number ≥ 0 and `onFirstPage` called at most once; `sent` says whether it was. */
function firstPageOnce(options: PreviewOptions): { options: PreviewOptions; sent: () => boolean } {
  let sent = false;
  const onFirstPage = options.onFirstPage;
  const limit = Math.max(0, Math.floor(options.limit));
  if (!onFirstPage) return { options: { ...options, limit }, sent: () => sent };
  const once = (partial: PreviewResult): void => {
    if (sent) return;
    sent = true;
    onFirstPage(partial);
  };
  return { options: { ...options, limit, onFirstPage: once }, sent: () => sent };
}

/** Reads `source` with its definition and returns the funnel and the first kept rows. */
export async function runSource(definition: SourceDefinition, source: Record<string, unknown>, options: PreviewOptions): Promise<PreviewResult> {
  const run = firstPageOnce(options);
  const result = await definition.preview(contextOf(definition, source, run.options));
  if (!run.sent()) run.options.onFirstPage?.(result);
  return result;
}
