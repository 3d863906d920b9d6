/**
 * A full Inspect sample's conversation as a Trace (docs/semantics.md §9.1): `attachment://<hash>` references resolved
 * from the sample's `attachments`, its messages as items (inspectTrace.ts), and its events as spans: each
 * `span_begin`/`span_end` (agents, sub-agents, solvers, tools) at its place, each model call as an `llm` span holding
 * the messages it was sent that no earlier call was (a scorer's grading prompt, a sub-agent's instructions, the next
 * user turn) and the model's reply, each tool call with its output, each final score in its scorer's span.
 */
import type { TraceEvent, TraceMetadataRecord, TraceRecord } from '../trace/traceRecord';
import { functionCallItem, functionCallOutputItem } from '../trace/traceRecord';
import { inspectTrace, jsonText } from '../sources/evalLogs/inspectTrace';
import { isPlainObject } from '../json/objectValues';
import { MAX_NESTING_DEPTH } from '../json/depthGuard';

const ATTACHMENT = 'attachment://';
type Rec = Record<string, unknown>;

/** `value` with each string that is a whole `attachment://<hash>` reference replaced by its text (deeper than the limit: as it is). */
export function resolveAttachments(value: unknown, attachments: Rec, depth = 0): unknown {
  if (typeof value === 'string') {
    if (!value.startsWith(ATTACHMENT)) return value;
    const text = attachments[value.slice(ATTACHMENT.length)];
    return typeof text === 'string' && Object.prototype.hasOwnProperty.call(attachments, value.slice(ATTACHMENT.length)) ? text : value;
  }
  if (depth >= MAX_NESTING_DEPTH || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => resolveAttachments(item, attachments, depth + 1));
  const out: Rec = {};
  for (const [key, item] of Object.entries(value)) out[key] = resolveAttachments(item, attachments, depth + 1);
  return out;
}

