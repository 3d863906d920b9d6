/**
 * Counting a hub split here (docs/semantics.md §9.4): only the filters' columns are read from the split's Parquet files,
 * by HTTP range requests (an AsyncBuffer over the one HTTP layer; the footer is read with at most 1/64 of the
 * file more, never the whole file), and every row is tested with the §5 evaluator. Filters on flat columns are
 * evaluated column-wise on decoded pages (parquetColumnOutcomes), with the next row groups fetched while one is
 * decoded; other filters (nested paths, nested columns) on row objects.
 */
import { parquetMetadataAsync, parquetRead } from 'hyparquet';
import type { AsyncBuffer, FileMetaData } from 'hyparquet';
import { footerProblem } from '../parquet/parquetFooter';
import { boundedCompressors } from '../parquet/boundedCompressors';
import { CompiledFilter, referencedColumns } from '../../filters/filterEvaluator';
import { RowCounter } from '../../engine/scan/rowCounter';
import { RemoteClient, isCancellation } from '../remote/remoteClient';
import { PreviewError } from '../previewError';
import { sourceStrings } from '../../l10n/sourceStrings';
import { cellOf } from './parquetCells';
import { ValueTest, chunkDecoder, columnChunkOutcomes, flatSchemaPaths } from './parquetColumnOutcomes';
import type { PreviewProgress } from '../../model/previewTypes';
import type { SourceOptions } from '../sourceDefinition';

export { normaliseCell } from './parquetCells';

/**
 * Row groups whose column chunks are in flight ahead of the one being decoded: as many as fit in the byte budget
 * (at least one), at most the group limit, so a split's range requests overlap the decoding without holding more
 * than a bounded part of the split in memory.
 */
const MAX_GROUPS_AHEAD = 16;
const MAX_BYTES_AHEAD = 48 * 1024 * 1024;

export interface HubParquetFile {
  url: string;
  size?: number;
  filename?: string;
}

interface ParquetCount {
  counter: RowCounter;
  /** Global row indexes (over the split, in file order) of the first kept rows. */
  keptRows: number[];
  columnsRead: string[];
  /** Bytes of Parquet data read (footers and column chunks). */
  bytesRead: number;
  complete: boolean;
}

/** A Parquet file over range requests; counts the bytes it reads. */
class RangeAsyncBuffer implements AsyncBuffer {
  bytesRead = 0;
  constructor(
    private readonly client: RemoteClient,
    private readonly url: string,
    readonly byteLength: number,
    private readonly what: string,
    private readonly anonymous: boolean,
    /** What a 404 means, in the error ("no Parquet file 0000.parquet any more"). */
    private readonly notFound?: string,
  ) {}

  /** Byte ranges worth reading (the wanted column chunks); absent: any range asked. */
  private wanted: [number, number][] | undefined;

  /**
   * Reads only these ranges from now on: the Parquet reader merges chunks separated by small gaps into one
   * slice, and the gap bytes (other columns, never decoded) are left as zeros instead of being downloaded.
   */
  restrictTo(ranges: [number, number][]): void {
    this.wanted = [...ranges].sort((a, b) => a[0] - b[0]);
  }

  async slice(start: number, end?: number): Promise<ArrayBuffer> {
    const stop = Math.min(end ?? this.byteLength, this.byteLength);
    if (stop <= start) return new ArrayBuffer(0);
    const pieces = this.wanted
      ? this.wanted.map(([a, b]): [number, number] => [Math.max(a, start), Math.min(b, stop)]).filter(([a, b]) => b > a)
      : [[start, stop] as [number, number]];
    if (pieces.length === 1 && pieces[0][0] === start && pieces[0][1] === stop) return this.read(start, stop);
    const out = new Uint8Array(stop - start);
    await Promise.all(pieces.map(async ([a, b]) => out.set(new Uint8Array(await this.read(a, b)), a - start)));
    return out.buffer;
  }

