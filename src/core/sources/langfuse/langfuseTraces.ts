/** Traces and observations of trace platform B (Langfuse) as rows of docs/semantics.md §9.6, with their Trace. */
import { TraceEvent, TraceRecord } from '../../trace/traceRecord';
import { isPlainObject } from '../../json/objectValues';
import { LANGFUSE_SOURCE_TYPE, TRACE_PLATFORM_B_COLUMNS } from './langfuseColumns';
import { conversationOf, jsonText, parseMaybeJson } from '../remote/conversationItems';
import { orderColumns } from '../remote/recordColumns';
import { SpanNode, spanTreeEvents } from '../remote/spanTreeEvents';
import { isoOf, timeOf } from '../remote/timeRange';

export type Observation = Record<string, unknown>;

/** One trace as both APIs give it: the legacy trace object, or the current API's root observation. */
export interface PlatformBTrace {
  id: string;
  name: unknown;
  timestamp: number | undefined;
  sessionId: string | null;
  userId: string | null;
  tags: string[];
  metadata: unknown;
  input: unknown;
  output: unknown;
  latency: number | null;
  totalCost: number | null;
  environment: unknown;
  release: unknown;
  version: unknown;
  /** The trace's observations once fetched (first page rows only). */
  observations?: Observation[];
}

