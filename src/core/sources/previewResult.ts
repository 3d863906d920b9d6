/** Builds the preview's result object from counts, rows and warnings. */
import { CompiledFilter } from '../filters/filterEvaluator';
import { filterLabel } from '../filters/filterLabel';
import { previewStrings } from '../l10n/previewStrings';
import { PreviewResult, PreviewRow, PreviewWarning } from '../model/previewTypes';
import { CountStats, MAX_WARNINGS, RowCounter } from '../engine/scan/rowCounter';

interface ResultParts {
  filters: readonly CompiledFilter[];
  stats: CountStats;
  rows: PreviewRow[];
  columns: string[];
  warnings: PreviewWarning[];
  warningCount: number;
  complete: boolean;
}

export function buildResult(parts: ResultParts): PreviewResult {
  const warnings = parts.warnings.slice(0, MAX_WARNINGS);
  const hidden = parts.warningCount - warnings.length;
  if (hidden > 0) warnings.push({ message: previewStrings.moreWarnings(hidden) });
  let notComparable = 0;
  for (const count of parts.stats.notComparable) notComparable += count;
  return {
    columns: [...parts.columns],
    rows: parts.rows,
    total: parts.stats.total,
    matched: parts.stats.matched,
    removedPerFilter: parts.filters.map((filter, k) => ({
      index: filter.index,
      label: filterLabel(filter.spec),
      removed: parts.stats.removed[k],
      notComparable: parts.stats.notComparable[k],
    })),
    notComparable,
    warnings,
    complete: parts.complete,
  };
}

/** The result so far of one counter: its counts, kept rows and warnings, with the given columns. */
export function counterResult(filters: readonly CompiledFilter[], counter: RowCounter, columns: string[], complete: boolean): PreviewResult {
  return buildResult({ filters, stats: counter.stats, rows: counter.rows, columns, warnings: counter.warnings, warningCount: counter.warningCount, complete });
}
