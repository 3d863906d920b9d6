/**
 * `$NAME` values of a dataset's source whose variable is not set here (docs/semantics.md §11.2): a warning on the
 * value, since a preview or an export that reads the source will stop there.
 */
import { isRecord } from '../json/jsonValue';
import { authoringStrings as s } from '../l10n/authoringStrings';
import { environmentReference } from '../text/environmentReference';
import type { JsonPath } from '../yaml/specDocument';

interface UnsetVariable {
  path: JsonPath;
  variable: string;
  message: string;
}

/** The source fields of a dataset that name an environment variable `env` lacks. */
export function findUnsetVariables(dataset: unknown, env: Record<string, string | undefined>): UnsetVariable[] {
  if (!isRecord(dataset) || !isRecord(dataset.source)) return [];
  const found: UnsetVariable[] = [];
  for (const [field, value] of Object.entries(dataset.source)) {
    const variable = environmentReference(value);
    if (variable !== undefined && (env[variable] === undefined || env[variable] === '')) {
      found.push({ path: ['source', field], variable, message: s.unsetVariable(field, variable) });
    }
  }
  return found;
}
