/**
 * A transcript database directory (`transcripts_*.parquet`, optionally `_index/`), read with hyparquet: one row
 * per transcript with the database's columns in their order, `sample_id` = `transcript_id` first, JSON-text
 * columns parsed, `trace` built from `messages`. Rows are counted from the Parquet footers; only the page's rows
 * are decoded. `limit` caps the rows (the first N, in file and row order).
 */
import { open, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { AsyncBuffer, FileMetaData, parquetMetadataAsync, parquetReadObjects, parquetSchema } from 'hyparquet';
import { TOO_DEEP_MARKER } from '../../json/depthGuard';
import { startZstdWasm } from '../../archive/zstdWasm';
import { sourceStrings } from '../../l10n/sourceStrings';
import { assertRegularFile } from '../../text/regularFile';
import { PreviewError } from '../previewError';
import { FilterStep, PreviewResult, PreviewRow } from '../../model/previewTypes';
import { isPlainObject, setOwn } from '../../json/objectValues';
import type { EvalLogsInput } from './evalLogsInput';
import { EVAL_LOGS_SOURCE_TYPE } from './evalLogColumns';
import { inspectTrace } from './inspectTrace';
import { WarningList } from './warningList';
import { footerProblem } from '../parquet/parquetFooter';
import { boundedCompressors } from '../parquet/boundedCompressors';

const MB = 1024 * 1024;

/** Page decompressors bounded by `evalLens.preview.maxEntryMB` (docs/security.md). */
function compressorsFor(options: EvalLogsInput['options']) {
  return boundedCompressors(options.maxEntryMB === undefined ? undefined : options.maxEntryMB * MB);
}

const DATABASE_FILE = /^transcripts_.*\.parquet$/i;
/** Columns the database writes as JSON text (inspect_scout `_transcript/database/`). */
const JSON_COLUMNS = new Set(['agent_args', 'model_options', 'score', 'messages', 'events', 'timelines', 'events_data', 'metadata']);


async function databaseFiles(path: string): Promise<string[]> {
  try {
    if (!(await stat(path)).isDirectory()) return [];
    return (await readdir(path)).filter((name) => DATABASE_FILE.test(name)).sort();
  } catch {
    return [];
  }
}

export async function isTranscriptDatabase(path: string): Promise<boolean> {
  return (await databaseFiles(path)).length > 0;
}

async function fileBuffer(path: string): Promise<{ buffer: AsyncBuffer; close: () => Promise<void> }> {
  // A named pipe would block the open below forever.
  assertRegularFile(path);
  const handle = await open(path, 'r');
  const byteLength = (await handle.stat()).size;
  return {
    buffer: {
      byteLength,
      slice: async (start: number, end?: number) => {
        const stop = Math.min(end ?? byteLength, byteLength);
        const bytes = new Uint8Array(Math.max(0, stop - start));
        let filled = 0;
        while (filled < bytes.length) {
          const { bytesRead } = await handle.read(bytes, filled, bytes.length - filled, start + filled);
          if (bytesRead === 0) break;
          filled += bytesRead;
        }
        return bytes.buffer;
      },
    },
    close: () => handle.close(),
  };
}

/** JSON-safe cell values: 64-bit integers as numbers (or text beyond 2^53), dates as ISO text. */
function plainValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'bigint') return value <= BigInt(Number.MAX_SAFE_INTEGER) && value >= BigInt(Number.MIN_SAFE_INTEGER) ? Number(value) : value.toString();
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (value instanceof Uint8Array) return `[binary: ${value.length} bytes]`;
  if (typeof value !== 'object' || value === null) return value;
  if (depth > 32) return TOO_DEEP_MARKER;
  if (Array.isArray(value)) return value.map((item) => plainValue(item, depth + 1));
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) setOwn(copy, key, plainValue(item, depth + 1));
  return copy;
}

interface DatabasePart {
  file: string;
  metadata: FileMetaData;
  rows: number;
  columns: string[];
}

function transcriptRow(raw: Record<string, unknown>, part: DatabasePart, rowIndex: number, warnings: WarningList): Record<string, unknown> {
  const row: Record<string, unknown> = { sample_id: raw.transcript_id === undefined || raw.transcript_id === null ? null : String(plainValue(raw.transcript_id)) };
  for (const column of part.columns) {
    let value = plainValue(raw[column]);
    if (JSON_COLUMNS.has(column) && typeof value === 'string' && value !== '') {
      try {
        value = plainValue(JSON.parse(value));
      } catch {
        warnings.add(sourceStrings.jsonColumnInvalid(column, rowIndex + 1, part.file), part.file);
      }
    }
    if (column !== 'sample_id') setOwn(row, column, value);
  }
  const text = (key: string) => (typeof row[key] === 'string' ? (row[key] as string) : undefined);
  const number = (key: string) => (typeof row[key] === 'number' ? (row[key] as number) : undefined);
  const trace = inspectTrace(row.messages, {
    trace_id: text('transcript_id'),
    source_type: EVAL_LOGS_SOURCE_TYPE,
    source_uri: text('source_uri') ?? part.file,
    agent: text('agent'),
    model: text('model'),
    created_at: text('date') && !Number.isNaN(Date.parse(text('date')!)) ? new Date(text('date')!).toISOString() : undefined,
    total_time: number('total_time'),
    total_tokens: number('total_tokens'),
    message_count: Array.isArray(row.messages) ? row.messages.length : number('message_count'),
    error: text('error') || undefined,
  });
  if (trace.metadata) for (const key of Object.keys(trace.metadata) as (keyof typeof trace.metadata)[]) if (trace.metadata[key] === undefined) delete trace.metadata[key];
  row.trace = isPlainObject(trace) ? trace : null;
  return row;
}

