/**
 * `previewDataset`: what `eval-lens preview` shows, from the same preview driver (src/core/sources/preview.ts); with
 * `limit: 'all'`, every kept row from the row stream `eval-lens dataset export` writes from
 * (src/core/export/keptRowStream.ts).
 */
import { cliStrings } from '../core/l10n/cliStrings';
import { keptRowStream, KeptRowStream } from '../core/export/keptRowStream';
import type { PreviewResult, PreviewRow } from '../core/model/previewTypes';
import { datasetSchemaProblems } from '../core/sources/datasetSchemaProblems';
import { preview, PreviewError as CorePreviewError } from '../core/sources/preview';
import { registerEnvironmentCredentials } from '../core/sources/remote/credentials';
import { PreviewError, SpecError } from './errors';
import { readSpec, ReadSpec, specValue } from './specInput';
import { wholeNumberOption } from './wholeNumberOption';
import type { DatasetPreview, DatasetRowStream, PreviewDatasetOptions, PreviewFunnel, SpecText } from './types';

/** As many rows as `eval-lens preview` shows by default. */
const DEFAULT_LIMIT = 20;

async function* rowsOf(rows: readonly PreviewRow[]): AsyncIterableIterator<PreviewRow> {
  yield* rows;
}

function funnelOf(result: PreviewResult): PreviewFunnel {
  const { total, matched, removedPerFilter, notComparable, complete, recordNoun, countedBy, lowerBound } = result;
  return { total, matched, steps: removedPerFilter, notComparable, complete, recordNoun, countedBy, lowerBound };
}

function previewOf(result: PreviewResult): DatasetPreview {
  return { columns: result.columns, rows: rowsOf(result.rows), funnel: funnelOf(result), warnings: result.warnings };
}

/** The spec's dataset value, checked against the dataset schema. */
function datasetValue(spec: ReadSpec, doc: number | undefined): unknown {
  const { value } = specValue(spec, doc);
  const problems = datasetSchemaProblems(value);
  if (problems.length > 0) throw new SpecError(cliStrings.invalidSpec(spec.shown, problems).trimEnd(), spec.shown, problems);
  return value;
}

/** A failure of the source as the API throws it, worded as `eval-lens preview` prints it; other errors as they are. */
function previewFailure(error: unknown, spec: ReadSpec): unknown {
  if (!(error instanceof CorePreviewError)) return error;
  const namesSpec = error.details.file !== undefined && error.details.file === spec.specPath;
  const message = namesSpec ? cliStrings.previewFailedInSpec(error.message) : cliStrings.previewFailed(spec.shown, error.message);
  return new PreviewError(message.trimEnd(), error.kind, error.details.file ?? spec.shown);
}

/** The stream's rows with a source's failure thrown as a PreviewError; stopping them stops the stream. */
async function* rowsThrowingApiErrors(stream: KeptRowStream, spec: ReadSpec): AsyncIterableIterator<PreviewRow> {
  try {
    yield* stream;
  } catch (error) {
    throw previewFailure(error, spec);
  }
}

function rowStreamOf(stream: KeptRowStream, spec: ReadSpec): DatasetRowStream {
  return {
    rows: rowsThrowingApiErrors(stream, spec),
    get funnel() {
      return stream.result && funnelOf(stream.result);
    },
    get columns() {
      return stream.result?.columns;
    },
    get warnings() {
      return stream.result?.warnings;
    },
  };
}

/**
 * Loads a dataset spec's source, applies its filters and streams every kept row: `rows` reads the source as it is
 * iterated, and `funnel`, `columns` and `warnings` are there once it ended. Credentials named by the environment are
 * masked in the rows and warnings.
 * @throws {@link SpecError} for a spec that cannot be read or is invalid; the iteration of `rows` throws {@link PreviewError} when the source or a filter fails.
 */
export function previewDataset(spec: string | SpecText, options: PreviewDatasetOptions & { limit: 'all' }): Promise<DatasetRowStream>;
/**
 * Loads a dataset spec's source, applies its filters and returns the first kept rows with the selection funnel and
 * the warnings, as `eval-lens preview` shows them. Credentials named by the environment are masked in the result.
 * @throws {@link SpecError} for a spec that cannot be read or is invalid; {@link PreviewError} when the source or a filter fails.
 */
export function previewDataset(spec: string | SpecText, options?: PreviewDatasetOptions & { limit?: number }): Promise<DatasetPreview>;
export async function previewDataset(spec: string | SpecText, options: PreviewDatasetOptions = {}): Promise<DatasetPreview | DatasetRowStream> {
  registerEnvironmentCredentials(process.env);
  const every = options.limit === 'all';
  const limit = every ? undefined : wholeNumberOption('limit', options.limit as number | undefined, 0);
  const read = readSpec(spec, options.baseDir, (shown, error) => cliStrings.cannotReadSpec(shown, error instanceof Error ? error.message : String(error)));
  const value = datasetValue(read, options.doc);
  if (every) return rowStreamOf(keptRowStream(value, { specPath: read.specPath, signal: options.signal, onProgress: options.onProgress }), read);
  try {
    return previewOf(await preview(value, { limit: limit ?? DEFAULT_LIMIT, specPath: read.specPath, signal: options.signal, onProgress: options.onProgress }));
  } catch (error) {
    throw previewFailure(error, read);
  }
}
