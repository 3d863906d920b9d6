/**
 * A Trace in one line: "12 messages · 5 tool calls · 34,567 tokens" (table cells and listings show this,
 * never the raw JSON). Counts the root items, or the item events when a trace carries only `events`.
 */
import { traceStrings as S } from '../l10n/traceStrings';
import { isTraceLike } from './traceView';

type Rec = Record<string, unknown>;

function isRec(value: unknown): value is Rec {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function count(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.round(value) : undefined;
}

function itemsOf(trace: Rec): unknown[] {
  if (Array.isArray(trace.items) && trace.items.length > 0) return trace.items;
  if (!Array.isArray(trace.events)) return [];
  const items: unknown[] = [];
  for (const event of trace.events) if (isRec(event) && event.type === 'item') items.push(event.item);
  return items;
}

function subAgents(trace: Rec): number {
  if (!Array.isArray(trace.events)) return 0;
  let spans = 0;
  for (const event of trace.events) if (isRec(event) && event.type === 'span_start' && event.span_type === 'agent') spans++;
  return Math.max(0, spans - 1);
}

/** Whether a cell value is a Trace (`FORMAT: open_responses`, or `items` with `metadata`), so views summarise it. */
export function isTraceValue(value: unknown): value is Rec & { items: unknown[] } {
  return isTraceLike(value) && (value.FORMAT === 'open_responses' || isRec(value.metadata));
}

/** The one-line summary of a Trace value (anything else: an empty string). */
export function traceSummaryText(trace: unknown): string {
  if (!isRec(trace)) return '';
  let messages = 0;
  let toolCalls = 0;
  for (const item of itemsOf(trace)) {
    if (!isRec(item)) continue;
    if (item.type === 'function_call') toolCalls++;
    else if (item.type === 'message' || (item.type === undefined && typeof item.role === 'string')) messages++;
  }
  const metadata = isRec(trace.metadata) ? trace.metadata : {};
  const counted = messages > 0 || toolCalls > 0 ? messages : count(metadata.message_count) ?? 0;
  const parts = [S.messages(counted), S.toolCalls(toolCalls)];
  const tokens = count(metadata.total_tokens);
  if (tokens !== undefined) parts.push(S.tokens(tokens));
  const agents = subAgents(trace);
  if (agents > 0) parts.push(S.agents(agents));
  if (typeof metadata.error === 'string' && metadata.error) parts.push(S.error);
  return parts.join(S.separator);
}