function str(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

function num(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function tagsOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((tag): tag is string => typeof tag === 'string') : [];
}

/** A legacy `/api/public/traces` entry. */
export function traceOfLegacy(trace: Record<string, unknown>): PlatformBTrace {
  return {
    id: String(trace.id ?? ''),
    name: trace.name ?? null,
    timestamp: timeOf(trace.timestamp),
    sessionId: str(trace.sessionId),
    userId: str(trace.userId),
    tags: tagsOf(trace.tags),
    metadata: parseMaybeJson(trace.metadata) ?? null,
    input: parseMaybeJson(trace.input) ?? null,
    output: parseMaybeJson(trace.output) ?? null,
    latency: num(trace.latency),
    totalCost: num(trace.totalCost),
    environment: trace.environment ?? null,
    release: trace.release ?? null,
    version: trace.version ?? null,
    observations: Array.isArray(trace.observations) ? (trace.observations as Observation[]) : undefined,
  };
}

/** A root observation of the current `/api/public/v2/observations` API (with the `trace_context` fields). */
export function traceOfRootObservation(root: Observation): PlatformBTrace {
  const start = timeOf(root.startTime);
  const end = timeOf(root.endTime);
  return {
    id: String(root.traceId ?? root.id ?? ''),
    name: root.traceName ?? root.name ?? null,
    timestamp: timeOf(root.traceTimestamp) ?? start,
    sessionId: str(root.sessionId ?? root.traceSessionId),
    userId: str(root.userId ?? root.traceUserId),
    tags: tagsOf(root.tags ?? root.traceTags),
    metadata: parseMaybeJson(root.metadata) ?? null,
    input: parseMaybeJson(root.traceInput ?? root.input) ?? null,
    output: parseMaybeJson(root.traceOutput ?? root.output) ?? null,
    latency: num(root.latency) ?? (start !== undefined && end !== undefined ? (end - start) / 1000 : null),
    totalCost: num(root.totalCost),
    environment: root.environment ?? null,
    release: root.release ?? null,
    version: root.traceVersion ?? root.version ?? null,
  };
}

function spanType(type: unknown): 'agent' | 'tool' | 'llm' | 'chain' {
  const upper = typeof type === 'string' ? type.toUpperCase() : '';
  if (upper === 'AGENT') return 'agent';
  if (upper === 'TOOL') return 'tool';
  if (upper === 'GENERATION') return 'llm';
  return 'chain';
}

function byStart(a: Observation, b: Observation): number {
  return (timeOf(a.startTime) ?? 0) - (timeOf(b.startTime) ?? 0);
}

/** The conversation: the last generation's messages and output, else the trace's own input and output. */
function conversation(trace: PlatformBTrace, observations: readonly Observation[]) {
  const generations = observations.filter((o) => String(o.type).toUpperCase() === 'GENERATION').sort(byStart);
  const last = generations[generations.length - 1];
  const items = last ? conversationOf(last.input, last.output) : [];
  return items.length > 0 ? items : conversationOf(trace.input, trace.output);
}

/**
 * Observations as span events, depth first in time order, the conversation as the root span's items. Several top
 * observations hang under one span for the trace itself.
 */
function observationEvents(trace: PlatformBTrace, observations: readonly Observation[]): TraceEvent[] {
  const sorted = [...observations].sort(byStart);
  const ids = new Set(sorted.map((o) => String(o.id)));
  const parentOf = (o: Observation) => (typeof o.parentObservationId === 'string' && ids.has(o.parentObservationId) ? o.parentObservationId : undefined);
  const roots = sorted.filter((o) => parentOf(o) === undefined);
  const rootId = roots.length === 1 ? String(roots[0].id) : `trace-${trace.id}`;
  const items = () => conversation(trace, observations);
  const nodes: SpanNode[] = sorted.map((o) => {
    const id = String(o.id);
    const error = String(o.level).toUpperCase() === 'ERROR' ? str(o.statusMessage) ?? 'error' : undefined;
    return {
      id,
      parent: parentOf(o) ?? (roots.length === 1 ? undefined : rootId),
      name: String(o.name ?? id),
      type: spanType(o.type),
      start: isoOf(timeOf(o.startTime)),
      end: isoOf(timeOf(o.endTime)) ?? isoOf(trace.timestamp),
      error,
      items: () => (id === rootId ? items() : []),
    };
  });
  const root: SpanNode = roots.length === 1
    ? nodes[sorted.indexOf(roots[0])]
    : { id: rootId, parent: undefined, name: String(trace.name ?? trace.id), type: 'chain', start: isoOf(trace.timestamp), end: isoOf(trace.timestamp), error: undefined, items };
  return spanTreeEvents(root, nodes);
}

function platformBTrace(trace: PlatformBTrace, sourceUri: string): TraceRecord {
  const observations = trace.observations ?? [];
  const events = observations.length > 1 ? observationEvents(trace, observations) : undefined;
  const items = conversation(trace, observations);
  const models = observations.map((o) => o.model).filter((m): m is string => typeof m === 'string');
  const tokens = observations.reduce((sum, o) => sum + (num(o.totalUsage) ?? (isPlainObject(o.usage) ? num(o.usage.total) ?? 0 : 0)), 0);
  const errors = observations.filter((o) => String(o.level).toUpperCase() === 'ERROR').map((o) => str(o.statusMessage) ?? 'error');
  const record: TraceRecord = {
    FORMAT: 'open_responses',
    items,
    metadata: {
      trace_id: trace.id,
      source_type: LANGFUSE_SOURCE_TYPE,
      source_uri: sourceUri,
      agent: typeof trace.name === 'string' ? trace.name : undefined,
      model: models[models.length - 1],
      created_at: isoOf(trace.timestamp),
      total_time: trace.latency ?? undefined,
      total_tokens: tokens > 0 ? tokens : undefined,
      message_count: items.filter((item) => item.type === 'message').length,
      ...(errors.length ? { error: errors[0] } : {}),
      ...(trace.tags.length ? { tags: trace.tags } : {}),
      extra: { session_id: trace.sessionId, user_id: trace.userId, environment: trace.environment },
    },
  };
  if (events) record.events = events;
  return record;
}

export function platformBRow(trace: PlatformBTrace, sourceUri: string): Record<string, unknown> {
  const observations = trace.observations;
  const summedCost = observations?.reduce((sum, o) => sum + (num(o.totalCost) ?? num(o.calculatedTotalCost) ?? 0), 0);
  return orderColumns(
    {
      sample_id: trace.id,
      name: trace.name,
      timestamp: isoOf(trace.timestamp) ?? null,
      session_id: trace.sessionId,
      user_id: trace.userId,
      tags: trace.tags,
      metadata: trace.metadata,
      input: trace.input,
      output: trace.output,
      latency: trace.latency,
      total_cost: trace.totalCost ?? (summedCost !== undefined ? summedCost : null),
      environment: trace.environment,
      release: trace.release,
      version: trace.version,
      observation_count: observations ? observations.length : null,
      trace: platformBTrace(trace, sourceUri),
    },
    TRACE_PLATFORM_B_COLUMNS,
  );
}

/** Every `metadata` pair of the spec equals the root span's value (JSON equality). */
export function metadataMatches(wanted: Record<string, unknown>, actual: unknown): boolean {
  const parsed = parseMaybeJson(actual);
  if (!isPlainObject(parsed)) return Object.keys(wanted).length === 0;
  return Object.entries(wanted).every(([key, value]) => Object.prototype.hasOwnProperty.call(parsed, key) && jsonText(parsed[key]) === jsonText(value));
}
