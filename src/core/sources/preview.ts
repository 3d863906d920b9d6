/**
 * The preview of a dataset's source: finds the definition its `type` names and runs it (previewDriver.ts),
 * returning the first kept rows with the funnel counts.
 */
import { previewStrings } from '../l10n/previewStrings';
import { PreviewError } from './previewError';
import { PreviewOptions, PreviewResult } from '../model/previewTypes';
import { isPlainObject } from '../json/objectValues';
import { currentDatasetForm } from '../json/olderServiceForms';
import { runSource } from './previewDriver';
import { SOURCE_DEFINITIONS, sourceDefinitionFor } from './registry';

export { PreviewError } from './previewError';

/** The `source` of a dataset value (or the value itself when it is a source). */
export function sourceOf(dataset: unknown): Record<string, unknown> {
  if (isPlainObject(dataset) && isPlainObject(dataset.source)) return dataset.source;
  if (isPlainObject(dataset) && dataset.source === undefined && dataset.generator_specification !== undefined) {
    throw new PreviewError('invalidSource', previewStrings.noSource);
  }
  if (isPlainObject(dataset) && typeof dataset.type === 'string' && dataset.source === undefined) return dataset;
  throw new PreviewError('invalidSource', previewStrings.sourceNotMapping);
}

/**
 * The preview of a dataset as written: an older form is read as today's (docs/semantics.md §11.4), and its
 * `<< secrets.NAME >>` values through its own `secrets:` map unless the caller gives one (§11.2).
 */
export async function preview(datasetSpecValue: unknown, options: PreviewOptions): Promise<PreviewResult> {
  const dataset = currentDatasetForm(datasetSpecValue);
  const source = sourceOf(dataset);
  const secrets = options.secrets ?? (isPlainObject(dataset) && isPlainObject(dataset.secrets) ? dataset.secrets : undefined);
  const definition = sourceDefinitionFor(String(source.type));
  if (!definition) {
    throw new PreviewError('invalidSource', source.type === undefined ? previewStrings.sourceNotMapping : previewStrings.unknownSourceType(String(source.type), SOURCE_DEFINITIONS.map((known) => known.identifiers[0])));
  }
  return runSource(definition, source, secrets ? { ...options, secrets } : options);
}
