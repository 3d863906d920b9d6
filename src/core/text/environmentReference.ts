/**
 * Values the service's command-line tool resolves (docs/semantics.md §11.2), read the same way here:
 * - `$NAME`: a value that is exactly `$` and an environment variable's name stands for that variable's value;
 * - `<< secrets.NAME >>`: the secret NAME of the file's own `secrets:` map (`NAME: $VARIABLE`, read from the
 *   environment, or a text); a NAME the map does not hold is read from the environment variable NAME.
 * Nothing resolved is written back.
 */
const REFERENCE = /^\$([A-Za-z_][A-Za-z0-9_]*)$/;
const SECRET_REFERENCE = /^<<\s*secrets\.([A-Za-z_][A-Za-z0-9_-]*)\s*>>$/;

type Environment = Record<string, string | undefined>;

/** The variable a value names (`$LANGSMITH_API_KEY` → `LANGSMITH_API_KEY`), or undefined. */
export function environmentReference(value: unknown): string | undefined {
  return typeof value === 'string' ? REFERENCE.exec(value)?.[1] : undefined;
}

/** The secret a value names (`<< secrets.OPENAI_API_KEY >>` → `OPENAI_API_KEY`), or undefined. */
export function secretsReference(value: unknown): string | undefined {
  return typeof value === 'string' ? SECRET_REFERENCE.exec(value.trim())?.[1] : undefined;
}

/** Whether a value is a reference the command-line tool resolves, `$NAME` or `<< secrets.NAME >>` (never plain text). */
export function isValueReference(value: unknown): boolean {
  return environmentReference(value) !== undefined || secretsReference(value) !== undefined;
}

/** What a `$NAME` or `<< secrets.NAME >>` value reads. */
export interface ResolvedReference {
  /** The secret's name for `<< secrets.NAME >>`; undefined for `$NAME`. */
  secret?: string;
  /** The environment variable read; undefined when the `secrets:` map writes the secret's text itself. */
  variable?: string;
  /** Whether the file's `secrets:` map holds the secret (else the variable of the same name is read). */
  inSecretsMap: boolean;
  /** The value; undefined when the variable is not set (or empty). */
  value?: string;
}

/** A variable's value; unset, empty or not the environment's own (`toString`) reads nothing. */
function fromEnvironment(env: Environment, variable: string): string | undefined {
  const value = Object.prototype.hasOwnProperty.call(env, variable) ? env[variable] : undefined;
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * What `value` reads when it is `$NAME` or `<< secrets.NAME >>`, from `env` and the file's `secrets:` map; undefined
 * for any other value. The one resolution the preview, the export, validation and hovers share.
 */
export function resolveReference(value: unknown, env: Environment, secrets: unknown): ResolvedReference | undefined {
  const variable = environmentReference(value);
  if (variable !== undefined) return { variable, inSecretsMap: false, value: fromEnvironment(env, variable) };
  const secret = secretsReference(value);
  if (secret === undefined) return undefined;
  const entry = typeof secrets === 'object' && secrets !== null && !Array.isArray(secrets) && Object.prototype.hasOwnProperty.call(secrets, secret)
    ? (secrets as Record<string, unknown>)[secret]
    : undefined;
  if (entry === undefined || entry === null) return { secret, variable: secret, inSecretsMap: false, value: fromEnvironment(env, secret) };
  const entryVariable = environmentReference(entry);
  if (entryVariable !== undefined) return { secret, variable: entryVariable, inSecretsMap: true, value: fromEnvironment(env, entryVariable) };
  return { secret, inSecretsMap: true, value: typeof entry === 'string' && entry !== '' ? entry : undefined };
}
