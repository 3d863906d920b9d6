/**
 * Statistics of every column of a dataset's kept rows, in one streaming pass over the source through its filters
 * (docs/semantics.md §13). A local CSV/JSONL file is read by the counting workers, each sketching its byte range;
 * any other source streams its kept rows here. Memory stays bounded by the sketches, whatever the number of rows.
 */
import type { ColumnStatistics, ColumnStatisticsResult } from '../model/columnStatisticsTypes';
import { hasRegisteredSecrets, maskRegistered } from '../text/secretMask';
import type { PreviewOptions } from '../model/previewTypes';
import { tableStatistics } from '../engine/stats/columnStatisticsView';
import { addRow, emptyTableSketch } from '../engine/stats/tableSketch';
import { preview, sourceOf } from './preview';
import { definitionOfSource } from './registry';
import { localSource } from './local/localDefinition';

export type ColumnStatisticsOptions = Omit<PreviewOptions, 'limit' | 'onRow' | 'columnStatistics' | 'onFirstPage' | 'traceRows'>;

export async function columnStatistics(datasetSpecValue: unknown, options: ColumnStatisticsOptions = {}): Promise<ColumnStatisticsResult> {
  if (definitionOfSource(sourceOf(datasetSpecValue)) === localSource) {
    const result = await preview(datasetSpecValue, { ...options, limit: 0, columnStatistics: true });
    return { rows: result.matched, columns: masked(result.columnStatistics ?? []), complete: result.complete };
  }
  const table = emptyTableSketch();
  const result = await preview(datasetSpecValue, { ...options, limit: 0, onRow: (values) => addRow(table, values) });
  return { rows: table.rows, columns: masked(tableStatistics(table, result.columns)), complete: result.complete };
}

/** The statistics with every configured credential masked in the names and values shown (docs/security.md, "Masking"). */
function masked(columns: ColumnStatistics[]): ColumnStatistics[] {
  if (!hasRegisteredSecrets()) return columns;
  return columns.map((column) => ({ ...column, name: maskRegistered(column.name), top: column.top.map((top) => ({ ...top, value: maskRegistered(top.value) })) }));
}