export async function previewTranscriptDatabase(input: EvalLogsInput): Promise<PreviewResult> {
  const { options, run } = input;
  const warnings = new WarningList();
  const zstdStarted = startZstdWasm();
  const names = await databaseFiles(input.path);
  await zstdStarted;
  const parts: DatabasePart[] = [];
  const columns: string[] = ['sample_id'];
  const pageSize = Math.max(0, Math.floor(options.limit));
  const rows: PreviewRow[] = [];
  let total = 0;
  /** Rows given to the row sink so far. */
  let handed = 0;
  for (const name of names) {
    if (run.cancelled()) break;
    const file = join(input.path, name);
    const unreadable = (error: unknown) => error instanceof PreviewError ? error : new PreviewError('unreadableSource', sourceStrings.parquetFailed(file, error instanceof Error ? error.message : String(error)), { file });
    const { buffer, close } = await fileBuffer(file).catch((error: unknown) => {
      throw unreadable(error);
    });
    try {
      const metadata = await parquetMetadataAsync(buffer);
      const problem = footerProblem(metadata, buffer.byteLength);
      if (problem !== undefined) throw new PreviewError('unreadableSource', sourceStrings.parquetDamaged(file, problem), { file });
      const fileColumns = parquetSchema(metadata).children.map((child) => child.element.name);
      const part: DatabasePart = { file, metadata, rows: Number(metadata.num_rows), columns: fileColumns };
      for (const column of fileColumns) if (!columns.includes(column)) columns.push(column);
      parts.push(part);
      const capped = input.limit === undefined ? Infinity : input.limit;
      const wanted = Math.min(pageSize, capped) - rows.length;
      if (options.onRow) {
        handed = await handRows(buffer, part, Math.min(part.rows, capped - handed), handed, columns, rows, pageSize, warnings, options);
      } else if (wanted > 0 && part.rows > 0) {
        const raw = await parquetReadObjects({ file: buffer, metadata, rowStart: 0, rowEnd: Math.min(part.rows, wanted), compressors: compressorsFor(options) });
        raw.forEach((record, k) => rows.push({ values: transcriptRow(record, part, k, warnings), origin: { file } }));
      }
      total += part.rows;
    } catch (error) {
      throw unreadable(error);
    } finally {
      await close();
    }
    run.progress({ done: parts.length, total: names.length, unit: 'files', rowsSeen: total, rowsKept: total });
  }
  if (!columns.includes('trace')) columns.push('trace');
  if (!options.onRow) for (const row of rows) row.values = inColumnOrder(row.values, columns);
  const matched = input.limit === undefined ? total : Math.min(total, input.limit);
  const steps: FilterStep[] = matched < total ? [{ index: 0, field: 'limit', label: sourceStrings.cappedByLimit, removed: total - matched, notComparable: 0 }] : [];
  const result: PreviewResult = {
    columns,
    rows,
    total,
    matched,
    removedPerFilter: steps,
    notComparable: 0,
    warnings: warnings.list(),
    complete: !run.cancelled(),
    selection: true,
    recordNoun: 'transcripts',
    countedBy: sourceStrings.countedDatabase(parts.length),
    sourceFacts: { metadataKeys: metadataKeysOf(rows), scoreKeys: [] },
  };
  return result;
}

/** A row's values in the order of `columns` (then `trace`), missing ones null. */
function inColumnOrder(values: Record<string, unknown>, columns: readonly string[]): Record<string, unknown> {
  const ordered: Record<string, unknown> = {};
  for (const column of columns) setOwn(ordered, column, values[column] ?? null);
  if (!columns.includes('trace')) setOwn(ordered, 'trace', values.trace ?? null);
  return ordered;
}

/**
 * A row sink takes the first `count` rows of a database file, decoded one row group at a time, each as soon as it
 * is built (in the order of the columns met so far); the first `pageSize` rows of all are also kept for the page.
 * Returns the number of rows handed over in all.
 */
async function handRows(buffer: AsyncBuffer, part: DatabasePart, count: number, handed: number, columns: readonly string[], rows: PreviewRow[], pageSize: number, warnings: WarningList, options: EvalLogsInput['options']): Promise<number> {
  let groupStart = 0;
  let given = 0;
  for (const group of part.metadata.row_groups) {
    if (options.rowsWanted) await options.rowsWanted();
    if (given >= count || options.signal?.aborted) break;
    const groupEnd = Math.min(groupStart + Number(group.num_rows), groupStart + count - given);
    const raw = await parquetReadObjects({ file: buffer, metadata: part.metadata, rowStart: groupStart, rowEnd: groupEnd, compressors: compressorsFor(options) });
    for (const [k, record] of raw.entries()) {
      const values = inColumnOrder(transcriptRow(record, part, groupStart + k, warnings), columns);
      options.onRow?.(values, { file: part.file });
      if (rows.length < pageSize) rows.push({ values, origin: { file: part.file } });
    }
    given += raw.length;
    groupStart += Number(group.num_rows);
  }
  return handed + given;
}

function metadataKeysOf(rows: PreviewRow[]): string[] {
  const keys: string[] = [];
  for (const row of rows) if (isPlainObject(row.values.metadata)) for (const key of Object.keys(row.values.metadata)) if (!keys.includes(key)) keys.push(key);
  return keys;
}
