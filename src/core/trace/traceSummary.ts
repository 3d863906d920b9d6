/**
 * A Trace in one line, for tables and terminal output: "12 messages · 3 tool calls · 4,210 tokens". A trace cell is
 * never shown as raw JSON. Items of every span count (from `events` when the trace has them).
 */
import { traceSummaryStrings } from '../l10n/traceSummaryStrings';
import { isTraceLike } from './traceView';

export interface TraceCounts {
  messages: number;
  toolCalls: number;
  tokens?: number;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether a cell value is a Trace (an object with an `items` array), so views can summarise it. */
export function isTraceValue(value: unknown): boolean {
  return isTraceLike(value);
}

export function traceCounts(trace: unknown): TraceCounts {
  const counts: TraceCounts = { messages: 0, toolCalls: 0 };
  if (!isRecord(trace)) return counts;
  const events = Array.isArray(trace.events) && trace.events.length ? trace.events : undefined;
  const items: unknown[] = events ? events.flatMap((event) => (isRecord(event) && event.type === 'item' ? [event.item] : [])) : Array.isArray(trace.items) ? trace.items : [];
  for (const item of items) {
    if (!isRecord(item)) continue;
    if (item.type === 'message' || (item.type === undefined && typeof item.role === 'string')) counts.messages++;
    else if (item.type === 'function_call') counts.toolCalls++;
  }
  const metadata = isRecord(trace.metadata) ? trace.metadata : undefined;
  if (metadata && typeof metadata.total_tokens === 'number') counts.tokens = metadata.total_tokens;
  return counts;
}

export function traceSummaryText(trace: unknown): string {
  const counts = traceCounts(trace);
  const parts = [traceSummaryStrings.messages(counts.messages), traceSummaryStrings.toolCalls(counts.toolCalls)];
  if (counts.tokens !== undefined) parts.push(traceSummaryStrings.tokens(counts.tokens));
  return parts.join(' · ');
}
