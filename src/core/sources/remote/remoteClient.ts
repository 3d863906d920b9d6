/**
 * The one HTTP layer of the network sources (docs/semantics.md §9.1): Node's `fetch` with a timeout, cancellation,
 * consent before the first request to each host, three tries with backoff on 429 (honouring `Retry-After`)
 * and 5xx, and errors that say what to check. Every message built from an answer is redacted.
 */
import { boundDepth, findTooDeepJson } from '../../json/depthGuard';
import { sourceStrings } from '../../l10n/sourceStrings';
import { PreviewError } from '../previewError';
import { Redactor } from './redaction';
import { RequestDeadline } from './requestDeadline';
import { headersFor, isRedirect, MAX_REDIRECTS, redirectedRequest, redirectTarget } from './redirects';
import * as l10n from '@vscode/l10n';
import type { SourceOptions } from '../sourceDefinition';

/** What a client reads of the options: the cancel signal, the fetch confirmation, the timeout and the row demand. */
type ClientOptions = Pick<SourceOptions, 'confirmFetch' | 'urlTimeoutMs' | 'rowsWanted'> & { signal?: AbortSignal };

const DEFAULT_REMOTE_TIMEOUT_MS = 30_000;
const MAX_TRIES = 3;
/** First backoff after a 5xx (doubled each try); a `Retry-After` is honoured up to `MAX_RETRY_AFTER_MS`. */
const BACKOFF_MS = 200;
const MAX_RETRY_AFTER_MS = 20_000;
/** Largest JSON answer read (a hostile or broken server cannot exhaust memory). */
const MAX_ANSWER_BYTES = 256 * 1024 * 1024;
/** Largest error body read for its reason. */
const MAX_REASON_BODY = 64 * 1024;
/** Longest server reason quoted in a message. */
const MAX_REASON = 300;

interface RemoteClientConfig {
  options: ClientOptions;
  redactor: Redactor;
  /** Headers sent with every request (credentials). */
  headers?: Record<string, string>;
  /** Where the user checks the key for a 401/403: "'api_key' or LANGSMITH_API_KEY". */
  authCheck: string;
  /** Largest JSON answer read; default MAX_ANSWER_BYTES. */
  maxAnswerBytes?: number;
}

interface RequestContext {
  /** What is being asked, for messages: "trace_platform_a project 'x'". */
  what: string;
  /** The 404 message ("no project named 'x'"); absent: a 404 is reported as an HTTP status. */
  notFound?: string;
  /** Return undefined on 404 instead of failing (legacy API fallback). */
  allow404?: boolean;
  method?: 'GET' | 'POST';
  body?: unknown;
  headers?: Record<string, string>;
  /** Send no credential headers (requests to other hosts, e.g. Parquet files). */
  anonymous?: boolean;
}

class Cancelled extends Error {}

/** An answer and the deadline that still bounds reading its body (cleared once the body is read or dropped). */
interface Exchange {
  response: Response;
  deadline: RequestDeadline;
  /** The host that answered, for messages. */
  host: string;
}

export class RemoteClient {
  /** Bytes of answer bodies received. */
  bytesRead = 0;
  requests = 0;
  private readonly allowedOrigins = new Map<string, Promise<boolean>>();
  private readonly timeoutMs: number;

  constructor(private readonly config: RemoteClientConfig) {
    this.timeoutMs = config.options.urlTimeoutMs ?? DEFAULT_REMOTE_TIMEOUT_MS;
  }

  get redactor(): Redactor {
    return this.config.redactor;
  }

  get aborted(): boolean {
    return this.config.options.signal?.aborted ?? false;
  }

  /** Asks `confirmFetch` once per origin (scheme, host and port), naming the origin: the answer holds for all of it. */
  private async consent(url: URL): Promise<void> {
    const confirm = this.config.options.confirmFetch;
    if (!confirm) return;
    let answer = this.allowedOrigins.get(url.origin);
    if (!answer) {
      answer = confirm(url.origin);
      this.allowedOrigins.set(url.origin, answer);
    }
    if (!(await answer)) throw new PreviewError('fetchRefused', sourceStrings.refused(url.origin), { file: url.origin });
  }

  /** A JSON answer; undefined for a 404 when `allow404`. */
  async json<T = unknown>(url: string, context: RequestContext): Promise<T | undefined> {
    const exchange = await this.send(url, context);
    if (exchange === undefined) return undefined;
    const text = await this.readText(exchange, context);
    try {
      const value = JSON.parse(text) as T;
      // An answer nested deeper than the limit keeps its shallow part; deeper values become a marker (rows stay printable).
      return findTooDeepJson(text) >= 0 ? boundDepth(value) : value;
    } catch {
      throw new PreviewError('unreadableSource', sourceStrings.notJson(context.what), { file: this.cleanUrl(url) });
    }
  }

