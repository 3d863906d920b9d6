/**
 * The rows one filter step of the funnel removed (docs/semantics.md §4–5: filters apply in order, a row is removed by
 * the first filter it does not pass), one page at a time: the source is read again with only the filters before that
 * step, and each row that step's filter does not pass is listed with why — the value the filter read, and whether it
 * failed or could not be compared. The read stops once the page is full, so memory stays bounded by the page.
 */
import { compileFilter, FilterCompileError, FilterOutcome, MISSING, resolveSegments } from '../filters/filterEvaluator';
import { filterLabel } from '../filters/filterLabel';
import { previewStrings } from '../l10n/previewStrings';
import type { PreviewOptions, RemovedRow, RemovedRowsPage, RowOrigin } from '../model/previewTypes';
import { PreviewError } from './previewError';
import { preview, sourceOf } from './preview';

/** Rows sent per page at most. */
export const MAX_REMOVED_PAGE = 200;
/** Characters of the value a reason quotes at most. */
const MAX_VALUE_CHARS = 200;

/** A value as the reason quotes it: strings in quotes, anything else as JSON, cut to MAX_VALUE_CHARS. */
export function quotedValue(value: unknown): string | undefined {
  if (value === MISSING || value === undefined) return undefined;
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > MAX_VALUE_CHARS ? `${text.slice(0, MAX_VALUE_CHARS)}…` : text;
}

function filtersOf(source: Record<string, unknown>, filterIndex: number): unknown[] {
  const filters = source.filters;
  if (!Array.isArray(filters) || !Number.isInteger(filterIndex) || filterIndex < 0 || filterIndex >= filters.length) {
    throw new PreviewError('invalidFilter', previewStrings.noSuchFilterStep(filterIndex + 1));
  }
  return filters;
}

/**
 * Removed rows `offset … offset + count` of filter `filterIndex` (0-based, in the spec) of `dataset`'s source.
 * The caller's `limit`, `onRow` and `onFirstPage` are replaced; its signal still cancels.
 */
export async function removedRows(dataset: unknown, filterIndex: number, offset: number, count: number, options: PreviewOptions): Promise<RemovedRowsPage> {
  const source = sourceOf(dataset);
  const filters = filtersOf(source, filterIndex);
  let filter: ReturnType<typeof compileFilter>;
  try {
    filter = compileFilter(filters[filterIndex], filterIndex);
  } catch (error) {
    if (error instanceof FilterCompileError) throw new PreviewError('invalidFilter', error.message, { file: options.specPath, filterIndex });
    throw error;
  }
  const wanted = Math.max(0, Math.min(count, MAX_REMOVED_PAGE));
  const start = Math.max(0, offset);
  const rows: RemovedRow[] = [];
  let seen = 0;
  let more = false;
  const stop = new AbortController();
  const parent = options.signal;
  if (parent?.aborted) stop.abort();
  parent?.addEventListener('abort', () => stop.abort(), { once: true });
  const onRow = (values: Record<string, unknown>, origin: RowOrigin): void => {
    if (stop.signal.aborted) return;
    const outcome = filter.test(values);
    if (outcome === FilterOutcome.Pass) return;
    seen += 1;
    if (seen <= start) return;
    if (rows.length >= wanted) {
      more = true;
      stop.abort();
      return;
    }
    const row: RemovedRow = { values, origin, outcome: outcome === FilterOutcome.NotComparable ? 'notComparable' : 'failed' };
    const value = quotedValue(resolveSegments(values, filter.expression.segments));
    if (value !== undefined) row.value = value;
    rows.push(row);
  };
  const { onFirstPage: _first, onProgress: _progress, ...rest } = options;
  await preview({ source: { ...source, filters: filters.slice(0, filterIndex) } }, { ...rest, limit: 0, traceRows: 0, signal: stop.signal, onRow });
  return { filterIndex, label: filterLabel(filter.spec), offset: start, rows, more };
}
