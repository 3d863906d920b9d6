/**
 * Messages between the log report webview and whatever serves it: the extension host, or the in-page
 * source of a standalone HTML export. Both sides import this file; every message has a string-literal
 * `type`, requests carry an `id`, and every request is answered by its result or by `{ type: 'error', id }`.
 *
 * Handshake: the webview posts `ready`; the host answers `progress` while it reads the file, then `init`
 * (or `loadError`). When the file changes on disk the host sends a new `init` whose summary carries a higher
 * `generation`: pages and details of an older generation are stale and dropped. A large log is validated
 * against its schema after `init`: its problems follow in a `schemaProblems` message.
 */
import type { LogSummary, SampleDetail, SamplePage, SampleQuery, SchemaProblem } from '../model/logViewTypes';
import { isRecord } from '../json/jsonValue';
import type { ReadyMessage } from '../channel/handshake';
import { isOpenConversationMessage } from './conversationProtocol';
import type { OpenConversationMessage } from './conversationProtocol';

/** Where the report should open or jump to (deep links, `evalLens.openLogAtSample`). */
export interface RevealTarget {
  sampleIndex: number;
  trialIndex?: number;
  runIndex?: number;
}

// ---- webview → host -------------------------------------------------------------------------------------

/** The webview listens: answered by `init` (src/core/channel/handshake.ts). */
export type { ReadyMessage };

export interface PageRequest {
  type: 'page';
  id: number;
  generation: number;
  query: SampleQuery;
}

export interface DetailRequest {
  type: 'detail';
  id: number;
  generation: number;
  index: number;
  runIndex?: number;
}

/** Ask the host to open a link found in log content; the host opens only http/https, after confirmation. */
interface OpenLinkMessage {
  type: 'openLink';
  href: string;
}

/** Ask the host to show the log as JSON text, or to export it as standalone HTML. */
interface CommandMessage {
  type: 'command';
  command: 'openAsJson' | 'exportHtml' | 'reload';
}

export type WebviewToHost = ReadyMessage | PageRequest | DetailRequest | OpenLinkMessage | CommandMessage | OpenConversationMessage;

// ---- host → webview -------------------------------------------------------------------------------------

export interface ProgressMessage {
  type: 'progress';
  /** What is happening, in plain words (already localised). */
  label: string;
  /** Bytes or items done and the total, when known. */
  done?: number;
  total?: number;
}

export interface InitMessage {
  type: 'init';
  summary: LogSummary;
  /** Open the report at this sample (deep link) instead of restoring the previous place. */
  reveal?: RevealTarget;
  /** False in a standalone export: commands that need the editor are hidden. */
  hostCommands: boolean;
}

/** The log could not be read at all: shown in place of the report. */
export interface LoadErrorMessage {
  type: 'loadError';
  fileName: string;
  message: string;
  line?: number;
  column?: number;
  hint: string;
}

/** The schema problems of a log validated after `init` (large logs): they replace the summary's. */
export interface SchemaProblemsMessage {
  type: 'schemaProblems';
  generation: number;
  problems: SchemaProblem[];
}

interface RevealMessage {
  type: 'reveal';
  target: RevealTarget;
}

interface PageResult {
  type: 'pageResult';
  id: number;
  page: SamplePage;
}

interface DetailResult {
  type: 'detailResult';
  id: number;
  detail: SampleDetail;
}

interface ErrorReply {
  type: 'error';
  id: number;
  error: string;
}

export type HostToWebview =
  | ProgressMessage
  | InitMessage
  | LoadErrorMessage
  | SchemaProblemsMessage
  | RevealMessage
  | PageResult
  | DetailResult
  | ErrorReply;

export type HostReply = PageResult | DetailResult | ErrorReply;

// ---- guards (messages cross a trust boundary: check shape before use) ------------------------------------

function isId(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

function isOptionalIndex(value: unknown): boolean {
  return value === undefined || (typeof value === 'number' && Number.isInteger(value) && value >= 0);
}

export function isSampleQuery(value: unknown): value is SampleQuery {
  if (!isRecord(value)) return false;
  if (!isId(value.offset) || !isId(value.limit)) return false;
  if (value.search !== undefined && typeof value.search !== 'string') return false;
  if (value.errorStage !== undefined && typeof value.errorStage !== 'string') return false;
  if (!isOptionalIndex(value.runIndex) || !isOptionalIndex(value.locate)) return false;
  if (value.sort !== undefined) {
    const sort = value.sort;
    if (!isRecord(sort) || typeof sort.column !== 'string' || (sort.direction !== 'asc' && sort.direction !== 'desc')) return false;
  }
  if (value.scoreFilter !== undefined) {
    const filter = value.scoreFilter;
    if (!isRecord(filter) || typeof filter.column !== 'string') return false;
    if (!['string', 'number', 'boolean'].includes(typeof filter.value)) return false;
  }
  if (value.metric !== undefined) {
    const metric = value.metric;
    if (!isRecord(metric) || typeof metric.valueKey !== 'string') return false;
    if (metric.scorerKey !== undefined && typeof metric.scorerKey !== 'string') return false;
  }
  return true;
}

/** Whether an incoming message is a well-formed webview → host message. */
export function isWebviewToHost(value: unknown): value is WebviewToHost {
  if (!isRecord(value)) return false;
  switch (value.type) {
    case 'ready':
      return true;
    case 'page':
      return isId(value.id) && isId(value.generation) && isSampleQuery(value.query);
    case 'detail':
      return isId(value.id) && isId(value.generation) && isId(value.index) && isOptionalIndex(value.runIndex);
    case 'openLink':
      return typeof value.href === 'string';
    case 'command':
      return value.command === 'openAsJson' || value.command === 'exportHtml' || value.command === 'reload';
    case 'openConversation':
      return isOpenConversationMessage(value);
    default:
      return false;
  }
}

/** Whether an incoming message is a well-formed host → webview message (shape of the envelope only). */
export function isHostToWebview(value: unknown): value is HostToWebview {
  if (!isRecord(value)) return false;
  switch (value.type) {
    case 'progress':
      return typeof value.label === 'string';
    case 'init':
      return isRecord(value.summary) && typeof value.hostCommands === 'boolean';
    case 'loadError':
      return typeof value.fileName === 'string' && typeof value.message === 'string' && typeof value.hint === 'string';
    case 'schemaProblems':
      return isId(value.generation) && Array.isArray(value.problems) && value.problems.every((p) => isRecord(p) && typeof p.message === 'string' && typeof p.path === 'string');
    case 'reveal':
      return isRecord(value.target) && isId(value.target.sampleIndex);
    case 'pageResult':
      return isId(value.id) && isRecord(value.page) && Array.isArray(value.page.rows);
    case 'detailResult':
      return isId(value.id) && isRecord(value.detail);
    case 'error':
      return isId(value.id) && typeof value.error === 'string';
    default:
      return false;
  }
}

/** Whether a link from log content may be opened at all (after the user confirms): http and https only. */
export function isOpenableLink(href: string): boolean {
  try {
    const url = new URL(href);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
