/**
 * Redirects followed by hand (docs/security.md, "Credentials"): at most `MAX_REDIRECTS` hops, http(s) only, and
 * credentials only to the origin they were configured for. A hop to another origin drops every credential header
 * (the configured ones and the standard ones), so a server cannot forward a key to a host of its choosing.
 */
export const MAX_REDIRECTS = 5;

/** Header names that carry credentials whatever the source configured. */
const STANDARD_CREDENTIAL_HEADERS = ['authorization', 'proxy-authorization', 'cookie'];

/** True for the statuses that redirect with a Location. */
export function isRedirect(status: number): boolean {
  return status === 301 || status === 302 || status === 303 || status === 307 || status === 308;
}

/** The next URL of a redirect, or undefined when the Location is missing, unparsable or not http(s). */
export function redirectTarget(from: URL, location: string | null): URL | undefined {
  if (location === null || location === '') return undefined;
  let next: URL;
  try {
    next = new URL(location, from);
  } catch {
    return undefined;
  }
  return next.protocol === 'http:' || next.protocol === 'https:' ? next : undefined;
}

/** The headers to send to `target`: without any credential header when `target` is not the configured origin. */
export function headersFor(target: URL, origin: string, headers: Record<string, string>, credentialNames: readonly string[]): Record<string, string> {
  if (target.origin === origin) return headers;
  const drop = new Set([...STANDARD_CREDENTIAL_HEADERS, ...credentialNames.map((name) => name.toLowerCase())]);
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) if (!drop.has(name.toLowerCase())) kept[name] = value;
  return kept;
}

/** The method and body after a redirect: 303 (and 301/302 of a POST) become a GET without a body, as browsers do. */
export function redirectedRequest(status: number, method: string, body: string | undefined): { method: string; body: string | undefined } {
  if (status === 303 || ((status === 301 || status === 302) && method === 'POST')) return { method: 'GET', body: undefined };
  return { method, body };
}
