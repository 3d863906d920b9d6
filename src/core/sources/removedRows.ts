/**
 * The rows one step of the funnel removed, one page at a time. A filter step (docs/semantics.md §4–5: filters apply in
 * order, a row is removed by the first filter it does not pass): the source is read again with only the filters before
 * that step, and each row that step's filter does not pass is listed with why — the value the filter read, and whether
 * it failed or could not be compared. A selection step (docs/semantics.md §9.1: sessions, runs, traces): the source is
 * read again with a watch on that step's field, and each record it removed is listed with the value the field read.
 * The read stops once the page is full, so memory stays bounded by the page.
 */
import { compileFilter, FilterCompileError, FilterOutcome, resolveSegments } from '../filters/filterEvaluator';
import { filterLabel } from '../filters/filterLabel';
import { previewStrings } from '../l10n/previewStrings';
import { currentDatasetForm } from '../json/olderServiceForms';
import type { PreviewOptions, RemovedRow, RemovedRowsPage, RowOrigin } from '../model/previewTypes';
import { PreviewError } from './previewError';
import { preview, sourceOf } from './preview';
import { sourceDefinitionFor } from './registry';
import { quotedValue } from './removedValue';
import { maskedValues } from './remote/maskedResult';
import { maskRegistered } from '../text/secretMask';

export { quotedValue } from './removedValue';

/** Rows sent per page at most. */
export const MAX_REMOVED_PAGE = 200;
/** Characters of a selecting field's name a request may name. */
const MAX_FIELD_CHARS = 100;

/** One page of removed rows being gathered: skips `offset`, keeps `count`, and stops the read once one more is seen. */
class RemovedPageCollector {
  readonly rows: RemovedRow[] = [];
  more = false;
  readonly stop = new AbortController();
  private seen = 0;
  private readonly wanted: number;
  readonly start: number;

  constructor(offset: number, count: number, parent: AbortSignal | undefined) {
    this.wanted = Math.max(0, Math.min(count, MAX_REMOVED_PAGE));
    this.start = Math.max(0, offset);
    if (parent?.aborted) this.stop.abort();
    parent?.addEventListener('abort', () => this.stop.abort(), { once: true });
  }

  /** Takes one removed row (built only when the page wants it), every configured credential masked (docs/security.md, "Masking"). */
  offer(describe: () => RemovedRow): void {
    if (this.stop.signal.aborted) return;
    this.seen += 1;
    if (this.seen <= this.start) return;
    if (this.rows.length >= this.wanted) {
      this.more = true;
      this.stop.abort();
      return;
    }
    const row = describe();
    const masked: RemovedRow = { ...row, values: maskedValues(row.values), origin: { ...row.origin, file: maskRegistered(row.origin.file) } };
    if (row.value !== undefined) masked.value = maskRegistered(row.value);
    this.rows.push(masked);
  }
}

/** The caller's options for a read again: no rows kept, no first page or progress, the page's own signal. */
function readAgainOptions(options: PreviewOptions, collector: RemovedPageCollector): PreviewOptions {
  const { onFirstPage: _first, onProgress: _progress, onRow: _row, ...rest } = options;
  return { ...rest, limit: 0, traceRows: 0, signal: collector.stop.signal };
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
  const page = new RemovedPageCollector(offset, count, options.signal);
  const onRow = (values: Record<string, unknown>, origin: RowOrigin): void => {
    const outcome = filter.test(values);
    if (outcome === FilterOutcome.Pass) return;
    page.offer(() => {
      const row: RemovedRow = { values, origin, outcome: outcome === FilterOutcome.NotComparable ? 'notComparable' : 'failed' };
      const value = quotedValue(resolveSegments(values, filter.expression.segments));
      if (value !== undefined) row.value = value;
      return row;
    });
  };
  await preview({ source: { ...source, filters: filters.slice(0, filterIndex) } }, { ...readAgainOptions(options, page), onRow });
  return { filterIndex, label: filterLabel(filter.spec), offset: page.start, rows: page.rows, more: page.more };
}

/**
 * Removed records `offset … offset + count` of the selection step of `field` (`session_id`, `from_time`, `limit`, …)
 * of `dataset`'s source, a source that selects with its own fields; `stepIndex` is the step's place in the funnel.
 */
export async function removedRecords(dataset: unknown, field: string, stepIndex: number, offset: number, count: number, options: PreviewOptions): Promise<RemovedRowsPage> {
  const source = sourceOf(currentDatasetForm(dataset));
  const definition = sourceDefinitionFor(String(source.type));
  if (definition?.selection !== 'own fields' || field === '' || field.length > MAX_FIELD_CHARS) {
    throw new PreviewError('invalidFilter', previewStrings.noSuchSelectionStep(field.slice(0, MAX_FIELD_CHARS)));
  }
  const page = new RemovedPageCollector(offset, count, options.signal);
  let label = field;
  const removedBy = {
    field,
    removed: (describe: () => RemovedRow, stepLabel: string) => {
      label = stepLabel;
      page.offer(describe);
    },
  };
  await preview(dataset, { ...readAgainOptions(options, page), removedBy });
  return { filterIndex: stepIndex, field, label, offset: page.start, rows: page.rows, more: page.more };
}
