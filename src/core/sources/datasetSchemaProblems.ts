/** Where a dataset spec's value breaks schemas/dataset.schema.json, one `pointer message` line each; empty when valid. */
import { validateDataset } from '../schema/generated/validators';

export function datasetSchemaProblems(value: unknown): string[] {
  if (validateDataset(value)) return [];
  return (validateDataset.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message ?? ''}`.trim());
}
