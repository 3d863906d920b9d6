/**
 * The counts of a preview run, as the results view shows them and as `evalLens.previewFilters` returns
 * them. Pure: no VS Code API.
 */
import type { GeneratorPreviewView } from '../../core/sources/generatorPreview';
import type { PreviewSummaryView } from '../../core/protocol/previewProtocol';
import type { FilterStep, PreviewResult, RecordNoun } from '../../core/model/previewTypes';
import { selectionFunnelLine } from '../../core/l10n/previewStrings';

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
  /** Sources that select with their own fields (docs/semantics.md §9.1): the steps are those fields. */
  selection?: boolean;
  recordNoun?: RecordNoun;
  countedBy?: string;
  lowerBound?: boolean;
  /** The selection funnel in words: "412 sessions → 120 from 2026-11-01 → 50 kept by limit". */
  funnel?: string;
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
    ...countingFacts(result),
  };
}

/** What a source says about its records and its count, present only when it says it (filter funnels stay as they are). */
function countingFacts(result: PreviewResult): Pick<PreviewSummaryView, 'selection' | 'recordNoun' | 'countedBy' | 'lowerBound'> {
  const facts: Pick<PreviewSummaryView, 'selection' | 'recordNoun' | 'countedBy' | 'lowerBound'> = {};
  if (result.selection) facts.selection = true;
  if (result.recordNoun) facts.recordNoun = result.recordNoun;
  if (result.countedBy) facts.countedBy = result.countedBy;
  if (result.lowerBound) facts.lowerBound = true;
  return facts;
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
    ...countingFacts(result),
    ...(result.selection ? { funnel: selectionFunnelLine({ total: result.total, matched: result.matched, steps: result.removedPerFilter, recordNoun: result.recordNoun, lowerBound: result.lowerBound }) } : {}),
  };
}
