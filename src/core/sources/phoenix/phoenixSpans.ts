/** Arize Phoenix spans (docs/semantics.md §11.1) as rows: one per root span, its spans as the `trace` conversation. */
import { isPlainObject } from '../../json/objectValues';
import { OpenResponsesItem, TraceEvent, TraceRecord, functionCallItem, functionCallOutputItem, rootItemsOfEvents } from '../../trace/traceRecord';
import { conversationOf, jsonText, parseMaybeJson } from '../remote/conversationItems';
import { orderColumns } from '../remote/recordColumns';
import { SpanNode, spanTreeEvents } from '../remote/spanTreeEvents';
import { isoOf, timeOf } from '../remote/timeRange';
import { attributeAt, chatMessages, nestedAttributes } from './openInference';
import { PHOENIX_COLUMNS, PHOENIX_SOURCE_TYPE } from './phoenixColumns';

export type Span = Record<string, unknown>;

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : value === undefined || value === null ? null : String(value);
}

function count(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null;
}

export function spanId(span: Span): string {
  return isPlainObject(span.context) ? String(span.context.span_id ?? '') : '';
}

export function traceIdOf(span: Span): string {
  return isPlainObject(span.context) ? String(span.context.trace_id ?? '') : '';
}

export function spanStart(span: Span): number | undefined {
  return timeOf(span.start_time);
}

/**
 * What the span did, as items: a model call's messages, a tool call and its output, else its output value (and its
 * input value for the root span: the inner spans' inputs repeat what came before).
 */
function spanItems(span: Span, withInput: boolean): OpenResponsesItem[] {
  const nested = nestedAttributes(span.attributes);
  const kind = String(span.span_kind ?? attributeAt(nested, 'openinference.span.kind') ?? '').toUpperCase();
  if (kind === 'TOOL') {
    const id = spanId(span);
    const name = text(attributeAt(nested, 'tool.name')) ?? text(span.name) ?? 'tool';
    const output = attributeAt(nested, 'output.value');
    return [functionCallItem(id, name, attributeAt(nested, 'input.value') ?? '{}'), functionCallOutputItem(id, typeof output === 'string' ? output : jsonText(output ?? ''), span.status_code === 'ERROR')];
  }
  const input = chatMessages(nested, 'llm.input_messages');
  const output = chatMessages(nested, 'llm.output_messages');
  // A model call shows the prompt it was given (its system message, the turns so far) as well as its answer.
  if (input.length > 0 || output.length > 0) return conversationOf(input, output);
  return conversationOf(withInput ? parseMaybeJson(attributeAt(nested, 'input.value')) : undefined, parseMaybeJson(attributeAt(nested, 'output.value')));
}

function spanType(span: Span): 'agent' | 'tool' | 'llm' | 'chain' {
  const kind = String(span.span_kind ?? '').toUpperCase();
  return kind === 'LLM' ? 'llm' : kind === 'TOOL' ? 'tool' : kind === 'AGENT' ? 'agent' : 'chain';
}

/** A span as a node of its trace's tree. */
function spanNode(span: Span, root: Span): SpanNode {
  return {
    id: spanId(span),
    parent: text(span.parent_id) ?? undefined,
    name: text(span.name) ?? spanId(span),
    type: spanType(span),
    start: isoOf(spanStart(span)),
    end: isoOf(timeOf(span.end_time)),
    error: span.status_code === 'ERROR' ? text(span.status_message) ?? 'error' : undefined,
    items: () => spanItems(span, span === root),
  };
}

/** The spans of a trace as span events, depth-first from the root in time order, each with what it did. */
function spanEvents(root: Span, spans: readonly Span[]): TraceEvent[] {
  const sorted = [...spans].sort((a, b) => (spanStart(a) ?? 0) - (spanStart(b) ?? 0));
  return spanTreeEvents(spanNode(root, root), sorted.map((span) => spanNode(span, root)));
}

function latencySeconds(span: Span): number | null {
  const start = spanStart(span);
  const end = timeOf(span.end_time);
  return start !== undefined && end !== undefined ? (end - start) / 1000 : null;
}

function spanTrace(span: Span, sourceUri: string, spans: readonly Span[] | undefined): TraceRecord {
  const events = spans && spans.length > 1 ? spanEvents(span, spans) : undefined;
  const items = events ? rootItemsOfEvents(events) : spanItems(span, true);
  const nested = nestedAttributes(span.attributes);
  const trace: TraceRecord = {
    FORMAT: 'open_responses',
    items,
    metadata: {
      trace_id: traceIdOf(span) || undefined,
      source_type: PHOENIX_SOURCE_TYPE,
      source_uri: sourceUri,
      agent: text(span.name) ?? undefined,
      model: text(attributeAt(nested, 'llm.model_name')) ?? undefined,
      created_at: isoOf(spanStart(span)),
      total_time: latencySeconds(span) ?? undefined,
      total_tokens: count(attributeAt(nested, 'llm.token_count.total')) ?? undefined,
      message_count: items.filter((item) => item.type === 'message').length,
      ...(span.status_code === 'ERROR' ? { error: text(span.status_message) ?? 'error' } : {}),
      extra: { span_kind: span.span_kind, status: span.status_code },
    },
  };
  if (events) trace.events = events;
  return trace;
}

/** A root span as a row; `spans` (the whole trace, when read) makes its conversation. */
export function spanRow(span: Span, sourceUri: string, spans?: readonly Span[]): Record<string, unknown> {
  const nested = nestedAttributes(span.attributes);
  const prompt = count(attributeAt(nested, 'llm.token_count.prompt'));
  const completion = count(attributeAt(nested, 'llm.token_count.completion'));
  const values: Record<string, unknown> = {
    sample_id: spanId(span) || null,
    trace_id: traceIdOf(span) || null,
    name: text(span.name),
    span_kind: text(span.span_kind),
    status: text(span.status_code),
    error: span.status_code === 'ERROR' ? text(span.status_message) ?? 'error' : null,
    start_time: isoOf(spanStart(span)) ?? null,
    end_time: isoOf(timeOf(span.end_time)) ?? null,
    latency: latencySeconds(span),
    input: parseMaybeJson(attributeAt(nested, 'input.value')) ?? null,
    output: parseMaybeJson(attributeAt(nested, 'output.value')) ?? null,
    model: text(attributeAt(nested, 'llm.model_name')),
    prompt_tokens: prompt,
    completion_tokens: completion,
    total_tokens: count(attributeAt(nested, 'llm.token_count.total')) ?? (prompt !== null && completion !== null ? prompt + completion : null),
    attributes: isPlainObject(span.attributes) ? span.attributes : null,
    trace: spanTrace(span, sourceUri, spans),
  };
  return orderColumns(values, PHOENIX_COLUMNS);
}
