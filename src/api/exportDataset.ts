/** `exportDataset`: every kept row written as `eval-lens dataset export` writes them (src/core/export/keptRowsExport.ts). */
import * as path from 'node:path';
import { datasetCommandStrings } from '../core/l10n/cliStrings';
import { exportKeptRows, ExportError as CoreExportError } from '../core/export/keptRowsExport';
import { exportFormatOf } from '../core/export/rowFormats';
import { PreviewError as CorePreviewError } from '../core/sources/preview';
import { registerEnvironmentCredentials } from '../core/sources/remote/credentials';
import { datasetDocumentErrors } from '../core/validation/fileValidationReport';
import { ExportError, PreviewError, SpecError } from './errors';
import { readSpec, specValue } from './specInput';
import type { ExportFormat, ExportOptions, ExportResult, SpecText } from './types';

/**
 * Writes every row the spec's filters keep to `outPath`, as JSON Lines or CSV (by `format`, else by the extension).
 * The file is replaced only when the whole source was read.
 * @throws {@link SpecError} for an invalid spec; {@link PreviewError} when the source fails; {@link ExportError} when the file is not written.
 */
export async function exportDataset(spec: string | SpecText, outPath: string, format?: ExportFormat, options: ExportOptions = {}): Promise<ExportResult> {
  registerEnvironmentCredentials(process.env);
  const outFile = path.resolve(outPath);
  const chosen = format ?? exportFormatOf(outFile);
  if (chosen !== 'jsonl' && chosen !== 'csv') throw new ExportError(datasetCommandStrings.outputFormat(outPath), 'format', outPath);
  const read = readSpec(spec, options.baseDir, (shown, error) => datasetCommandStrings.cannotRead(shown, (error as NodeJS.ErrnoException).code ?? String(error)));
  const doc = options.doc ?? 1;
  const { value } = specValue(read, doc);
  const errors = datasetDocumentErrors(read.text, read.shown, doc - 1);
  if (errors.length > 0) throw new SpecError(datasetCommandStrings.exportInvalidSpec(read.shown, errors).trimEnd(), read.shown, errors);
  try {
    const outcome = await exportKeptRows(value, { specPath: read.specPath, outFile, format: chosen, signal: options.signal, onProgress: options.onProgress });
    return { rows: outcome.rows, outPath: outFile };
  } catch (error) {
    if (error instanceof CoreExportError) throw new ExportError(error.message, error.kind, outPath);
    if (error instanceof CorePreviewError) throw new PreviewError(error.message, error.kind, error.details.file ?? read.shown);
    throw error;
  }
}
