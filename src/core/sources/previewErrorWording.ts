/**
 * A preview error in words for people: "getaddrinfo ENOTFOUND example.com" becomes "Could not reach example.com:
 * the name does not resolve." with advice that fits the cause (DNS, refused, timeout, HTTP 404/403/5xx, missing
 * file, permission, folder, invalid JSON). The core's message is kept as the technical detail. Pure.
 */
import { previewErrorStrings as S } from '../l10n/previewStrings';

interface ErrorWording {
  message: string;
  hint: string;
  /** The original message, for the technical details. */
  detail: string;
  /** The cause is a local path that does not exist (nothing to open there). */
  missingFile?: boolean;
}

const URL_PATTERN = /\bhttps?:\/\/[^\s'"<>]+/i;

function urlIn(text: string): { url: string; host: string } | undefined {
  const match = URL_PATTERN.exec(text);
  if (!match) return undefined;
  const url = match[0].replace(/[.,;:)]+$/, '');
  try {
    return { url, host: new URL(url).host || url };
  } catch {
    return { url, host: url };
  }
}

/** The host a DNS or socket error names ("getaddrinfo ENOTFOUND host", "connect ECONNREFUSED 1.2.3.4:80"). */
function hostOfSocketError(text: string, code: string): string | undefined {
  const match = new RegExp(`${code}\\s+([^\\s,;]+)`).exec(text);
  return match?.[1];
}

/** The file of "cannot read FILE: REASON" (the core's wording), else a quoted path of a Node error. */
function fileIn(text: string, fallback?: string): string | undefined {
  const cannotRead = /^cannot read (.+?): (?:E[A-Z]+\b|[A-Z][a-z])/.exec(text);
  if (cannotRead) return cannotRead[1];
  if (fallback) return fallback;
  const quoted = /'([^']+)'/.exec(text);
  return quoted?.[1];
}

const CODE_PATTERN = /\b(ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT|ESOCKETTIMEDOUT|ENOENT|EACCES|EPERM|EISDIR|ENOTDIR|CERT_[A-Z_]+|UNABLE_TO_[A-Z_]+|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|ERR_TLS_[A-Z_]+)\b/;

/**
 * Words for an error message (and its `code`, when the error has one); `file` is the data file or URL the
 * error is about, when known. Undefined when the cause is not one of the known kinds.
 */
export function wordPreviewError(text: string, code?: string, file?: string): ErrorWording | undefined {
  const detail = text;
  const found = code && CODE_PATTERN.test(code) ? code : CODE_PATTERN.exec(text)?.[1];
  const web = urlIn(file && /^https?:/i.test(file) ? file : text) ?? (file && /^https?:/i.test(file) ? { url: file, host: file } : undefined);
  const http = /\bHTTP (\d{3})\b/.exec(text);
  if (http && web) {
    const status = Number(http[1]);
    if (status === 404 || status === 410) return { message: S.notFoundHttp(web.url), hint: S.notFoundHttpHint, detail };
    if (status === 401 || status === 403) return { message: S.forbiddenHttp(web.url, status), hint: S.forbiddenHttpHint, detail };
    if (status >= 500) return { message: S.serverErrorHttp(web.url, status), hint: S.serverErrorHttpHint, detail };
    return { message: S.otherHttp(web.url, status), hint: S.otherHttpHint, detail };
  }
  if (web && /no (?:complete )?answer (?:from \S+ )?within|timed? ?out/i.test(text) && !found) return { message: S.timedOut(web.host), hint: S.timedOutHint, detail };
  switch (found) {
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return { message: S.nameDoesNotResolve(web?.host ?? hostOfSocketError(text, found) ?? '?'), hint: S.nameDoesNotResolveHint, detail };
    case 'ECONNREFUSED':
      return { message: S.connectionRefused(web?.host ?? hostOfSocketError(text, found) ?? '?'), hint: S.connectionRefusedHint, detail };
    case 'ECONNRESET':
    case 'EPIPE':
      return { message: S.connectionReset(web?.host ?? '?'), hint: S.connectionResetHint, detail };
    case 'ETIMEDOUT':
    case 'ESOCKETTIMEDOUT':
      return { message: S.timedOut(web?.host ?? hostOfSocketError(text, found) ?? '?'), hint: S.timedOutHint, detail };
    case undefined:
      break;
    default:
      if (/^(CERT_|UNABLE_TO_|DEPTH_ZERO|SELF_SIGNED|ERR_TLS_)/.test(found)) return { message: S.certificate(web?.host ?? '?'), hint: S.certificateHint, detail };
  }
  const local = fileIn(text, file && !/^https?:/i.test(file) ? file : undefined);
  switch (found) {
    case 'ENOENT':
      return { message: S.fileNotFound(local ?? '?'), hint: S.fileNotFoundHint, detail, missingFile: true };
    case 'EACCES':
    case 'EPERM':
      return { message: S.permissionDenied(local ?? '?'), hint: S.permissionDeniedHint, detail };
    case 'EISDIR':
      return { message: S.isFolder(local ?? '?'), hint: S.isFolderHint, detail };
    case 'ENOTDIR':
      return { message: S.notFolder(local ?? '?'), hint: S.notFolderHint, detail };
  }
  if (/Unexpected token|Unexpected end of JSON|is not valid JSON|JSON at position|Bad control character|Unterminated string in JSON/i.test(text)) {
    return { message: S.invalidJson(local ?? web?.url ?? '?'), hint: S.invalidJsonHint, detail };
  }
  return undefined;
}
