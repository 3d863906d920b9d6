/**
 * Writes every kept row of a dataset's source to a JSON Lines or CSV file, streaming: rows go from the
 * preview's row sink (`PreviewOptions.onRow`) through a small buffer to a temporary file beside the target,
 * which replaces the target only when the whole source was read. A cancelled or failed export leaves the
 * target as it was.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { randomBytes } from 'node:crypto';
import { preview } from '../sources/preview';
import { PreviewOptions, PreviewProgress, PreviewResult } from '../model/previewTypes';
import { csvHeader, csvRow, ExportFormat, exportFormatOf, jsonlLine } from './rowFormats';
import { datasetCommandStrings as S } from '../l10n/cliStrings';
import { sourceStrings } from '../l10n/sourceStrings';
import { maskRegistered } from '../text/secretMask';
import { keepTargetMode } from './targetMode';

type ExportErrorKind = 'format' | 'cancelled' | 'incomplete' | 'write';

export class ExportError extends Error {
  constructor(readonly kind: ExportErrorKind, message: string) {
    super(message);
    this.name = 'ExportError';
  }
}

interface ExportOptions {
  /** Path of the spec file (relative source paths resolve against its folder). */
  specPath: string;
  /** The file to write (absolute). */
  outFile: string;
  /** Default: by the output's extension. */
  format?: ExportFormat;
  signal?: AbortSignal;
  onProgress?: (progress: PreviewProgress) => void;
  /** Passed on to the preview (env, secrets, fetch confirmation, home directory…). */
  previewOptions?: Omit<PreviewOptions, 'limit' | 'signal' | 'onRow' | 'onProgress' | 'specPath'>;
}

interface ExportOutcome {
  /** Kept rows written. */
  rows: number;
  format: ExportFormat;
  /** The funnel of the pass that wrote the rows. */
  result: PreviewResult;
}

const FLUSH_CHARS = 1 << 20;

/** Appends text to a file descriptor through a buffer of about a megabyte. */
class BufferedWriter {
  private parts: string[] = [];
  private size = 0;

  constructor(private readonly fd: number) {}

  /** Appends `text` with every configured credential masked (docs/security.md, "Masking"). */
  write(text: string): void {
    const masked = maskRegistered(text);
    this.parts.push(masked);
    this.size += masked.length;
    if (this.size >= FLUSH_CHARS) this.flush();
  }

  flush(): void {
    if (this.parts.length === 0) return;
    const text = this.parts.join('');
    this.parts = [];
    this.size = 0;
    fs.writeSync(this.fd, text);
  }
}

function linkedAbort(outer: AbortSignal | undefined): AbortController {
  const controller = new AbortController();
  if (outer?.aborted) controller.abort();
  else outer?.addEventListener('abort', () => controller.abort(), { once: true });
  return controller;
}

/** A fresh temporary path in the target's folder (so the final rename stays on one file system). */
function temporaryPathFor(outFile: string): string {
  return path.join(path.dirname(outFile), `.${path.basename(outFile)}.${process.pid}-${randomBytes(4).toString('hex')}.part`);
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function checkComplete(result: PreviewResult, signal: AbortSignal | undefined): void {
  if (result.complete) return;
  throw signal?.aborted ? new ExportError('cancelled', S.exportCancelled) : new ExportError('incomplete', S.exportIncomplete);
}

/**
 * Exports every kept row of `datasetSpecValue` (a valid dataset spec) to `options.outFile`. CSV needs the
 * columns first, so a CSV export reads the source twice (a count, then the rows).
 */
export async function exportKeptRows(datasetSpecValue: unknown, options: ExportOptions): Promise<ExportOutcome> {
  const format = options.format ?? exportFormatOf(options.outFile);
  if (!format) throw new ExportError('format', S.outputFormat(options.outFile));
  const base: PreviewOptions = { ...options.previewOptions, specPath: options.specPath, limit: 0, onProgress: options.onProgress };
  let columns: string[] = [];
  if (format === 'csv') {
    const counted = await preview(datasetSpecValue, { ...base, signal: options.signal });
    checkComplete(counted, options.signal);
    columns = counted.columns;
  }
  const temp = temporaryPathFor(options.outFile);
  let fd: number;
  try {
    fd = fs.openSync(temp, 'wx');
  } catch (error) {
    throw new ExportError('write', S.exportFailed(options.outFile, reason(error)));
  }
  let renamed = false;
  try {
    const writer = new BufferedWriter(fd);
    const controller = linkedAbort(options.signal);
    let writeError: unknown;
    let rows = 0;
    if (format === 'csv') writer.write(csvHeader(columns));
    const onRow = (values: Record<string, unknown>) => {
      if (writeError !== undefined) return;
      try {
        writer.write(format === 'csv' ? csvRow(values, columns) : jsonlLine(values));
        rows++;
      } catch (error) {
        writeError = error;
        controller.abort();
      }
    };
    const result = await preview(datasetSpecValue, { ...base, signal: controller.signal, onRow });
    if (writeError !== undefined) throw new ExportError('write', S.exportFailed(options.outFile, reason(writeError)));
    checkComplete(result, options.signal);
    // Every source hands over each kept row; one that gave fewer rows than it counted leaves the file as it was.
    if (rows < result.matched) throw new ExportError('incomplete', sourceStrings.exportPartial(rows, result.matched));
    try {
      writer.flush();
      keepTargetMode(fd, options.outFile);
      fs.closeSync(fd);
      fd = -1;
      fs.renameSync(temp, options.outFile);
      renamed = true;
    } catch (error) {
      throw new ExportError('write', S.exportFailed(options.outFile, reason(error)));
    }
    return { rows, format, result };
  } finally {
    if (fd >= 0) fs.closeSync(fd);
    if (!renamed) fs.rmSync(temp, { force: true });
  }
}
