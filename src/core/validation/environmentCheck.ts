/**
 * `$NAME` and `<< secrets.NAME >>` values of a dataset's source that read nothing here (docs/semantics.md §11.2): a
 * warning on the value, since a preview or an export that reads the source will stop there.
 */
import { isRecord } from '../json/jsonValue';
import { authoringStrings as s } from '../l10n/authoringStrings';
import { resolveReference } from '../text/environmentReference';
import type { JsonPath } from '../yaml/specDocument';

interface UnsetVariable {
  path: JsonPath;
  variable: string;
  message: string;
}

/**
 * The source fields of a dataset that name an environment variable `env` lacks, directly (`$NAME`) or through a
 * secret (`<< secrets.NAME >>`, read through the dataset's own `secrets:` map unless `secrets` is given).
 */
export function findUnsetVariables(dataset: unknown, env: Record<string, string | undefined>, secrets?: unknown): UnsetVariable[] {
  if (!isRecord(dataset) || !isRecord(dataset.source)) return [];
  const secretsMap = secrets ?? dataset.secrets;
  const found: UnsetVariable[] = [];
  for (const [field, value] of Object.entries(dataset.source)) {
    const resolved = resolveReference(value, env, secretsMap);
    if (resolved === undefined || resolved.value !== undefined) continue;
    const message = resolved.secret === undefined
      ? s.unsetVariable(field, resolved.variable ?? '')
      : s.unsetSecret(field, resolved.secret, resolved.variable, resolved.inSecretsMap);
    found.push({ path: ['source', field], variable: resolved.variable ?? resolved.secret ?? '', message });
  }
  return found;
}
