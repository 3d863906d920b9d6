/**
 * Span events (docs/semantics.md §9.1: `span_start` / `item` / `span_end` in time order) as a tree of spans, each with
 * its own conversation: the Trace editor and `eval-lens trace show` show sub-agents nested under the span that
 * started them, each with its items (calls paired with their outputs within the span).
 */
import type { TraceItemView } from '../model/logViewTypes';
import { itemsToViews } from './traceView';

type Rec = Record<string, unknown>;

/** Spans nest at most this deep; deeper spans are shown at this depth (hostile input stays flat). */
export const MAX_SPAN_DEPTH = 32;

/** What a sub-agent span says of itself, and how deep it is. */
interface SpanFacts {
  spanId: string;
  name: string;
  type?: string;
  error?: string;
  startedAt?: string;
  endedAt?: string;
  /** The call that started this span (`call_id` of its `span_start`). */
  callId?: string;
  /** Tokens the span used in all, when its `span_start` says. */
  tokens?: number;
  depth: number;
}

export interface SpanConversation extends SpanFacts {
  items: TraceItemView[];
  /** Sub-spans, each with the index into `items` before which it started. */
  children: { before: number; span: SpanConversation }[];
}

interface Building {
  span: SpanConversation;
  raw: unknown[];
  starts: { rawIndex: number; span: SpanConversation }[];
}

function isRec(value: unknown): value is Rec {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : undefined;
}

/** Whether `events` follow docs/semantics.md §9.1 (at least one `span_start` with a `span_id`). */
function hasSpanEvents(events: unknown): events is unknown[] {
  return Array.isArray(events) && events.some((e) => isRec(e) && e.type === 'span_start' && str(e.span_id) !== undefined);
}

/**
 * The spans of §9.1 events as trees (usually one root). Undefined when the events are not of that shape.
 * A parent must have started before its child (so no loops); an item of an unknown span goes to the first root.
 */
export function spanConversations(events: unknown): SpanConversation[] | undefined {
  if (!hasSpanEvents(events)) return undefined;
  const byId = new Map<string, Building>();
  const parentOf = new Map<Building, Building>();
  const roots: Building[] = [];
  const order: Building[] = [];
  for (const event of events) {
    if (!isRec(event)) continue;
    const id = str(event.span_id);
    if (event.type === 'span_start' && id !== undefined) {
      if (byId.has(id)) continue;
      let host = byId.get(str(event.parent_span_id) ?? '');
      // Deeper than the cap: a sibling of its parent (every span at the cap has a parent one level up).
      if (host && host.span.depth >= MAX_SPAN_DEPTH) host = parentOf.get(host);
      const span: SpanConversation = {
        spanId: id, name: str(event.span_name) ?? id, type: str(event.span_type), startedAt: str(event.timestamp),
        depth: host ? host.span.depth + 1 : 0, items: [], children: [],
      };
      const callId = str(event.call_id);
      if (callId !== undefined) span.callId = callId;
      if (typeof event.total_tokens === 'number' && Number.isFinite(event.total_tokens) && event.total_tokens >= 0) span.tokens = event.total_tokens;
      const building: Building = { span, raw: [], starts: [] };
      byId.set(id, building);
      order.push(building);
      if (host) {
        parentOf.set(building, host);
        host.starts.push({ rawIndex: host.raw.length, span });
      } else {
        roots.push(building);
      }
    } else if (event.type === 'item') {
      const building = (id !== undefined ? byId.get(id) : undefined) ?? roots[0];
      if (building) building.raw.push(event.item);
    } else if (event.type === 'span_end' && id !== undefined) {
      const building = byId.get(id);
      if (!building) continue;
      const ended = str(event.timestamp);
      if (ended) building.span.endedAt = ended;
      const error = str(event.error);
      if (error) building.span.error = error;
    }
  }
  for (const building of order) finish(building);
  return roots.map((r) => r.span);
}

function finish(building: Building): void {
  const { views, sources } = itemsToViews(building.raw);
  building.span.items = views;
  for (const start of building.starts) {
    let before = sources.findIndex((source) => source >= start.rawIndex);
    if (before < 0) before = views.length;
    building.span.children.push({ before, span: start.span });
  }
}

/** A sub-agent span without its items (they are sent when the span is opened), with its item count. */
export interface SpanOutline extends SpanFacts {
  itemCount: number;
  children: { before: number; span: SpanOutline }[];
}

/** The outline of a span tree (spans nest at most MAX_SPAN_DEPTH deep, so recursion is bounded). */
export function spanOutline(span: SpanConversation): SpanOutline {
  const { items, children, ...rest } = span;
  return { ...rest, itemCount: items.length, children: children.map((c) => ({ before: c.before, span: spanOutline(c.span) })) };
}
