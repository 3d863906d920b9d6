/** Runs and examples of trace platform A (LangSmith) as rows of docs/semantics.md §9.5, with their Trace. */
import { LANGSMITH_SOURCE_TYPE, TRACE_PLATFORM_A_EXAMPLE_COLUMNS, TRACE_PLATFORM_A_RUN_COLUMNS } from './langsmithColumns';
import { isPlainObject } from '../../json/objectValues';
import { TraceEvent, TraceRecord, rootItemsOfEvents } from '../../trace/traceRecord';
import { conversationOf } from '../remote/conversationItems';
import { orderColumns } from '../remote/recordColumns';
import { SpanNode, spanTreeEvents } from '../remote/spanTreeEvents';
import { isoOf, timeOf } from '../remote/timeRange';

export type Run = Record<string, unknown>;

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : value === undefined || value === null ? null : String(value);
}

function numberOrNull(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function runMetadata(run: Run): Record<string, unknown> | null {
  const extra = isPlainObject(run.extra) ? run.extra : undefined;
  if (extra && isPlainObject(extra.metadata)) return extra.metadata;
  return isPlainObject(run.metadata) ? run.metadata : null;
}

export function runTags(run: Run): string[] {
  return Array.isArray(run.tags) ? run.tags.filter((tag): tag is string => typeof tag === 'string') : [];
}

export function runStart(run: Run): number | undefined {
  return timeOf(run.start_time);
}

function latencySeconds(run: Run): number | null {
  const start = timeOf(run.start_time);
  const end = timeOf(run.end_time);
  if (start !== undefined && end !== undefined) return (end - start) / 1000;
  return numberOrNull(run.latency);
}

function modelOf(run: Run): string | undefined {
  const metadata = runMetadata(run);
  const extra = isPlainObject(run.extra) ? run.extra : {};
  const params = isPlainObject(extra.invocation_params) ? extra.invocation_params : {};
  const candidates = [metadata?.ls_model_name, params.model, params.model_name, isPlainObject(run.outputs) ? run.outputs.model : undefined];
  return candidates.find((value): value is string => typeof value === 'string');
}

function spanType(runType: unknown): 'agent' | 'tool' | 'llm' | 'chain' {
  return runType === 'llm' || runType === 'tool' ? runType : runType === 'agent' ? 'agent' : 'chain';
}

/** A run as a span of its trace; only the root's conversation is its items. */
function runNode(run: Run, root: Run): SpanNode {
  const parent = typeof run.parent_run_id === 'string' ? run.parent_run_id : undefined;
  return {
    id: String(run.id ?? ''),
    parent,
    name: String(run.name ?? run.id ?? ''),
    type: spanType(run.run_type),
    start: isoOf(timeOf(run.start_time)),
    end: isoOf(timeOf(run.end_time)),
    error: text(run.error) ?? undefined,
    items: () => (run === root ? conversationOf(root.inputs, root.outputs) : []),
  };
}

/** Nested runs as span events: depth-first by `dotted_order`, the root's conversation as the root span's items. */
function runEvents(root: Run, runs: readonly Run[]): TraceEvent[] {
  const sorted = [...runs].sort((a, b) => String(a.dotted_order ?? '').localeCompare(String(b.dotted_order ?? '')));
  return spanTreeEvents(runNode(root, root), sorted.map((run) => runNode(run, root)));
}

function runTrace(run: Run, sourceUri: string, childRuns?: readonly Run[]): TraceRecord {
  const events = childRuns && childRuns.length > 1 ? runEvents(run, childRuns) : undefined;
  const items = events ? rootItemsOfEvents(events) : conversationOf(run.inputs, run.outputs);
  const error = text(run.error);
  const latency = latencySeconds(run);
  const tags = runTags(run);
  const trace: TraceRecord = {
    FORMAT: 'open_responses',
    items,
    metadata: {
      trace_id: text(run.trace_id) ?? text(run.id) ?? undefined,
      source_type: LANGSMITH_SOURCE_TYPE,
      source_uri: sourceUri,
      agent: text(run.name) ?? undefined,
      model: modelOf(run),
      created_at: isoOf(runStart(run)),
      total_time: latency ?? undefined,
      total_tokens: numberOrNull(run.total_tokens) ?? undefined,
      message_count: items.filter((item) => item.type === 'message').length,
      ...(error ? { error } : {}),
      ...(tags.length ? { tags } : {}),
      extra: { run_type: run.run_type, status: run.status },
    },
  };
  if (events) trace.events = events;
  return trace;
}

/** A root run as a row: the columns of §9.5 in order. */
export function runRow(run: Run, sourceUri: string, childRuns?: readonly Run[]): Record<string, unknown> {
  const values: Record<string, unknown> = {
    sample_id: text(run.id),
    trace_id: text(run.trace_id) ?? text(run.id),
    name: text(run.name),
    run_type: text(run.run_type),
    status: text(run.status) ?? (run.error ? 'error' : run.end_time ? 'success' : null),
    error: text(run.error),
    start_time: isoOf(timeOf(run.start_time)) ?? null,
    end_time: isoOf(timeOf(run.end_time)) ?? null,
    latency: latencySeconds(run),
    tags: runTags(run),
    metadata: runMetadata(run),
    inputs: run.inputs ?? null,
    outputs: run.outputs ?? null,
    prompt_tokens: numberOrNull(run.prompt_tokens),
    completion_tokens: numberOrNull(run.completion_tokens),
    total_tokens: numberOrNull(run.total_tokens),
    total_cost: numberOrNull(typeof run.total_cost === 'string' ? Number(run.total_cost) : run.total_cost),
    feedback: run.feedback_stats ?? null,
    trace: runTrace(run, sourceUri, childRuns),
  };
  return orderColumns(values, TRACE_PLATFORM_A_RUN_COLUMNS);
}

export function exampleRow(example: Run): Record<string, unknown> {
  const metadata = isPlainObject(example.metadata) ? example.metadata : null;
  const values: Record<string, unknown> = {
    sample_id: text(example.id),
    inputs: example.inputs ?? null,
    outputs: example.outputs ?? null,
    metadata,
    split: example.split ?? metadata?.dataset_split ?? null,
    created_at: isoOf(timeOf(example.created_at)) ?? null,
    source_run_id: text(example.source_run_id),
  };
  return orderColumns(values, TRACE_PLATFORM_A_EXAMPLE_COLUMNS);
}
