/**
 * Messages between the Trace editor's webview and the extension host. Handshake: the webview posts `ready`;
 * the host answers `init` (header, preamble, the first page of turns, spans) or `loadError`. Further turns are
 * asked for with `more` (answered by `moreResult` or `error`); a new `init` with a higher `generation` follows a
 * change of the file on disk. After each render the webview reports what it shows (`rendered`), for tests.
 */
import type { SpanNode, TraceItemView } from '../model/logViewTypes';
import type { TraceHeader } from '../trace/traceHeader';
import type { SpanOutline } from '../trace/spanConversation';
import { isRecord } from '../json/jsonValue';
import type { ReadyMessage } from '../channel/handshake';

export interface TraceInit {
  type: 'init';
  generation: number;
  fileName: string;
  header: TraceHeader;
  preamble: TraceItemView[];
  /** The first page of turns. */
  turns: TraceItemView[];
  totalTurns: number;
  /** Sub-agent spans without their items: the webview asks for a span's items (`spanItems`) when it is opened. */
  subSpans: SpanOutline[];
  genericSpans?: SpanNode[];
  metadata?: Record<string, unknown>;
}

export interface TraceLoadError {
  type: 'loadError';
  fileName: string;
  message: string;
  line?: number;
  column?: number;
}

interface TraceMoreResult {
  type: 'moreResult';
  id: number;
  generation: number;
  offset: number;
  turns: TraceItemView[];
}

interface TraceSpanItemsResult {
  type: 'spanItemsResult';
  id: number;
  generation: number;
  spanId: string;
  items: TraceItemView[];
}

interface TraceRequestError {
  type: 'error';
  id: number;
  error: string;
}

export type TraceHostToWebview = TraceInit | TraceLoadError | TraceMoreResult | TraceSpanItemsResult | TraceRequestError;

interface TraceRendered {
  type: 'rendered';
  generation: number;
  /** Items shown in the main conversation (preamble + turns so far). */
  shownItems: number;
  roles: string[];
  toolCalls: { name: string; hasOutput: boolean }[];
  spanNames: string[];
}

export type TraceWebviewToHost =
  | ReadyMessage
  | { type: 'more'; id: number; generation: number; offset: number }
  | { type: 'spanItems'; id: number; generation: number; spanId: string }
  | { type: 'command'; command: 'openAsJson' | 'reload' }
  | { type: 'openLink'; href: string }
  | TraceRendered;

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

export function isTraceWebviewToHost(value: unknown): value is TraceWebviewToHost {
  if (!isRecord(value)) return false;
  switch (value.type) {
    case 'ready':
      return true;
    case 'more':
      return isCount(value.id) && isCount(value.generation) && isCount(value.offset);
    case 'spanItems':
      return isCount(value.id) && isCount(value.generation) && typeof value.spanId === 'string';
    case 'command':
      return value.command === 'openAsJson' || value.command === 'reload';
    case 'openLink':
      return typeof value.href === 'string';
    case 'rendered':
      return isCount(value.generation) && isCount(value.shownItems) && Array.isArray(value.roles) && Array.isArray(value.toolCalls) && Array.isArray(value.spanNames);
    default:
      return false;
  }
}

export function isTraceHostToWebview(value: unknown): value is TraceHostToWebview {
  if (!isRecord(value)) return false;
  switch (value.type) {
    case 'init':
      return isCount(value.generation) && typeof value.fileName === 'string' && isRecord(value.header) && Array.isArray(value.turns) && Array.isArray(value.preamble) && isCount(value.totalTurns);
    case 'loadError':
      return typeof value.fileName === 'string' && typeof value.message === 'string';
    case 'moreResult':
      return isCount(value.id) && isCount(value.generation) && isCount(value.offset) && Array.isArray(value.turns);
    case 'spanItemsResult':
      return isCount(value.id) && isCount(value.generation) && typeof value.spanId === 'string' && Array.isArray(value.items);
    case 'error':
      return isCount(value.id) && typeof value.error === 'string';
    default:
      return false;
  }
}