  /** Bytes `start` (inclusive) to `end` (exclusive) of a file that answers range requests. */
  async range(url: string, start: number, end: number, context: RequestContext): Promise<ArrayBuffer> {
    const headers = { ...(context.headers ?? {}), Range: `bytes=${start}-${end - 1}` };
    const exchange = await this.send(url, { ...context, headers });
    if (exchange === undefined) throw new PreviewError('unreadableSource', sourceStrings.notFound(context.what, context.notFound ?? url));
    const { response, deadline } = exchange;
    if (response.status !== 206) {
      await drop(exchange);
      throw new PreviewError('unreadableSource', sourceStrings.noRangeSupport(this.cleanUrl(url)), { file: this.cleanUrl(url) });
    }
    return this.guard(context, exchange, async () => {
      try {
        const buffer = await response.arrayBuffer();
        this.bytesRead += buffer.byteLength;
        return buffer;
      } finally {
        deadline.clear();
      }
    });
  }

  /** The file's size from a HEAD-like one-byte range request. */
  async size(url: string, context: RequestContext): Promise<number> {
    const exchange = await this.send(url, { ...context, headers: { ...(context.headers ?? {}), Range: 'bytes=0-0' } });
    if (exchange === undefined) throw new PreviewError('unreadableSource', sourceStrings.notFound(context.what, context.notFound ?? url));
    const { response } = exchange;
    const contentRange = response.headers.get('content-range') ?? '';
    await drop(exchange);
    const match = /\/(\d+)\s*$/.exec(contentRange);
    if (response.status !== 206 || !match) throw new PreviewError('unreadableSource', sourceStrings.noRangeSupport(this.cleanUrl(url)), { file: this.cleanUrl(url) });
    return Number(match[1]);
  }

  private cleanUrl(url: string): string {
    return this.redactor.redact(url);
  }

