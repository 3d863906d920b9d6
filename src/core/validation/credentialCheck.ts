/** SEMANTICS §7: a raw string in a credential field is a warning with a way out. */
import { JsonPath } from '../yaml/specDocument';
import { validationStrings as s } from '../l10n/validationStrings';

export const CREDENTIAL_FIELDS = ['api_key', 'access_key_id', 'secret_access_key', 'session_token', 'client_secret'] as const;

export interface CredentialFinding {
  path: JsonPath;
  field: string;
  message: string;
}

/** Every credential field holding plain text, anywhere in the value. */
export function findPlainTextCredentials(value: unknown, path: JsonPath = []): CredentialFinding[] {
  const found: CredentialFinding[] = [];
  if (Array.isArray(value)) {
    value.forEach((item, i) => found.push(...findPlainTextCredentials(item, [...path, i])));
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, child] of Object.entries(value)) {
      if ((CREDENTIAL_FIELDS as readonly string[]).includes(key) && typeof child === 'string' && child.length > 0) {
        found.push({ path: [...path, key], field: key, message: s.plainTextCredential(key) });
      } else {
        found.push(...findPlainTextCredentials(child, [...path, key]));
      }
    }
  }
  return found;
}
