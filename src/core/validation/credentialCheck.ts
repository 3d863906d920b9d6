/**
 * docs/semantics.md §7: a raw string in a credential field is a warning with a way out. `$NAME` (an environment
 * variable) and `<< secrets.NAME >>` (a secret of the file's `secrets:` map) are references (docs/semantics.md §11.2),
 * not plain text.
 */
import { JsonPath } from '../yaml/specDocument';
import { authoringStrings as s } from '../l10n/authoringStrings';
import { holdsSecretReference, isValueReference } from '../text/environmentReference';

const CREDENTIAL_FIELDS = ['api_key', 'access_key_id', 'secret_access_key', 'session_token', 'client_secret'] as const;

/** Whether a field holds a credential (its value is never shown). */
export function isCredentialField(field: unknown): boolean {
  return typeof field === 'string' && (CREDENTIAL_FIELDS as readonly string[]).includes(field);
}

interface CredentialFinding {
  path: JsonPath;
  field: string;
  message: string;
}

/** Every credential field holding plain text, anywhere in the value (iterative: safe on any depth). */
export function findPlainTextCredentials(value: unknown, path: JsonPath = []): CredentialFinding[] {
  const found: CredentialFinding[] = [];
  const stack: [unknown, JsonPath][] = [[value, path]];
  while (stack.length > 0) {
    const [node, at] = stack.pop() as [unknown, JsonPath];
    if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) if (typeof node[i] === 'object' && node[i] !== null) stack.push([node[i], [...at, i]]);
    } else if (typeof node === 'object' && node !== null) {
      const entries = Object.entries(node);
      for (let k = entries.length - 1; k >= 0; k--) {
        const [key, child] = entries[k];
        if ((CREDENTIAL_FIELDS as readonly string[]).includes(key) && typeof child === 'string' && child.length > 0 && !isValueReference(child) && !holdsSecretReference(child)) {
          found.push({ path: [...at, key], field: key, message: s.plainTextCredential(key) });
        } else if (typeof child === 'object' && child !== null) {
          stack.push([child, [...at, key]]);
        }
      }
    }
  }
  return found;
}
