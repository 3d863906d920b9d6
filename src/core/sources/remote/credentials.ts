/**
 * Credentials of remote sources (docs/semantics.md §7, §9.1): a raw string, `{ secret: NAME }` (the editor's secret
 * storage through `resolveSecret`) or `{ env: NAME }`; omitted, the source's environment variables in order.
 */
import { environmentReference, resolveText } from '../../text/environmentReference';
import { sourceStrings } from '../../l10n/sourceStrings';
import { PreviewError } from '../previewError';
import { isPlainObject } from '../../json/objectValues';
import type { SourceOptions } from '../sourceDefinition';
import { registerSecret, registerUrlSecrets } from '../../text/secretMask';

/** What credentials are read from: the environment, the file's `secrets:` map and the editor's secret storage. */
type CredentialOptions = Pick<SourceOptions, 'env' | 'resolveSecret' | 'secrets'>;

export type Environment = Record<string, string | undefined>;

export function environmentOf(options: CredentialOptions): Environment {
  return options.env ?? process.env;
}

/** The first non-empty environment variable among `names`. */
export function firstEnv(env: Environment, names: readonly string[]): string | undefined {
  for (const name of names) {
    const value = env[name];
    if (value !== undefined && value.trim() !== '') return value.trim();
  }
  return undefined;
}

function invalid(message: string): PreviewError {
  return new PreviewError('invalidSource', message);
}

/**
 * The credential of `field` (or of the first set variable of `envNames` when the field is absent); undefined
 * when neither is given. A reference that cannot be resolved is an error naming the field, never the value.
 */
export async function resolveCredential(
  value: unknown,
  field: string,
  envNames: readonly string[],
  options: CredentialOptions,
): Promise<string | undefined> {
  const credential = await readCredential(value, field, envNames, options);
  // Masked wherever Eval Lens prints, shows or writes text from now on (docs/security.md).
  registerSecret(credential);
  return credential;
}

async function readCredential(value: unknown, field: string, envNames: readonly string[], options: CredentialOptions): Promise<string | undefined> {
  const env = environmentOf(options);
  if (value === undefined || value === null) return firstEnv(env, envNames);
  // `<< secrets.NAME >>` (docs/semantics.md §11.2), whole or inside a longer string: the file's `secrets:` map, else the variable NAME.
  const secretRead = environmentReference(value) === undefined ? resolveText(value, env, options.secrets) : undefined;
  if (secretRead && secretRead.parts.length > 0) {
    for (const part of secretRead.parts) {
      if (part.value === undefined) throw invalid(sourceStrings.secretNotSetHowTo(field, part.secret ?? '', part.variable, part.inSecretsMap));
      registerSecret(part.value);
    }
    return secretRead.value;
  }
  // `$NAME` (docs/semantics.md §11.2) and `{ env: NAME }` both name an environment variable.
  const variable = environmentReference(value) ?? (isPlainObject(value) && typeof value.env === 'string' && Object.keys(value).length === 1 ? value.env : undefined);
  if (variable !== undefined) {
    const fromEnv = env[variable];
    if (fromEnv === undefined || fromEnv === '') throw invalid(sourceStrings.envNotSet(field, variable));
    return fromEnv;
  }
  if (typeof value === 'string') return value;
  if (isPlainObject(value) && typeof value.secret === 'string' && Object.keys(value).length === 1) {
    if (!options.resolveSecret) throw invalid(sourceStrings.secretUnavailable(field, value.secret));
    const secret = await options.resolveSecret(value.secret);
    if (secret === undefined || secret === '') throw invalid(sourceStrings.secretNotFound(field, value.secret));
    return secret;
  }
  throw invalid(sourceStrings.badCredential(field));
}

/** `resolveCredential` that must find one: else an error naming the field and the environment variables. */
export async function requireCredential(value: unknown, field: string, envNames: readonly string[], options: CredentialOptions): Promise<string> {
  const credential = await resolveCredential(value, field, envNames, options);
  if (credential === undefined || credential === '') throw invalid(sourceStrings.missingCredential(field, envNames));
  return credential;
}

/** An endpoint from the spec field, else the environment variables, else the default; trailing slashes dropped. */
export function resolveEndpoint(value: unknown, field: string, envNames: readonly string[], fallback: string, options: CredentialOptions): string {
  const raw = typeof value === 'string' && value.trim() !== '' ? value.trim() : firstEnv(environmentOf(options), envNames) ?? fallback;
  // A key in the address's userinfo is a credential too (docs/security.md, "Masking").
  registerUrlSecrets(raw);
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw invalid(sourceStrings.badUrl(field, raw));
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw invalid(sourceStrings.badUrl(field, raw));
  return raw.replace(/\/+$/, '');
}

/** The environment variables the network sources read credentials from (docs/semantics.md §7). */
const CREDENTIAL_ENV = ['HF_TOKEN', 'LANGSMITH_API_KEY', 'LANGCHAIN_API_KEY', 'LANGFUSE_SECRET_KEY', 'LANGFUSE_PUBLIC_KEY', 'PHOENIX_API_KEY'];
/** The environment variables that hold a source's address (which may carry `user:KEY@`). */
const ENDPOINT_ENV = ['EVAL_LENS_HUB_URL', 'LANGSMITH_ENDPOINT', 'LANGCHAIN_ENDPOINT', 'LANGFUSE_BASE_URL', 'LANGFUSE_HOST', 'PHOENIX_ENDPOINT', 'PHOENIX_COLLECTOR_ENDPOINT', 'PHOENIX_BASE_URL', 'PHOENIX_HOST'];

/**
 * Registers the credentials set in the environment for masking, before anything is printed (docs/security.md,
 * "Masking"): a key is masked even in output that no network source produced, such as a log that quotes it.
 */
export function registerEnvironmentCredentials(env: Environment): void {
  for (const name of CREDENTIAL_ENV) {
    const value = env[name]?.trim();
    if (value) registerSecret(value);
  }
  for (const name of ENDPOINT_ENV) {
    const value = env[name]?.trim();
    if (value) registerUrlSecrets(value);
  }
}
