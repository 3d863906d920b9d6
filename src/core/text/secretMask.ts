/**
 * Masks credentials wherever text is printed, shown or written (docs/security.md, "Masking"): every registered
 * value, and any prefix of it of `MIN_PREFIX` characters or more (a server that echoes part of a key, a row whose
 * name holds its first half), becomes `***`, as CI systems mask secrets in their logs.
 */
const MASK = '***';
/** Shorter values are not masked (they would hide ordinary words); shorter prefixes neither. */
const MIN_SECRET = 4;
const MIN_PREFIX = 8;

/** `text` with every occurrence of a secret, or of a prefix of one of `MIN_PREFIX`+ characters, replaced by MASK. */
export function maskSecrets(text: string, secrets: Iterable<string>): string {
  let out = text;
  // Longest first, so a secret that contains another is masked whole.
  for (const secret of [...secrets].sort((a, b) => b.length - a.length)) {
    if (secret.length < MIN_SECRET) continue;
    out = secret.length < MIN_PREFIX ? out.split(secret).join(MASK) : maskPrefixes(out, secret);
  }
  return out;
}

/** Replaces each run of text that matches the start of `secret` for at least MIN_PREFIX characters. */
function maskPrefixes(text: string, secret: string): string {
  const head = secret.slice(0, MIN_PREFIX);
  let at = text.indexOf(head);
  if (at < 0) return text;
  const parts: string[] = [];
  let from = 0;
  while (at >= 0) {
    let length = MIN_PREFIX;
    while (length < secret.length && at + length < text.length && text.charCodeAt(at + length) === secret.charCodeAt(length)) length++;
    parts.push(text.slice(from, at), MASK);
    from = at + length;
    at = text.indexOf(head, from);
  }
  parts.push(text.slice(from));
  return parts.join('');
}

/** The forms a credential travels in: itself, base64 (basic auth) and percent-encoded (in a URL). */
function secretForms(secret: string): string[] {
  return [secret, Buffer.from(secret, 'utf8').toString('base64'), encodeURIComponent(secret)];
}

/** The user name and password of a URL's userinfo (`https://user:KEY@host`), decoded; empty when there is none. */
function userinfoSecrets(url: string): string[] {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return [];
  }
  const out: string[] = [];
  for (const part of [parsed.password, parsed.username]) {
    if (part === '') continue;
    out.push(part);
    try {
      out.push(decodeURIComponent(part));
    } catch {
      // Not valid percent-encoding: the raw form is enough.
    }
  }
  return out;
}

/** Every credential this process was configured with, for the output boundaries (the CLI's stdout and stderr, exports). */
const processSecrets = new Set<string>();

export function registerSecret(secret: string | undefined): void {
  if (secret === undefined || secret.length < MIN_SECRET) return;
  for (const form of secretForms(secret)) processSecrets.add(form);
}

/** Registers the credentials of a URL's userinfo. */
export function registerUrlSecrets(url: string): void {
  for (const secret of userinfoSecrets(url)) registerSecret(secret);
}

/** `text` with every registered credential (and its 8+ character prefixes) masked. */
export function maskRegistered(text: string): string {
  return processSecrets.size === 0 ? text : maskSecrets(text, processSecrets);
}

export function hasRegisteredSecrets(): boolean {
  return processSecrets.size > 0;
}
