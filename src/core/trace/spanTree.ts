import type { SpanNode } from '../model/logViewTypes';

/**
 * Span tree of a trace's `events` (spec §2.12 gives no structure, so this is lenient): a list of events
 * linked by parent ids (`span_id`/`parent_id`, `id`/`parentObservationId`, …), nested `children`, or
 * start/end markers; anything else becomes one node holding the value as attributes.
 */

type Rec = Record<string, unknown>;

const ID_KEYS = ['span_id', 'spanId', 'id', 'observation_id', 'observationId', 'run_id'];
const PARENT_KEYS = ['parent_id', 'parent_span_id', 'parentId', 'parentSpanId', 'parentObservationId', 'parent_observation_id', 'parent_run_id'];
const NAME_KEYS = ['span_name', 'spanName', 'name'];
const TYPE_KEYS = ['span_type', 'spanType', 'type', 'kind', 'event', 'event_type'];
const CHILD_KEYS = ['children', 'spans', 'child_runs'];
const LIST_KEYS = ['events', 'spans', 'observations', 'runs'];

const START_MARKER = /(^|[_.\-\s])(start|started|begin|enter)$/i;
const END_MARKER = /(^|[_.\-\s])(end|ended|finish|finished|exit|stop)$/i;

function isRec(value: unknown): value is Rec {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function firstScalar(event: Rec, keys: readonly string[]): { key: string; value: string } | undefined {
  for (const key of keys) {
    const value = event[key];
    if (typeof value === 'string' && value !== '') return { key, value };
    if (typeof value === 'number') return { key, value: String(value) };
  }
  return undefined;
}

interface Pending {
  node: SpanNode;
  parentId?: string;
}

class SpanTreeBuilder {
  private readonly byId = new Map<string, Pending>();
  private readonly pending: Pending[] = [];
  private readonly open: SpanNode[] = [];

  add(event: unknown, parent?: SpanNode): void {
    if (!isRec(event)) {
      this.attach({ node: { children: [], attributes: { value: event } } }, parent);
      return;
    }
    const id = firstScalar(event, ID_KEYS);
    const parentId = firstScalar(event, PARENT_KEYS);
    const name = firstScalar(event, NAME_KEYS);
    const type = firstScalar(event, TYPE_KEYS);
    const consumed = new Set([id?.key, parentId?.key, name?.key, type?.key, ...CHILD_KEYS]);
    const attributes: Rec = {};
    for (const [key, value] of Object.entries(event)) if (!consumed.has(key)) attributes[key] = value;
    const marker = type?.value ?? '';

    const existing = id ? this.byId.get(id.value) : undefined;
    if (existing) {
      // A second event for a known span (e.g. its end marker): merge, never duplicate.
      if (Object.keys(attributes).length) existing.node.attributes = { ...existing.node.attributes, ...attributes };
      if (END_MARKER.test(marker)) this.close(existing.node);
      return;
    }
    if (END_MARKER.test(marker) && !id && this.open.length > 0) {
      const top = this.open[this.open.length - 1];
      if (Object.keys(attributes).length) top.attributes = { ...top.attributes, ...attributes };
      this.open.pop();
      return;
    }
    const node: SpanNode = { children: [] };
    if (id) node.id = id.value;
    if (name) node.name = name.value;
    if (type) node.type = START_MARKER.test(marker) ? marker.replace(START_MARKER, '') || marker : marker;
    if (Object.keys(attributes).length) node.attributes = attributes;
    const entry: Pending = { node, parentId: parentId?.value };
    if (id) this.byId.set(id.value, entry);
    this.attach(entry, parent);
    for (const key of CHILD_KEYS) {
      const children = event[key];
      if (Array.isArray(children)) for (const child of children) this.add(child, node);
    }
    if (START_MARKER.test(marker)) this.open.push(node);
  }

  private close(node: SpanNode): void {
    const at = this.open.lastIndexOf(node);
    if (at >= 0) this.open.splice(at);
  }

  private attach(entry: Pending, parent?: SpanNode): void {
    if (parent) {
      parent.children.push(entry.node);
      return;
    }
    if (entry.parentId === undefined && this.open.length > 0) {
      this.open[this.open.length - 1].children.push(entry.node);
      return;
    }
    this.pending.push(entry);
  }

  roots(): SpanNode[] {
    const roots: SpanNode[] = [];
    for (const entry of this.pending) {
      const parent = entry.parentId !== undefined ? this.byId.get(entry.parentId) : undefined;
      if (parent && parent.node !== entry.node && !isDescendant(entry.node, parent.node)) parent.node.children.push(entry.node);
      else roots.push(entry.node);
    }
    return roots;
  }
}

function isDescendant(ancestor: SpanNode, node: SpanNode): boolean {
  for (const child of ancestor.children) if (child === node || isDescendant(child, node)) return true;
  return false;
}

/** Builds the span tree of `events`; undefined when there are none. */
export function buildSpanTree(events: unknown): SpanNode[] | undefined {
  if (events === null || events === undefined) return undefined;
  let list: unknown[];
  if (Array.isArray(events)) list = events;
  else if (isRec(events)) {
    const key = LIST_KEYS.find((k) => Array.isArray(events[k]));
    const looksLikeSpan = firstScalar(events, ID_KEYS) !== undefined || CHILD_KEYS.some((k) => Array.isArray(events[k]));
    if (looksLikeSpan || key === undefined) list = [events];
    else list = events[key] as unknown[];
  } else {
    return [{ children: [], attributes: { value: events } }];
  }
  const builder = new SpanTreeBuilder();
  for (const event of list) builder.add(event);
  return builder.roots();
}
