/**
 * `$NAME` and `<< secrets.NAME >>` values of a dataset's source that read nothing here (docs/semantics.md §11.2): a
 * warning on the value — or, inside a longer string, on the reference itself — since a preview or an export that
 * reads the source will stop there. A `<< … >>` that is no reference the service's CLI resolves is a warning too.
 */
import { isRecord } from '../json/jsonValue';
import { authoringStrings as s } from '../l10n/authoringStrings';
import { occurrenceAt, ResolvedText, resolveText } from '../text/environmentReference';
import type { JsonPath } from '../yaml/specDocument';

export const REFERENCE_CODES = {
  unset: 'unset-variable',
  invalid: 'invalid-reference',
} as const;

/** A reference inside a longer string: its text as written and which occurrence of that text in the value it is. */
export interface ReferencePart {
  text: string;
  occurrence: number;
}

interface ReferenceFinding {
  code: (typeof REFERENCE_CODES)[keyof typeof REFERENCE_CODES];
  path: JsonPath;
  /** The variable (or secret) that reads nothing; the reference as written for an invalid one. */
  variable: string;
  message: string;
  /** Set when the finding is one reference inside a longer string; absent when it is the whole value. */
  part?: ReferencePart;
}

function fieldFindings(field: string, value: string, read: ResolvedText): ReferenceFinding[] {
  const path: JsonPath = ['source', field];
  const partOf = (text: string, start: number): ReferencePart | undefined => (read.whole ? undefined : { text, occurrence: occurrenceAt(value, text, start) });
  const found: ReferenceFinding[] = [];
  for (const part of read.parts) {
    if (part.value !== undefined) continue;
    const message = part.secret === undefined
      ? s.unsetVariable(field, part.variable ?? '')
      : s.unsetSecret(field, part.secret, part.variable, part.inSecretsMap);
    found.push({ code: REFERENCE_CODES.unset, path, variable: part.variable ?? part.secret ?? '', message, part: partOf(part.text, part.start) });
  }
  for (const part of read.invalid) {
    found.push({ code: REFERENCE_CODES.invalid, path, variable: part.text, message: s.invalidReference(field, part.text), part: partOf(part.text, part.start) });
  }
  return found;
}

/**
 * The references of a dataset's source fields that read nothing in `env`, or that are no reference at all: directly
 * (`$NAME`), through a secret (`<< secrets.NAME >>`, read through `secrets` when given — a run config's map, §11.5 —
 * else the dataset's own `secrets:` map), whole or inside a longer string.
 */
export function findUnsetVariables(dataset: unknown, env: Record<string, string | undefined>, secrets?: unknown): ReferenceFinding[] {
  if (!isRecord(dataset) || !isRecord(dataset.source)) return [];
  const secretsMap = secrets ?? dataset.secrets;
  const found: ReferenceFinding[] = [];
  for (const [field, value] of Object.entries(dataset.source)) {
    const read = resolveText(value, env, secretsMap);
    if (read !== undefined && typeof value === 'string') found.push(...fieldFindings(field, value, read));
  }
  return found;
}
