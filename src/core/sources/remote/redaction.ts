/**
 * Keeps credentials out of every message: each secret a source uses is registered here, and every text built
 * from a server's answer (or an error) goes through `redact` before it reaches an error, warning or output.
 * A registered secret is also registered for the process's output boundaries (docs/security.md, "Masking").
 */
import { maskRegistered, maskSecrets, MIN_SECRET, registerSecret, secretForms } from '../../text/secretMask';

export class Redactor {
  private readonly secrets = new Set<string>();

  /** Registers a credential (and the forms it is sent in, e.g. base64 for basic auth). Short values are ignored. */
  add(secret: string | undefined): void {
    if (secret === undefined || secret.length < MIN_SECRET) return;
    for (const form of secretForms(secret)) this.secrets.add(form);
    registerSecret(secret);
  }

  /** Masks every secret of this source and of the process (URL userinfo included), and their 8+ character prefixes. */
  redact(text: string): string {
    return maskRegistered(this.secrets.size === 0 ? text : maskSecrets(text, this.secrets));
  }
}
