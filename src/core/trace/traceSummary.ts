/** A one-line summary of a Trace value (messages, tool calls, tokens) for table cells; never its raw JSON. */
import { selectionFunnelStrings } from '../l10n/selectionFunnelStrings';
import { isTraceLike } from './traceView';

type Rec = Record<string, unknown>;

function isRec(value: unknown): value is Rec {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether a cell value is a Trace (`FORMAT: open_responses` or an object with `items` and `metadata`). */
export function isTraceValue(value: unknown): value is Rec & { items: unknown[] } {
  return isTraceLike(value) && (value.FORMAT === 'open_responses' || isRec(value.metadata));
}

export function traceSummaryLine(trace: Rec & { items: unknown[] }): string {
  const metadata = isRec(trace.metadata) ? trace.metadata : {};
  const all = Array.isArray(trace.events)
    ? trace.events.flatMap((event) => (isRec(event) && event.type === 'item' ? [event.item] : []))
    : trace.items;
  let messages = 0;
  let toolCalls = 0;
  for (const item of all) {
    if (!isRec(item)) continue;
    if (item.type === 'message') messages++;
    else if (item.type === 'function_call') toolCalls++;
  }
  const subagents = Array.isArray(trace.events)
    ? trace.events.filter((event) => isRec(event) && event.type === 'span_start' && event.parent_span_id !== undefined).length
    : 0;
  const count = typeof metadata.message_count === 'number' ? metadata.message_count : messages;
  const tokens = typeof metadata.total_tokens === 'number' ? metadata.total_tokens : undefined;
  return selectionFunnelStrings.traceSummary(count, toolCalls, tokens, subagents);
}