  /** The body as text, read under the request's deadline; the deadline is cleared whatever happens. */
  private async readText(exchange: Exchange, context: RequestContext, limit = this.config.maxAnswerBytes ?? MAX_ANSWER_BYTES): Promise<string> {
    const { response, deadline } = exchange;
    return this.guard(context, exchange, async () => {
      try {
        const declared = Number(response.headers.get('content-length'));
        if (Number.isFinite(declared) && declared > limit) {
          await response.body?.cancel().catch(() => undefined);
          throw new PreviewError('unreadableSource', sourceStrings.answerTooLarge(context.what, limit));
        }
        const chunks: Uint8Array[] = [];
        let size = 0;
        if (response.body) {
          for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
            size += chunk.length;
            if (size > limit) {
              await response.body.cancel().catch(() => undefined);
              throw new PreviewError('unreadableSource', sourceStrings.answerTooLarge(context.what, limit));
            }
            chunks.push(chunk);
          }
        }
        this.bytesRead += size;
        return Buffer.concat(chunks).toString('utf8');
      } finally {
        deadline.clear();
      }
    });
  }

  /** Runs `work` (reading a body) so that a timeout or a cancel becomes our error. */
  private async guard<T>(context: RequestContext, exchange: Exchange, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw this.failure(error, context, exchange.deadline, exchange.host);
    }
  }

  private failure(error: unknown, context: RequestContext, deadline: RequestDeadline, host: string): Error {
    if (error instanceof PreviewError || error instanceof Cancelled) return error;
    if (this.aborted) return new Cancelled('cancelled');
    const name = error instanceof Error ? error.name : '';
    if (deadline.expired || name === 'TimeoutError' || name === 'AbortError') return new PreviewError('unreadableSource', sourceStrings.timeout(context.what, host, this.timeoutMs));
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : error instanceof Error ? error.message : String(error);
    return new PreviewError('unreadableSource', sourceStrings.network(context.what, this.redactor.redact(cause)));
  }

  /** One request with consent, a whole-request deadline and retries; the answer when 2xx (or undefined for an allowed 404). */
  private async send(url: string, context: RequestContext): Promise<Exchange | undefined> {
    const parsed = new URL(url);
    // A receiver of the rows that is behind holds the next request back (PreviewOptions.rowsWanted).
    await this.config.options.rowsWanted?.();
    await this.consent(parsed);
    const headers: Record<string, string> = { Accept: 'application/json', ...(context.anonymous ? {} : this.config.headers ?? {}), ...(context.headers ?? {}) };
    let body: string | undefined;
    if (context.body !== undefined) {
      body = JSON.stringify(context.body);
      headers['Content-Type'] = 'application/json';
    }
    for (let attempt = 1; ; attempt++) {
      if (this.aborted) throw new Cancelled('cancelled');
      const exchange = await this.fetchFollowing(parsed, { method: context.method ?? 'GET', body }, headers, context);
      const status = exchange.response.status;
      if (status >= 200 && status < 300) return exchange;
      if ((status === 429 || status >= 500) && attempt < MAX_TRIES) {
        await drop(exchange);
        await this.wait(retryDelay(exchange.response, attempt));
        continue;
      }
      const reason = await this.reasonOf(exchange, context);
      if (status === 404 && context.allow404) return undefined;
      throw this.statusError(status, reason, context);
    }
  }

  /**
   * One try under one deadline (connect, headers and body), redirects followed by hand: credential headers go
   * only to the origin they were configured for (docs/security.md, "Credentials").
   */
  private async fetchFollowing(start: URL, request: { method: string; body: string | undefined }, headers: Record<string, string>, context: RequestContext): Promise<Exchange> {
    const deadline = new RequestDeadline(this.timeoutMs, this.config.options.signal);
    const credentialNames = Object.keys(this.config.headers ?? {});
    let url = start;
    let current = request;
    for (let hop = 0; ; hop++) {
      let response: Response;
      try {
        this.requests++;
        const sent = headersFor(url, start.origin, headers, credentialNames);
        response = await fetch(url, { method: current.method, headers: sent, body: current.body, signal: deadline.signal, redirect: 'manual' });
      } catch (error) {
        deadline.clear();
        throw this.failure(error, context, deadline, url.host);
      }
      const exchange = { response, deadline, host: url.host };
      const location = response.headers.get('location');
      if (!isRedirect(response.status) || location === null) return exchange;
      const next = redirectTarget(url, location);
      if (next === undefined || hop >= MAX_REDIRECTS) {
        await drop(exchange);
        const message = next === undefined ? sourceStrings.badRedirect(context.what, url.host) : sourceStrings.tooManyRedirects(context.what, url.host, MAX_REDIRECTS);
        throw new PreviewError('unreadableSource', this.redactor.redact(message), { file: this.cleanUrl(start.href) });
      }
      await response.body?.cancel().catch(() => undefined);
      current = redirectedRequest(response.status, current.method, current.body);
      url = next;
    }
  }

  private statusError(status: number, reason: string, context: RequestContext): PreviewError {
    const what = context.what;
    if (status === 401 || status === 403) return new PreviewError('unreadableSource', sourceStrings.unauthorized(what, status, this.config.authCheck));
    if (status === 404) return new PreviewError('unreadableSource', context.notFound ? sourceStrings.notFound(what, context.notFound) : sourceStrings.httpStatus(what, status, reason));
    if (status === 422) return new PreviewError('unreadableSource', sourceStrings.refusedRequest(what, reason || l10n.t('no reason given')));
    if (status === 429) return new PreviewError('unreadableSource', sourceStrings.rateLimited(what));
    return new PreviewError('unreadableSource', sourceStrings.httpStatus(what, status, reason));
  }

  /** The server's reason (`error`, `message`, `detail` of a JSON body, else the text), short and redacted. */
  private async reasonOf(exchange: Exchange, context: RequestContext): Promise<string> {
    let text = '';
    try {
      text = await this.readText(exchange, context, MAX_REASON_BODY);
    } catch {
      return '';
    }
    let reason = text;
    try {
      const parsed = JSON.parse(text) as unknown;
      if (typeof parsed === 'object' && parsed !== null) {
        const record = parsed as Record<string, unknown>;
        const picked = record.error ?? record.message ?? record.detail;
        reason = typeof picked === 'string' ? picked : JSON.stringify(picked ?? parsed);
      }
    } catch {
      // Not JSON: the text itself.
    }
    reason = reason.replace(/\s+/g, ' ').trim();
    if (reason.length > MAX_REASON) reason = `${reason.slice(0, MAX_REASON)}…`;
    return this.redactor.redact(reason);
  }

  private wait(ms: number): Promise<void> {
    const signal = this.config.options.signal;
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(new Cancelled('cancelled'));
      const onAbort = () => {
        clearTimeout(timer);
        reject(new Cancelled('cancelled'));
      };
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }
}

/** Drops an answer's body and its deadline. */
async function drop(exchange: Exchange): Promise<void> {
  await exchange.response.body?.cancel().catch(() => undefined);
  exchange.deadline.clear();
}

/** Milliseconds before the next try: `Retry-After` (seconds or an HTTP date, bounded) or exponential backoff. */
export function retryDelay(response: Response, attempt: number, now = Date.now()): number {
  const header = response.headers.get('retry-after');
  if (header !== null) {
    const seconds = Number(header.trim());
    const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - now;
    if (Number.isFinite(ms)) return Math.min(MAX_RETRY_AFTER_MS, Math.max(0, ms));
  }
  return BACKOFF_MS * 2 ** (attempt - 1);
}

/** True when the error only says the work was cancelled (the preview then returns what it has). */
export function isCancellation(error: unknown): boolean {
  return error instanceof Cancelled;
}
