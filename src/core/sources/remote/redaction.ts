/**
 * Keeps credentials out of every message: each secret a source uses is registered here, and every text built
 * from a server's answer (or an error) goes through `redact` before it reaches an error, warning or output.
 * Registration is the process's (docs/security.md, "Masking"), so the same secret is masked at every output
 * boundary too; a source's secrets are a part of it.
 */
import { maskRegistered, registerSecret } from '../../text/secretMask';

export class Redactor {
  /** Registers a credential (and the forms it is sent in, e.g. base64 for basic auth). Short values are ignored. */
  add(secret: string | undefined): void {
    registerSecret(secret);
  }

  /** Masks every registered secret (URL userinfo included), and their 8+ character prefixes. */
  redact(text: string): string {
    return maskRegistered(text);
  }
}
