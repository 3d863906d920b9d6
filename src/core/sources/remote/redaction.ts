/**
 * Keeps credentials out of every message: each secret a source uses is registered here, and every text built
 * from a server's answer (or an error) goes through `redact` before it reaches an error, warning or output.
 */
const MASK = '***';

export class Redactor {
  private readonly secrets = new Set<string>();

  /** Registers a credential (and the forms it is sent in, e.g. base64 for basic auth). Short values are ignored. */
  add(secret: string | undefined): void {
    if (secret === undefined || secret.length < 4) return;
    this.secrets.add(secret);
    this.secrets.add(Buffer.from(secret, 'utf8').toString('base64'));
    this.secrets.add(encodeURIComponent(secret));
  }

  redact(text: string): string {
    let out = text;
    // Longest first, so a secret that contains another is masked whole.
    for (const secret of [...this.secrets].sort((a, b) => b.length - a.length)) {
      if (out.includes(secret)) out = out.split(secret).join(MASK);
    }
    return out;
  }
}
