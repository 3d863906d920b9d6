/**
 * The Trace value a source row carries in its `trace` column (spec §2.12, docs/semantics.md §9.1): Open Responses items,
 * TraceMetadata, and for multi-agent records the span `events`. Every source builds its traces with these types
 * and helpers, so the one conversation renderer reads them all.
 */

export type OpenResponsesItem =
  | { type: 'message'; role: 'system' | 'user' | 'assistant' | 'developer'; content: { type: 'input_text' | 'output_text'; text: string }[] }
  | { type: 'reasoning'; summary: { type: 'summary_text'; text: string }[] }
  | { type: 'function_call'; call_id: string; name: string; arguments: string }
  | { type: 'function_call_output'; call_id: string; output: string; status?: 'completed' | 'incomplete' };

export interface TraceMetadataRecord {
  trace_id?: string;
  source_type?: string;
  source_uri?: string;
  agent?: string;
  model?: string;
  tags?: string[];
  /** ISO 8601 UTC. */
  created_at?: string;
  /** Seconds. */
  total_time?: number;
  total_tokens?: number;
  message_count?: number;
  error?: string;
  extra?: Record<string, unknown>;
}

export type TraceEvent =
  | {
    type: 'span_start'; span_id: string; parent_span_id?: string; span_name: string; span_type: 'agent' | 'tool' | 'llm' | 'chain'; timestamp?: string;
    /** The `call_id` of the function call that started this span (a sub-agent launched by a tool call). */
    call_id?: string;
    /** Tokens the span used in all, when known. */
    total_tokens?: number;
  }
  | { type: 'item'; span_id: string; item: OpenResponsesItem | Record<string, unknown> }
  | { type: 'span_end'; span_id: string; timestamp?: string; error?: string };

export interface TraceRecord {
  FORMAT: 'open_responses';
  items: (OpenResponsesItem | Record<string, unknown>)[];
  metadata?: TraceMetadataRecord;
  events?: TraceEvent[];
}

export function messageItem(role: 'system' | 'user' | 'assistant' | 'developer', text: string): OpenResponsesItem {
  return { type: 'message', role, content: [{ type: role === 'assistant' ? 'output_text' : 'input_text', text }] };
}

export function reasoningItem(text: string): OpenResponsesItem {
  return { type: 'reasoning', summary: [{ type: 'summary_text', text }] };
}

export function functionCallItem(callId: string, name: string, args: unknown): OpenResponsesItem {
  return { type: 'function_call', call_id: callId, name, arguments: typeof args === 'string' ? args : JSON.stringify(args ?? {}) };
}

export function functionCallOutputItem(callId: string, output: string, failed = false): OpenResponsesItem {
  return failed ? { type: 'function_call_output', call_id: callId, output, status: 'incomplete' } : { type: 'function_call_output', call_id: callId, output };
}

/** `[image: image/png, 48 KB]`: binary content is never carried as base64 (docs/semantics.md §9.1). */
export function binaryPlaceholder(kind: string, mediaType: string | undefined, base64Length: number | undefined): string {
  const size = base64Length === undefined ? '' : `, ${Math.max(1, Math.round((base64Length * 3) / 4 / 1024))} KB`;
  return `[${kind}${mediaType ? `: ${mediaType}` : ''}${size}]`;
}

/** `items` of an event-based trace: the item events of the root span (the first span started), in order. */
export function rootItemsOfEvents(events: readonly TraceEvent[]): TraceRecord['items'] {
  const root = events.find((event) => event.type === 'span_start');
  const rootId = root?.span_id;
  return events.flatMap((event) => (event.type === 'item' && (rootId === undefined || event.span_id === rootId) ? [event.item] : []));
}