  private async read(start: number, stop: number): Promise<ArrayBuffer> {
    const buffer = await this.client.range(this.url, start, stop, { what: this.what, anonymous: this.anonymous, notFound: this.notFound });
    this.bytesRead += buffer.byteLength;
    return buffer;
  }
}

/** The byte ranges of the column chunks of `columns` in every row group. */
function chunkRanges(metadata: FileMetaData, columns: readonly string[]): [number, number][] {
  const ranges: [number, number][] = [];
  for (const group of metadata.row_groups) {
    for (const chunk of group.columns) {
      const meta = chunk.meta_data;
      if (!meta || !columns.includes(meta.path_in_schema[0])) continue;
      const start = Number(meta.dictionary_page_offset || meta.data_page_offset);
      ranges.push([start, start + Number(meta.total_compressed_size)]);
    }
  }
  return ranges;
}

/** The columns of one row group, each as one array indexed from the group's first row. */
export async function readRowGroupColumns(file: AsyncBuffer, metadata: FileMetaData, columns: string[], rowStart: number, rowEnd: number): Promise<ArrayLike<unknown>[]> {
  const parts = new Map<string, { start: number; data: ArrayLike<unknown> }[]>(columns.map((column) => [column, []]));
  await parquetRead({ file, metadata, columns, rowStart, rowEnd, compressors: boundedCompressors(), onChunk: (chunk) => parts.get(chunk.columnName)?.push({ start: chunk.rowStart, data: chunk.columnData }) });
  return columns.map((column) => {
    const list = parts.get(column) ?? [];
    if (list.length === 1 && list[0].start === rowStart && list[0].data.length >= rowEnd - rowStart) return list[0].data;
    const flat = new Array<unknown>(rowEnd - rowStart);
    for (const part of list) {
      for (let k = 0; k < part.data.length; k++) {
        const at = part.start + k - rowStart;
        if (at >= 0 && at < flat.length) flat[at] = part.data[k];
      }
    }
    return flat;
  });
}

interface ParquetCountInput {
  client: RemoteClient;
  files: HubParquetFile[];
  filters: readonly CompiledFilter[];
  allColumns: string[];
  /** Kept rows whose index is remembered for the first page. */
  need: number;
  what: string;
  /** Whether a file's URL may receive the hub token. */
  sendsToken: (url: string) => boolean;
  options: SourceOptions;
  /** How far the reading is (the run's progress). */
  progress: (update: PreviewProgress) => void;
  label: string;
  /** Tests every row as a row object even where the column-wise evaluation applies (the reference path). */
  rowWise?: boolean;
  /** Called once, during the count, as soon as the first `need` kept rows are known (their global indexes). */
  onKeptRows?: (rows: readonly number[]) => void;
}

export interface OpenedFile {
  file: HubParquetFile;
  buffer: RangeAsyncBuffer;
  metadata: FileMetaData;
}

/**
 * Bytes read from a file's end to find its footer: enough for most footers in one request (a second one reads the
 * rest of a larger footer), at most 1/64 of the file and 64 KiB, so the bytes read stay close to the columns'.
 */
function footerFetchSize(size: number): number {
  return Math.max(8, Math.min(65536, Math.floor(size / 64)));
}

/** A file's size (asked when the listing has none) and footer, read by range requests. */
async function openParquetFile(client: RemoteClient, file: HubParquetFile, what: string, sendsToken: (url: string) => boolean): Promise<OpenedFile> {
  const anonymous = !sendsToken(file.url);
  const size = file.size ?? (await client.size(file.url, { what, anonymous }));
  const buffer = new RangeAsyncBuffer(client, file.url, size, what, anonymous, sourceStrings.parquetGone(file.filename ?? file.url));
  try {
    const metadata = await parquetMetadataAsync(buffer, { initialFetchSize: footerFetchSize(size) });
    const problem = footerProblem(metadata, size);
    if (problem !== undefined) throw new PreviewError('unreadableSource', sourceStrings.parquetDamaged(file.filename ?? file.url, problem), { file: file.url });
    return { file, buffer, metadata };
  } catch (error) {
    throw unreadable(file, error);
  }
}

