/**
 * Values the service's command-line tool resolves (docs/semantics.md §11.2), read the same way here:
 * - `$NAME`: a value that is exactly `$` and an environment variable's name stands for that variable's value;
 * - `<< secrets.NAME >>`: the secret NAME of the file's own `secrets:` map (`NAME: $VARIABLE`, read from the
 *   environment, or a text); a NAME the map does not hold is read from the environment variable NAME.
 * - inside a longer string (`Bearer << secrets.TOKEN >>`), each `<< secrets.NAME >>` is replaced by what it reads;
 *   a `$NAME` there is text, since the CLI reads `$NAME` only as a whole value.
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

/** The most `<< … >>` parts read from one value: a hostile value stays cheap to check and to hover. */
export const MAX_REFERENCES_PER_VALUE = 50;
/** A `<< … >>` part on one line, at most 200 characters inside; a longer one is text. */
const TEMPLATE_PART = /<<([^<>\n]{0,200}?)>>/g;
const SECRET_INSIDE = /^\s*secrets\.([A-Za-z_][A-Za-z0-9_-]*)\s*$/;
const CONFIG_INSIDE = /^\s*config\.([A-Za-z_][A-Za-z0-9_-]*)\s*$/;

/** One `<< … >>` written in a string: where it is, and what it names. */
export interface TemplatePart {
  /** Offsets in the string: the `<<` and just after the `>>`. */
  start: number;
  end: number;
  /** As written, `<< secrets.TOKEN >>`. */
  text: string;
  /** `secret` names a secret, `config` a generator's option (left as written); `invalid` is neither. */
  role: 'secret' | 'config' | 'invalid';
  /** The secret's or option's name. */
  name?: string;
}

/** The `<< … >>` parts of a string, in order (at most MAX_REFERENCES_PER_VALUE). */
export function templateParts(value: string): TemplatePart[] {
  const parts: TemplatePart[] = [];
  if (!value.includes('<<')) return parts;
  for (const match of value.matchAll(TEMPLATE_PART)) {
    if (parts.length >= MAX_REFERENCES_PER_VALUE) break;
    const inside = match[1];
    const secret = SECRET_INSIDE.exec(inside)?.[1];
    const config = secret === undefined ? CONFIG_INSIDE.exec(inside)?.[1] : undefined;
    const role = secret !== undefined ? 'secret' : config !== undefined ? 'config' : 'invalid';
    parts.push({ start: match.index, end: match.index + match[0].length, text: match[0], role, name: secret ?? config });
  }
  return parts;
}

/** A `<< secrets.NAME >>` part of a longer string, and what it reads. */
export interface ResolvedPart extends ResolvedReference {
  start: number;
  end: number;
  text: string;
}

/** What a string value reads once its references are resolved (docs/semantics.md §11.2). */
export interface ResolvedText {
  /** The value is one reference as a whole (`$NAME` or `<< secrets.NAME >>`); else references inside a longer string. */
  whole: boolean;
  /** Each reference read, in order (the whole value's one, or each `<< secrets.NAME >>` part). */
  parts: ResolvedPart[];
  /** The `<< … >>` parts that are no reference the CLI resolves (`<< secret.X >>`, `<< secrets.1A >>`). */
  invalid: TemplatePart[];
  /** The value with every reference replaced; undefined when one of them reads nothing. */
  value?: string;
}

/**
 * What a value reads: a whole `$NAME` or `<< secrets.NAME >>`, or a string with `<< secrets.NAME >>` parts (each
 * replaced) — undefined for a value with neither, and for a string whose `<< … >>` parts are all `<< config.KEY >>`.
 */
export function resolveText(value: unknown, env: Environment, secrets: unknown): ResolvedText | undefined {
  if (typeof value !== 'string') return undefined;
  const whole = resolveReference(value, env, secrets);
  if (whole !== undefined) return { whole: true, parts: [{ ...whole, start: 0, end: value.length, text: value }], invalid: [], value: whole.value };
  const found = templateParts(value);
  const invalid = found.filter((p) => p.role === 'invalid');
  const parts = found.flatMap((p): ResolvedPart[] => {
    const read = p.role === 'secret' ? resolveReference(p.text, env, secrets) : undefined;
    return read ? [{ ...read, start: p.start, end: p.end, text: p.text }] : [];
  });
  if (parts.length === 0 && invalid.length === 0) return undefined;
  let out = '';
  let from = 0;
  for (const part of parts) {
    if (part.value === undefined) return { whole: false, parts, invalid };
    out += value.slice(from, part.start) + part.value;
    from = part.end;
  }
  return { whole: false, parts, invalid, value: out + value.slice(from) };
}

/** Whether a string holds a `<< secrets.NAME >>` anywhere (a credential written so is a reference, not plain text). */
export function holdsSecretReference(value: unknown): boolean {
  return typeof value === 'string' && templateParts(value).some((p) => p.role === 'secret');
}

/** Which occurrence of `written` in `value` starts at `start` (0 for the first): a reference's place as the file writes it. */
export function occurrenceAt(value: string, written: string, start: number): number {
  let count = 0;
  for (let at = value.indexOf(written); at >= 0 && at < start; at = value.indexOf(written, at + 1)) count++;
  return count;
}