function spanType(type: unknown): 'agent' | 'tool' | 'llm' | 'chain' {
  return type === 'agent' || type === 'tool' ? type : 'chain';
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

/**
 * What tells one message from another across model calls: its `id` (Inspect gives every message one), else its role
 * and content. A tool message is known by its call when that call's tool event was shown.
 */
function messageKey(message: Rec): string {
  return typeof message.id === 'string' && message.id !== '' ? `id:${message.id}` : `${text(message.role)}:${jsonText(message.content)}`;
}

/** The messages and tool calls shown so far, so that each model call shows only what is new in its input. */
interface Shown {
  messages: Set<string>;
  toolCalls: Set<string>;
}

/** Of a model call's input, the messages no earlier call was sent or replied with, and no tool event showed. */
function newInput(input: unknown, shown: Shown): Rec[] {
  if (!Array.isArray(input)) return [];
  const fresh: Rec[] = [];
  for (const message of input) {
    if (!isPlainObject(message)) continue;
    const key = messageKey(message);
    if (shown.messages.has(key)) continue;
    shown.messages.add(key);
    if (message.role === 'tool' && shown.toolCalls.has(text(message.tool_call_id))) continue;
    fresh.push(message);
  }
  return fresh;
}

/** The events of a model call: an `llm` span with the new messages of its input, then the reply's items. */
function modelCallEvents(event: Rec, parent: string | undefined, id: string, shown: Shown): TraceEvent[] {
  const choices = isPlainObject(event.output) && Array.isArray(event.output.choices) ? event.output.choices : [];
  const message = isPlainObject(choices[0]) ? choices[0].message : undefined;
  const sent = newInput(event.input, shown);
  if (isPlainObject(message)) shown.messages.add(messageKey(message));
  const items = inspectTrace([...sent, ...(message === undefined ? [] : [message])], {}).items;
  return [
    { type: 'span_start', span_id: id, ...(parent ? { parent_span_id: parent } : {}), span_name: text(event.model) || 'model', span_type: 'llm', ...(typeof event.timestamp === 'string' ? { timestamp: event.timestamp } : {}) },
    ...items.map((item): TraceEvent => ({ type: 'item', span_id: id, item })),
    { type: 'span_end', span_id: id, ...(isPlainObject(event.error) || typeof event.error === 'string' ? { error: jsonText(event.error) } : {}) },
  ];
}

function toolCallEvents(event: Rec, span: string, shown: Shown): TraceEvent[] {
  const callId = text(event.id);
  if (callId) shown.toolCalls.add(callId);
  const result = typeof event.result === 'string' ? event.result : jsonText(event.result);
  return [
    { type: 'item', span_id: span, item: functionCallItem(callId, text(event.function), event.arguments) },
    { type: 'item', span_id: span, item: functionCallOutputItem(callId, result, event.error !== undefined && event.error !== null) },
  ];
}

/** A scorer's score as an item of its span: the value, and the answer, target and explanation when given. */
function scoreItem(score: Rec, target: unknown): Rec {
  const item: Rec = { type: 'score', value: score.value ?? null };
  if (score.answer !== undefined && score.answer !== null) item.answer = score.answer;
  if (target !== undefined && target !== null) item.target = target;
  if (score.explanation !== undefined && score.explanation !== null) item.explanation = score.explanation;
  return item;
}

/** For each `tool` span, the id of the tool call it ran: an agent span begun inside it was launched by that call. */
function toolCallOfSpans(events: unknown[]): Map<string, string> {
  const toolSpans = new Set<string>();
  for (const e of events) if (isPlainObject(e) && e.event === 'span_begin' && e.type === 'tool' && typeof e.id === 'string') toolSpans.add(e.id);
  const calls = new Map<string, string>();
  for (const e of events) {
    if (isPlainObject(e) && e.event === 'tool' && typeof e.span_id === 'string' && toolSpans.has(e.span_id) && text(e.id) && !calls.has(e.span_id)) calls.set(e.span_id, text(e.id));
  }
  return calls;
}

/**
 * The span events of an Inspect event list; none when it has no spans (the messages alone tell the conversation).
 * An `agent` span inside a `tool` span names the tool call that launched it (`call_id`).
 */
export function inspectSpanEvents(events: unknown): TraceEvent[] {
  if (!Array.isArray(events) || !events.some((e) => isPlainObject(e) && e.event === 'span_begin')) return [];
  const out: TraceEvent[] = [{ type: 'span_start', span_id: 'sample', span_name: 'sample', span_type: 'agent' }];
  const open: string[] = ['sample'];
  const launchedBy = toolCallOfSpans(events);
  const shown: Shown = { messages: new Set(), toolCalls: new Set() };
  let calls = 0;
  for (const item of events) {
    if (!isPlainObject(item)) continue;
    const current = typeof item.span_id === 'string' && open.includes(item.span_id) ? item.span_id : open[open.length - 1];
    if (item.event === 'span_begin' && typeof item.id === 'string') {
      const parent = typeof item.parent_id === 'string' && open.includes(item.parent_id) ? item.parent_id : current;
      const callId = item.type === 'agent' ? launchedBy.get(parent) : undefined;
      out.push({ type: 'span_start', span_id: item.id, parent_span_id: parent, span_name: text(item.name) || text(item.type) || 'span', span_type: spanType(item.type), ...(callId ? { call_id: callId } : {}) });
      open.push(item.id);
    } else if (item.event === 'span_end' && typeof item.id === 'string' && open.includes(item.id)) {
      out.push({ type: 'span_end', span_id: item.id });
      open.splice(open.indexOf(item.id), 1);
    } else if (item.event === 'model') {
      out.push(...modelCallEvents(item, current, `model-call-${++calls}`, shown));
    } else if (item.event === 'tool') {
      out.push(...toolCallEvents(item, current, shown));
    } else if (item.event === 'score' && item.intermediate !== true && isPlainObject(item.score)) {
      out.push({ type: 'item', span_id: current, item: scoreItem(item.score, item.target) });
    }
  }
  for (const id of open.reverse()) out.push({ type: 'span_end', span_id: id });
  return out;
}

function metadataOf(sample: Rec): TraceMetadataRecord {
  const metadata: TraceMetadataRecord = { source_type: 'inspect' };
  if (typeof sample.uuid === 'string') metadata.trace_id = sample.uuid;
  if (isPlainObject(sample.output) && typeof sample.output.model === 'string') metadata.model = sample.output.model;
  if (typeof sample.total_time === 'number') metadata.total_time = sample.total_time;
  if (Array.isArray(sample.messages)) metadata.message_count = sample.messages.length;
  if (isPlainObject(sample.error) && typeof sample.error.message === 'string') metadata.error = sample.error.message;
  return metadata;
}

/** The sample with its attachments resolved (the attachments themselves left out). */
export function resolvedSample(sample: Rec): Rec {
  const attachments = isPlainObject(sample.attachments) ? sample.attachments : {};
  const { attachments: _attachments, ...rest } = sample;
  return resolveAttachments(rest, attachments) as Rec;
}

/** The conversation of a full sample whose attachments are resolved. */
export function inspectConversation(sample: Rec): TraceRecord {
  const trace = inspectTrace(sample.messages, metadataOf(sample));
  const events = inspectSpanEvents(sample.events);
  if (events.length) trace.events = events;
  return trace;
}