/**
 * Opens every file of the split (each footer first, all at once: the progress then knows the split's row
 * count), then visits the files in order with the number of rows before each; stops when a visit returns
 * false or the work is cancelled. Returns whether every file was visited and the bytes read.
 */
export async function visitParquetFiles(
  client: RemoteClient,
  input: { files: readonly HubParquetFile[]; what: string; sendsToken: (url: string) => boolean },
  visit: (entry: OpenedFile, rowBase: number, total: number) => Promise<boolean>,
): Promise<{ complete: boolean; bytesRead: number }> {
  const opened: OpenedFile[] = [];
  let complete = true;
  try {
    await openParquetFiles(client, input.files, input.what, input.sendsToken, opened);
    const total = opened.reduce((sum, entry) => sum + Number(entry.metadata.num_rows), 0);
    let rowBase = 0;
    for (const entry of opened) {
      if (!(await visit(entry, rowBase, total))) {
        complete = false;
        break;
      }
      rowBase += Number(entry.metadata.num_rows);
    }
  } catch (error) {
    if (!isCancellation(error)) throw error;
    complete = false;
  }
  return { complete, bytesRead: opened.reduce((sum, entry) => sum + entry.buffer.bytesRead, 0) };
}

/** Every file's footer asked at once; a failure is reported for the first file in order whose footer failed. */
async function openParquetFiles(client: RemoteClient, files: readonly HubParquetFile[], what: string, sendsToken: (url: string) => boolean, opened: OpenedFile[]): Promise<void> {
  const footers = files.map((file) => {
    const footer = openParquetFile(client, file, what, sendsToken);
    footer.catch(() => undefined);
    return footer;
  });
  for (const footer of footers) opened.push(await footer);
}

export function unreadable(file: HubParquetFile, error: unknown): unknown {
  if (error instanceof PreviewError || isCancellation(error)) return error;
  return new PreviewError('unreadableSource', sourceStrings.parquetUnreadable(file.filename ?? file.url, error instanceof Error ? error.message : String(error)), { file: file.url });
}

export async function countFromParquet(input: ParquetCountInput): Promise<ParquetCount> {
  const count = new SplitCount(input);
  const { complete, bytesRead } = await visitParquetFiles(input.client, input, (entry, rowBase, total) => count.countFile(entry, rowBase, total));
  return { counter: count.counter, keptRows: count.keptRows, columnsRead: count.columns, bytesRead, complete };
}

type FlatPaths = NonNullable<ReturnType<typeof flatSchemaPaths>>;
type GroupChunks = { chunk: FileMetaData['row_groups'][number]['columns'][number]; bytes: Uint8Array }[];

/** A row group's chunks of the read columns: contiguous chunks are fetched in one range request. */
async function fetchGroupChunks(buffer: RangeAsyncBuffer, groups: FileMetaData['row_groups'], g: number, read: readonly string[]): Promise<GroupChunks> {
  const chunks = read.map((column) => {
    const chunk = groups[g].columns.find((candidate) => candidate.meta_data?.path_in_schema.length === 1 && candidate.meta_data.path_in_schema[0] === column);
    const meta = chunk?.meta_data;
    if (!chunk || !meta) throw new Error(`parquet row group ${g} has no column ${column}`);
    const start = Number(meta.dictionary_page_offset || meta.data_page_offset);
    return { chunk, start, end: start + Number(meta.total_compressed_size) };
  });
  const spans: { start: number; end: number; bytes?: Promise<ArrayBuffer> }[] = [];
  const spanOf = new Array<number>(chunks.length);
  for (const c of chunks.map((_, index) => index).sort((a, b) => chunks[a].start - chunks[b].start)) {
    const { start, end } = chunks[c];
    const last = spans[spans.length - 1];
    if (last && start === last.end) last.end = end;
    else spans.push({ start, end });
    spanOf[c] = spans.length - 1;
  }
  for (const span of spans) span.bytes = buffer.slice(span.start, span.end);
  return Promise.all(chunks.map(async ({ chunk, start, end }, c) => {
    const span = spans[spanOf[c]];
    return { chunk, bytes: new Uint8Array(await (span.bytes as Promise<ArrayBuffer>), start - span.start, end - start) };
  }));
}

