/**
 * Sub-agents at their call (docs/semantics.md §9.1): a span whose `span_start` names the `call_id` of the function
 * call that launched it is shown under that call, with its own conversation (its sub-spans that no call of it
 * launched inlined where they started). Spans that no shown call launched stay in the span tree at the end.
 */
import type { SpanNode, SubAgentView, TraceItemView, TraceView } from '../model/logViewTypes';
import { SpanConversation, spanConversations } from './spanConversation';
import { traceViewFromTrace } from './traceView';

type CallView = Extract<TraceItemView, { kind: 'function_call' }>;

function callIdsOf(items: readonly TraceItemView[]): Set<string> {
  const ids = new Set<string>();
  for (const item of items) if (item.kind === 'function_call' && item.callId !== undefined) ids.add(item.callId);
  return ids;
}

/** Every span of the trees, without recursion. */
function allSpans(roots: readonly SpanConversation[]): SpanConversation[] {
  const out: SpanConversation[] = [];
  const stack = [...roots];
  for (let span = stack.pop(); span !== undefined; span = stack.pop()) {
    out.push(span);
    for (const child of span.children) stack.push(child.span);
  }
  return out;
}

/** A span's items with each sub-span inlined where it started, except those launched by a call among its items (span trees are at most MAX_SPAN_DEPTH deep). */
function flatten(span: SpanConversation): TraceItemView[] {
  const own = callIdsOf(span.items);
  const out: TraceItemView[] = [];
  let next = 0;
  for (const { before, span: child } of span.children) {
    if (child.callId !== undefined && own.has(child.callId)) continue;
    while (next < before && next < span.items.length) out.push(span.items[next++]);
    out.push(...flatten(child));
  }
  while (next < span.items.length) out.push(span.items[next++]);
  return out;
}

class SubAgentLinker {
  private readonly byCall = new Map<string, SpanConversation[]>();
  readonly placed = new Set<string>();

  constructor(roots: readonly SpanConversation[]) {
    for (const span of allSpans(roots)) {
      if (span.callId === undefined || span.depth === 0) continue;
      const list = this.byCall.get(span.callId);
      if (list) list.push(span);
      else this.byCall.set(span.callId, [span]);
    }
  }

  /** Puts under each call of `items` the sub-agents it launched that are not shown elsewhere yet. */
  link(items: readonly TraceItemView[]): void {
    for (const item of items) {
      if (item.kind !== 'function_call' || item.callId === undefined) continue;
      const spans = (this.byCall.get(item.callId) ?? []).filter((span) => !this.placed.has(span.spanId));
      if (spans.length === 0) continue;
      for (const span of spans) this.placed.add(span.spanId);
      (item as CallView).subAgents = spans.map((span) => this.subAgent(span));
    }
  }

  private subAgent(span: SpanConversation): SubAgentView {
    const items = flatten(span);
    this.link(items);
    const view: SubAgentView = { spanId: span.spanId, name: span.name, messageCount: items.filter((i) => i.kind === 'message').length, items };
    if (span.type !== undefined) view.type = span.type;
    if (span.tokens !== undefined) view.tokens = span.tokens;
    if (span.error !== undefined) view.error = span.error;
    return view;
  }
}

/** The span tree without the spans shown at their call; a lone root left with nothing under it is dropped. */
function withoutPlaced(nodes: SpanNode[], placed: ReadonlySet<string>): SpanNode[] {
  const kept: SpanNode[] = [];
  for (const node of nodes) {
    if (node.id !== undefined && placed.has(node.id)) continue;
    kept.push({ ...node, children: withoutPlaced(node.children, placed) });
  }
  return kept;
}

/**
 * Places the sub-agents of `events` under the calls of `view` that launched them and leaves in `view.spans` only what
 * was not placed. Returns the ids of the spans placed.
 */
export function linkSubAgents(view: TraceView, events: unknown): Set<string> {
  const roots = spanConversations(events);
  if (!roots) return new Set();
  const linker = new SubAgentLinker(roots);
  linker.link(view.preamble);
  linker.link(view.turns);
  if (linker.placed.size > 0 && view.spans) {
    const rest = withoutPlaced(view.spans, linker.placed);
    const empty = rest.length === 0 || (rest.length === 1 && rest[0].children.length === 0 && roots.length === 1 && rest[0].id === roots[0].spanId);
    if (empty) delete view.spans;
    else view.spans = rest;
  }
  return linker.placed;
}

/** The view of a Trace object (traceView.ts) with its sub-agents under the calls that launched them. */
export function traceViewWithSubAgents(trace: Record<string, unknown>): TraceView {
  const view = traceViewFromTrace(trace);
  linkSubAgents(view, trace.events);
  return view;
}
