/**
 * Every kept row of a hub split, for an export (docs/semantics.md §9.4, §5): the split's Parquet files are read by HTTP
 * range requests one row group at a time, every column, the next row groups fetched while one is tested. Each row
 * is tested with the §5 evaluator (as the count's row-wise reader does) and each kept row goes to the row sink as
 * soon as it is known, so memory holds a few row groups (16 MB compressed ahead at most) whatever the split's size.
 */
import { CompiledFilter } from '../../filters/filterEvaluator';
import { sourceStrings } from '../../l10n/sourceStrings';
import { PreviewError } from '../previewError';
import { RowCounter } from '../../engine/scan/rowCounter';
import { setOwn } from '../../json/objectValues';
import { RemoteClient } from '../remote/remoteClient';
import { HubParquetFile, OpenedFile, readRowGroupColumns, unreadable, visitParquetFiles } from './hubParquetCount';
import { cellOf, normaliseCell } from './parquetCells';
import type { PreviewProgress } from '../../model/previewTypes';
import type { SourceOptions } from '../sourceDefinition';

/** Largest row group read at once (compressed, every column) without `maxEntryMB`. */
const DEFAULT_MAX_GROUP_MB = 1024;
/** Row groups read ahead of the one being handed over: at most this many, within this many compressed bytes. */
const MAX_GROUPS_AHEAD = 4;
const MAX_BYTES_AHEAD = 16 * 1024 * 1024;

interface ParquetRowsInput {
  client: RemoteClient;
  files: HubParquetFile[];
  filters: readonly CompiledFilter[];
  /** The split's columns in the hub's order (its features); a file's other columns follow them. */
  columns: readonly string[];
  /** Kept rows kept in full for the first page. */
  need: number;
  what: string;
  /** Whether a file's URL may receive the hub token. */
  sendsToken: (url: string) => boolean;
  options: SourceOptions;
  /** How far the reading is (the run's progress). */
  progress: (update: PreviewProgress) => void;
  label: string;
  /** The origin of the row at a global index of the split (in file order). */
  originOf: (index: number) => string;
}

interface ParquetRows {
  counter: RowCounter;
  /** Columns read (every column of the files, in row order). */
  columnsRead: string[];
  bytesRead: number;
  complete: boolean;
}

/** The file's top-level columns: the hub's columns it holds first, in the hub's order, then its others. */
function rowColumns(metadata: OpenedFile['metadata'], hubColumns: readonly string[]): string[] {
  const present: string[] = [];
  const schema = metadata.schema;
  // Top-level children of the root: skip each child's own descendants.
  for (let at = 1, left = Number(schema[0]?.num_children ?? 0); at < schema.length && left > 0; left--) {
    present.push(schema[at].name);
    let pending = Number(schema[at].num_children ?? 0);
    at++;
    while (pending > 0 && at < schema.length) {
      pending += Number(schema[at].num_children ?? 0) - 1;
      at++;
    }
  }
  const inHub = hubColumns.filter((column) => present.includes(column));
  return [...inHub, ...present.filter((column) => !hubColumns.includes(column))];
}

export async function rowsFromParquet(input: ParquetRowsInput): Promise<ParquetRows> {
  const { client, filters, options } = input;
  const counter = new RowCounter(filters, input.need, input.label);
  const byCells = filters.every((filter) => filter.testValue !== undefined && filter.column !== undefined && filter.expression.segments.length === 1);
  counter.onRow = options.onRow;
  const columnsRead: string[] = [];
  const { complete, bytesRead } = await visitParquetFiles(client, input, rowsOfFile);
  return { counter, columnsRead, bytesRead, complete };

  /** Tests and hands over one file's rows; false when cancelled. */
  async function rowsOfFile({ file, buffer, metadata }: OpenedFile, rowBase: number, total: number): Promise<boolean> {
    const columns = rowColumns(metadata, input.columns);
    for (const column of columns) if (!columnsRead.includes(column)) columnsRead.push(column);
    const groups = metadata.row_groups;
    const starts: number[] = [];
    groups.reduce((start, group) => (starts.push(start), start + Number(group.num_rows)), 0);
    const limitMB = options.maxEntryMB ?? DEFAULT_MAX_GROUP_MB;
    const groupBytes = groups.map((group) => group.columns.reduce((sum, chunk) => sum + Number(chunk.meta_data?.total_compressed_size ?? 0), 0));
    const readGroup = (g: number) => {
      const bytes = groupBytes[g];
      if (bytes > limitMB * 1048576) {
        const tooLarge = Promise.reject(new PreviewError('unreadableSource', sourceStrings.rowGroupTooLarge(file.filename ?? file.url, g, Math.ceil(bytes / 1048576), limitMB), { file: file.url }));
        tooLarge.catch(() => undefined);
        return tooLarge;
      }
      const read = readRowGroupColumns(buffer, metadata, columns, starts[g], starts[g] + Number(groups[g].num_rows));
      read.catch(() => undefined);
      return read;
    };
    const rowOf = (data: ArrayLike<unknown>[], i: number): Record<string, unknown> => {
      const row: Record<string, unknown> = {};
      for (let c = 0; c < columns.length; c++) setOwn(row, columns[c], normaliseCell(data[c][i]));
      return row;
    };
    const cellOfFilter = filters.map((filter) => (filter.column === undefined ? -1 : columns.indexOf(filter.column)));
    const filterCells = [...new Set(cellOfFilter.filter((c) => c >= 0))];
    const cells = new Array<unknown>(columns.length);
    // The next row groups are read while one is handed over (at least one ahead, more within the budget).
    const pending: Promise<ArrayLike<unknown>[]>[] = [];
    let queued = 0;
    let bytesAhead = 0;
    const readAhead = () => {
      while (queued < groups.length && pending.length < MAX_GROUPS_AHEAD && !options.signal?.aborted && (pending.length === 0 || bytesAhead + groupBytes[queued] <= MAX_BYTES_AHEAD)) {
        bytesAhead += groupBytes[queued];
        pending.push(readGroup(queued++));
      }
    };
    readAhead();
    for (let g = 0; g < groups.length; g++) {
      if (options.signal?.aborted) return false;
      let data: ArrayLike<unknown>[];
      try {
        data = await (pending.shift() as Promise<ArrayLike<unknown>[]>);
      } catch (error) {
        throw unreadable(file, error);
      }
      bytesAhead -= groupBytes[g];
      readAhead();
      const groupRows = Number(groups[g].num_rows);
      for (let i = 0; i < groupRows; i++) {
        if (byCells) {
          // Filters on top-level columns test the cells; only a kept row becomes an object.
          for (const c of filterCells) cells[c] = cellOf(data[c][i]);
          if (!counter.testCells(cells, cellOfFilter)) continue;
          counter.kept(rowOf(data, i), input.originOf(rowBase + starts[g] + i));
          continue;
        }
        const row = rowOf(data, i);
        if (counter.test(row)) counter.kept(row, input.originOf(rowBase + starts[g] + i));
      }
      input.progress({ done: rowBase + starts[g] + groupRows, total, unit: 'records', rowsSeen: counter.stats.total, rowsKept: counter.stats.matched });
    }
    return true;
  }
}