/** The row groups of a file fetched ahead of the one decoded, within MAX_GROUPS_AHEAD and MAX_BYTES_AHEAD. */
class GroupPrefetch {
  private readonly pending: Promise<GroupChunks>[] = [];
  private readonly groupBytes: number[];
  private bytesAhead = 0;

  constructor(private readonly buffer: RangeAsyncBuffer, private readonly groups: FileMetaData['row_groups'], private readonly read: readonly string[]) {
    this.groupBytes = groups.map((group) => group.columns.reduce((sum, chunk) => sum + (chunk.meta_data && read.includes(chunk.meta_data.path_in_schema[0]) ? Number(chunk.meta_data.total_compressed_size) : 0), 0));
  }

  /** Starts the fetches of the groups from `g` on that fit. */
  ahead(g: number): void {
    const pending = this.pending;
    while (pending.length < MAX_GROUPS_AHEAD + 1 && g + pending.length < this.groups.length) {
      const next = g + pending.length;
      if (pending.length > 0 && this.bytesAhead + this.groupBytes[next] > MAX_BYTES_AHEAD) break;
      this.bytesAhead += this.groupBytes[next];
      const fetched = fetchGroupChunks(this.buffer, this.groups, next, this.read);
      fetched.catch(() => undefined);
      pending.push(fetched);
    }
  }

  /** The chunks of group `g` (the oldest fetch), the next fetches started. */
  async take(g: number): Promise<GroupChunks> {
    const chunks = await (this.pending.shift() as Promise<GroupChunks>);
    this.bytesAhead -= this.groupBytes[g];
    this.ahead(g + 1);
    return chunks;
  }
}

/** The count of a split's rows over its files, and the indexes of the first kept rows. */
class SplitCount {
  readonly columns: string[];
  readonly counter: RowCounter;
  readonly keptRows: number[] = [];
  /** Every filter tests one top-level column's value: files whose read columns are flat are counted column-wise. */
  private readonly fast: boolean;
  private keptRowsGiven = false;

  constructor(private readonly input: ParquetCountInput) {
    const filters = input.filters;
    this.columns = referencedColumns(filters) ?? input.allColumns;
    this.counter = new RowCounter(filters, input.need, input.label);
    this.fast = filters.every((filter) => filter.testValue !== undefined && filter.column !== undefined && filter.expression.segments.length === 1);
  }

  /** Gives the first page's row indexes as soon as they are all known. */
  private pageKnown(): void {
    if (this.keptRowsGiven || this.keptRows.length < this.input.need) return;
    this.keptRowsGiven = true;
    this.input.onKeptRows?.([...this.keptRows]);
  }

  private groupDone(done: number, total: number): void {
    this.pageKnown();
    this.input.progress({ done, total, unit: 'records', rowsSeen: this.counter.stats.total, rowsKept: this.counter.stats.matched });
  }

  /** Counts one file's rows; false when cancelled. */
  async countFile(entry: OpenedFile, rowBase: number, total: number): Promise<boolean> {
    const { file, metadata } = entry;
    const present = new Set(metadata.schema.slice(1).map((element) => element.name));
    const read = this.columns.filter((column) => present.has(column));
    if (this.fast && !this.input.rowWise) {
      let paths: ReturnType<typeof flatSchemaPaths>;
      try {
        paths = flatSchemaPaths(metadata, read);
      } catch (error) {
        throw unreadable(file, error);
      }
      if (paths) return this.countFileByColumns(entry, paths, read, rowBase, total);
    }
    return this.countFileByRows(entry, read, rowBase, total);
  }

