/**
 * The spans of a trace platform's trace as span events (docs/semantics.md §9.1): depth first from the root, each
 * span's items right after its start, children in the order given. Iterative, so a deep or looping tree cannot
 * overflow the stack; a span is entered once, and a span whose parent is not in the tree is not reached.
 */
import type { OpenResponsesItem, TraceEvent } from '../../trace/traceRecord';

type SpanType = Extract<TraceEvent, { type: 'span_start' }>['span_type'];

/** One span, as a platform's run, observation or span reads. */
export interface SpanNode {
  id: string;
  /** The parent span's id; undefined for a span at the top. */
  parent: string | undefined;
  name: string;
  type: SpanType;
  start: string | undefined;
  end: string | undefined;
  error: string | undefined;
  /** What the span did, asked for only when the span is reached. */
  items: () => readonly OpenResponsesItem[];
}

export function spanTreeEvents(root: SpanNode, nodes: readonly SpanNode[]): TraceEvent[] {
  const children = new Map<string, SpanNode[]>();
  for (const node of nodes) {
    if (node.parent === undefined || node.id === root.id) continue;
    const list = children.get(node.parent) ?? [];
    list.push(node);
    children.set(node.parent, list);
  }
  const events: TraceEvent[] = [];
  const visited = new Set<string>();
  const stack: { node: SpanNode; parent?: string; open: boolean }[] = [{ node: root, open: true }];
  while (stack.length > 0) {
    const { node, parent, open } = stack.pop()!;
    if (!open) {
      events.push({ type: 'span_end', span_id: node.id, timestamp: node.end, ...(node.error ? { error: node.error } : {}) });
      continue;
    }
    if (visited.has(node.id)) continue;
    visited.add(node.id);
    events.push({ type: 'span_start', span_id: node.id, ...(parent ? { parent_span_id: parent } : {}), span_name: node.name, span_type: node.type, timestamp: node.start });
    for (const item of node.items()) events.push({ type: 'item', span_id: node.id, item });
    stack.push({ node, open: false });
    const kids = children.get(node.id) ?? [];
    for (let k = kids.length - 1; k >= 0; k--) stack.push({ node: kids[k], parent: node.id, open: true });
  }
  return events;
}
