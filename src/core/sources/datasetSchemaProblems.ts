/**
 * Where a dataset spec's value breaks schemas/dataset.schema.json, one `pointer message` line each; empty when valid.
 * An older form of the service's is checked as the form it stands for (docs/semantics.md §11.4).
 */
import { validateDataset } from '../schema/generated/validators';
import { currentDatasetForm } from '../json/olderServiceForms';

export function datasetSchemaProblems(value: unknown): string[] {
  if (validateDataset(currentDatasetForm(value))) return [];
  return (validateDataset.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message ?? ''}`.trim());
}