  /** Counts one file's rows row by row (cells, or row objects for nested paths); false when cancelled. */
  private async countFileByRows({ file, buffer, metadata }: OpenedFile, read: string[], rowBase: number, total: number): Promise<boolean> {
    const { filters, options } = this.input;
    buffer.restrictTo(chunkRanges(metadata, read));
    const cellOfFilter = filters.map((filter) => (filter.column === undefined ? -1 : read.indexOf(filter.column)));
    const cells = new Array<unknown>(read.length);
    const row: Record<string, unknown> = {};
    let groupStart = 0;
    for (const group of metadata.row_groups) {
      if (options.signal?.aborted) return false;
      const groupRows = Number(group.num_rows);
      let data: ArrayLike<unknown>[];
      try {
        data = read.length > 0 ? await readRowGroupColumns(buffer, metadata, read, groupStart, groupStart + groupRows) : [];
      } catch (error) {
        throw unreadable(file, error);
      }
      for (let i = 0; i < groupRows; i++) {
        for (let c = 0; c < read.length; c++) {
          const cell = data[c][i];
          cells[c] = cellOf(cell);
        }
        let kept: boolean;
        if (this.fast) kept = this.counter.testCells(cells, cellOfFilter);
        else {
          read.forEach((column, c) => (row[column] = cells[c]));
          kept = this.counter.test(row);
        }
        if (kept && this.keptRows.length < this.input.need) this.keptRows.push(rowBase + groupStart + i);
      }
      groupStart += groupRows;
      this.groupDone(rowBase + groupStart, total);
    }
    return true;
  }

  /** Counts one file's rows column-wise (every read column is flat); false when cancelled. */
  private async countFileByColumns({ file, buffer, metadata }: OpenedFile, paths: FlatPaths, read: string[], rowBase: number, total: number): Promise<boolean> {
    const { filters, options } = this.input;
    // Per read column, the tests of the filters on it; per filter, where its outcomes come from.
    const testsOf: ValueTest[][] = read.map(() => []);
    const slots = filters.map((filter) => {
      const c = read.indexOf(filter.column as string);
      if (c < 0) return { column: -1, test: 0, absent: (filter.testValue as ValueTest)(undefined) };
      testsOf[c].push(filter.testValue as ValueTest);
      return { column: c, test: testsOf[c].length - 1, absent: 0 };
    });
    const groups = metadata.row_groups;
    const prefetch = new GroupPrefetch(buffer, groups, read);
    // The outcome and kept arrays of a row group are written again for the next (as long as it is no larger).
    let outcomeArrays: Uint8Array[][] = [];
    let keptArray: Uint8Array | undefined;
    let groupStart = 0;
    for (let g = 0; g < groups.length; g++) {
      if (options.signal?.aborted) return false;
      const groupRows = Number(groups[g].num_rows);
      prefetch.ahead(g);
      let outcomes: Uint8Array[];
      try {
        const chunks = await prefetch.take(g);
        const byColumn = chunks.map(({ chunk, bytes }, c) => columnChunkOutcomes(bytes, groupRows, chunkDecoder(chunk, paths.get(read[c]) as NonNullable<ReturnType<typeof paths.get>>), testsOf[c], outcomeArrays[c]));
        outcomeArrays = byColumn;
        outcomes = slots.map((slot) => (slot.column < 0 ? new Uint8Array(groupRows).fill(slot.absent) : byColumn[slot.column][slot.test]));
      } catch (error) {
        throw unreadable(file, error);
      }
      const kept = this.counter.testBatch(outcomes, groupRows, keptArray);
      keptArray = kept;
      for (let i = 0; i < groupRows && this.keptRows.length < this.input.need; i++) if (kept[i] === 1) this.keptRows.push(rowBase + groupStart + i);
      groupStart += groupRows;
      this.groupDone(rowBase + groupStart, total);
    }
    return true;
  }
}
