/** `previewDataset`: what `eval-lens preview` shows, from the same preview driver (src/core/sources/preview.ts). */
import { cliStrings } from '../core/l10n/cliStrings';
import type { PreviewResult, PreviewRow } from '../core/model/previewTypes';
import { datasetSchemaProblems } from '../core/sources/datasetSchemaProblems';
import { preview, PreviewError as CorePreviewError } from '../core/sources/preview';
import { registerEnvironmentCredentials } from '../core/sources/remote/credentials';
import { PreviewError, SpecError } from './errors';
import { readSpec, ReadSpec, specValue } from './specInput';
import { wholeNumberOption } from './wholeNumberOption';
import type { DatasetPreview, PreviewDatasetOptions, SpecText } from './types';

/** As many rows as `eval-lens preview` shows by default. */
const DEFAULT_LIMIT = 20;

async function* rowsOf(rows: readonly PreviewRow[]): AsyncIterableIterator<PreviewRow> {
  yield* rows;
}

function previewOf(result: PreviewResult): DatasetPreview {
  const { total, matched, removedPerFilter, notComparable, complete, recordNoun, countedBy, lowerBound } = result;
  return {
    columns: result.columns,
    rows: rowsOf(result.rows),
    funnel: { total, matched, steps: removedPerFilter, notComparable, complete, recordNoun, countedBy, lowerBound },
    warnings: result.warnings,
  };
}

/** The spec's dataset value, checked against the dataset schema. */
function datasetValue(spec: ReadSpec, doc: number | undefined): unknown {
  const { value } = specValue(spec, doc);
  const problems = datasetSchemaProblems(value);
  if (problems.length > 0) throw new SpecError(cliStrings.invalidSpec(spec.shown, problems).trimEnd(), spec.shown, problems);
  return value;
}

/**
 * Loads a dataset spec's source, applies its filters and returns the first kept rows with the selection funnel and
 * the warnings, as `eval-lens preview` shows them. Credentials named by the environment are masked in the result.
 * @throws {@link SpecError} for a spec that cannot be read or is invalid; {@link PreviewError} when the source or a filter fails.
 */
export async function previewDataset(spec: string | SpecText, options: PreviewDatasetOptions = {}): Promise<DatasetPreview> {
  registerEnvironmentCredentials(process.env);
  const read = readSpec(spec, options.baseDir, (shown, error) => cliStrings.cannotReadSpec(shown, error instanceof Error ? error.message : String(error)));
  const value = datasetValue(read, options.doc);
  try {
    const result = await preview(value, { limit: wholeNumberOption('limit', options.limit, 0) ?? DEFAULT_LIMIT, specPath: read.specPath, signal: options.signal, onProgress: options.onProgress });
    return previewOf(result);
  } catch (error) {
    if (!(error instanceof CorePreviewError)) throw error;
    const namesSpec = error.details.file !== undefined && error.details.file === read.specPath;
    const message = namesSpec ? cliStrings.previewFailedInSpec(error.message) : cliStrings.previewFailed(read.shown, error.message);
    throw new PreviewError(message.trimEnd(), error.kind, error.details.file ?? read.shown);
  }
}
