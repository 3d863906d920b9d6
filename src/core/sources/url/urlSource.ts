/**
 * `url` source: a CSV or JSONL file over http(s), streamed through the same parsers as a local file.
 * Nothing is fetched unless `confirmFetch` allows it; redirects (at most 5) stay on http(s).
 */
import { IncomingMessage, request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Socket } from 'node:net';
import { CompiledFilter } from '../../filters/filterEvaluator';
import { previewStrings } from '../../l10n/previewStrings';
import { PreviewError } from '../previewError';
import { counterResult } from '../previewResult';
import { PreviewResult } from '../../model/previewTypes';
import { DataFormat, RangeProcessor } from '../../engine/scan/rangeProcessor';
import type { SourceOptions, SourceRun } from '../sourceDefinition';
import { RequestDeadline } from '../remote/requestDeadline';

const MAX_REDIRECTS = 5;
const DEFAULT_URL_TIMEOUT_MS = 30_000;

/** The format of a url source: the URL string itself must end with `.csv` or `.jsonl`. */
function formatOfUrl(url: string): DataFormat | undefined {
  const lower = url.toLowerCase();
  return lower.endsWith('.csv') ? 'csv' : lower.endsWith('.jsonl') ? 'jsonl' : undefined;
}

function checkProtocol(url: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new PreviewError('invalidSource', previewStrings.urlInvalid(url), { file: url });
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new PreviewError('invalidSource', previewStrings.urlProtocol(url), { file: url });
  }
  return parsed;
}

function get(url: URL, timeoutMs: number, signal: AbortSignal | undefined): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)(url, { method: 'GET', signal });
    request.setTimeout(timeoutMs, () => request.destroy(new PreviewError('unreadableSource', previewStrings.urlTimeout(url.href, timeoutMs), { file: url.href })));
    request.on('response', resolve);
    request.on('error', reject);
    request.end();
  });
}

async function openUrl(start: URL, timeoutMs: number, signal: AbortSignal | undefined): Promise<IncomingMessage> {
  let url = start;
  for (let hop = 0; ; hop++) {
    const response = await get(url, timeoutMs, signal);
    const status = response.statusCode ?? 0;
    const location = response.headers.location;
    if (status >= 300 && status < 400 && location) {
      response.resume();
      if (hop >= MAX_REDIRECTS) throw new PreviewError('unreadableSource', previewStrings.urlTooManyRedirects(start.href, MAX_REDIRECTS), { file: start.href });
      url = checkProtocol(new URL(location, url).href);
      continue;
    }
    if (status < 200 || status >= 300) {
      response.resume();
      throw new PreviewError('unreadableSource', previewStrings.urlStatus(status, response.statusMessage ?? '', url.href), { file: url.href });
    }
    response.setTimeout(timeoutMs, () => response.destroy(new PreviewError('unreadableSource', previewStrings.urlTimeout(url.href, timeoutMs), { file: url.href })));
    return response;
  }
}

/**
 * Awaits the receiver of the rows with the download's clocks stopped, the deadline and the socket's idle timeout
 * alike: they bound the server (docs/security.md, "Servers that stall"), not a receiver that is behind.
 */
async function waitForReceiver(response: IncomingMessage, deadline: RequestDeadline, wanted: Promise<void>, timeoutMs: number): Promise<void> {
  setIdleTimeout(response, 0);
  try {
    await deadline.stoppedWhile(wanted);
  } finally {
    setIdleTimeout(response, timeoutMs);
  }
}

/**
 * The socket's idle timeout, while the response still holds its socket: a response read to its end lets go of it
 * (a kept-alive socket goes back to its agent) before its last chunk reaches this loop, and nothing is left to time.
 */
function setIdleTimeout(response: IncomingMessage, timeoutMs: number): void {
  (response.socket as Socket | null)?.setTimeout(timeoutMs);
}

interface UrlInput {
  url: string;
  filters: CompiledFilter[];
  options: SourceOptions;
  run: SourceRun;
}

export async function previewUrl(input: UrlInput): Promise<PreviewResult> {
  const { url, filters, options, run } = input;
  const format = formatOfUrl(url);
  const parsed = checkProtocol(url);
  if (!format) throw new PreviewError('invalidSource', previewStrings.urlExtension(url), { file: url });
  if (options.confirmFetch && !(await options.confirmFetch(url))) {
    throw new PreviewError('fetchRefused', previewStrings.urlRefused(url), { file: url });
  }
  const timeoutMs = options.urlTimeoutMs ?? DEFAULT_URL_TIMEOUT_MS;
  const processor = new RangeProcessor({ format, file: url, filters, need: options.limit, fast: !options.plainParsing && !options.onRow, atFileStart: true, onRow: options.onRow });
  const result = (complete: boolean) => counterResult(filters, processor.counter, processor.columns, complete);
  processor.onPageFull = () => run.firstPage(result(false));
  let cancelled = false;
  // One deadline for the whole download, body included (docs/security.md, "Servers that stall").
  const deadline = new RequestDeadline(timeoutMs, options.signal);
  try {
    const response = await openUrl(parsed, timeoutMs, deadline.signal);
    const lengthHeader = Number(response.headers['content-length']);
    const total = Number.isFinite(lengthHeader) && lengthHeader > 0 ? lengthHeader : undefined;
    // The unconsumed tail of a record, in parts: a record longer than many chunks (a huge single line) is
    // joined once, when a line feed arrives, not once per chunk.
    let pending: Buffer[] = [];
    let base = 0;
    let received = 0;
    for await (const chunk of response as AsyncIterable<Buffer>) {
      // The download waits (its socket fills and the server is held back) while the receiver of the rows is behind.
      const wanted = options.onRow ? options.rowsWanted?.() : undefined;
      if (wanted) await waitForReceiver(response, deadline, wanted, timeoutMs);
      received += chunk.length;
      if (pending.length > 0 && chunk.indexOf(0x0a) < 0) {
        pending.push(chunk);
        run.progress({ done: received, total, unit: 'bytes', rowsSeen: processor.counter.stats.total, rowsKept: processor.counter.stats.matched });
        continue;
      }
      const buf = pending.length > 0 ? Buffer.concat([...pending, chunk]) : chunk;
      const consumed = processor.feed(buf, 0, buf.length, false, base);
      pending = consumed < buf.length ? [buf.subarray(consumed)] : [];
      base += consumed;
      run.progress({ done: received, total, unit: 'bytes', rowsSeen: processor.counter.stats.total, rowsKept: processor.counter.stats.matched });
    }
    const rest = Buffer.concat(pending);
    processor.feed(rest, 0, rest.length, true, base);
  } catch (error) {
    if (run.cancelled()) cancelled = true;
    else if (deadline.expired) throw new PreviewError('unreadableSource', previewStrings.urlTimeout(url, timeoutMs), { file: url });
    else if (error instanceof PreviewError) throw error;
    else throw new PreviewError('unreadableSource', previewStrings.urlFailed(url, error instanceof Error ? error.message : String(error)), { file: url });
  } finally {
    deadline.clear();
  }
  return result(!cancelled);
}
