/**
 * The counts of a preview run, as the results view shows them and as `evalLens.previewFilters` returns
 * them. Pure: no VS Code API.
 */
import type { GeneratorPreviewView } from '../../core/sources/generatorPreview';
import type { PreviewSummaryView } from '../../core/protocol/previewProtocol';
import type { FilterStep, PreviewResult } from '../../core/sources/previewTypes';

/**
 * What `evalLens.previewFilters` resolves to once the first full count of the run it started ends:
 * the counts, or `{ error }` when the preview could not run.
 */
export interface PreviewCommandSummary {
  total: number;
  matched: number;
  removedPerFilter: FilterStep[];
  notComparable: number;
  /** False when the count was cancelled or stopped early (counts are then lower bounds). */
  complete: boolean;
  warnings: number;
  /** Kept rows held for the table (at most ROW_CAP). */
  rowsHeld: number;
}
/** A generated dataset resolves to what its generator will produce. */
export type PreviewCommandResult = PreviewCommandSummary | { error: string } | { generator: GeneratorPreviewView };

export function summaryView(result: PreviewResult, rowCount: number, final: boolean): PreviewSummaryView {
  return {
    columns: result.columns,
    total: result.total,
    matched: result.matched,
    steps: result.removedPerFilter,
    notComparable: result.notComparable,
    warnings: result.warnings,
    complete: result.complete,
    rowCount,
    capped: final && result.matched > rowCount,
  };
}

export function commandSummary(result: PreviewResult, rowsHeld: number): PreviewCommandSummary {
  return {
    total: result.total,
    matched: result.matched,
    removedPerFilter: result.removedPerFilter,
    notComparable: result.notComparable,
    complete: result.complete,
    warnings: result.warnings.length,
    rowsHeld,
  };
}
