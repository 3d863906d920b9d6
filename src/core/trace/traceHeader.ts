/**
 * The header of a Trace (TraceMetadata, spec §2.12): the fields the Trace editor and `eval-lens trace show` put on
 * top, in one order, as typed values (each side formats them its own way). Wrong types are left out, never shown raw.
 */
import { isRecord } from '../json/jsonValue';

export interface TraceHeader {
  traceId?: string;
  agent?: string;
  model?: string;
  /** ISO 8601 as written in the trace. */
  createdAt?: string;
  /** Seconds. */
  totalTime?: number;
  totalTokens?: number;
  messageCount?: number;
  error?: string;
  tags: string[];
  sourceType?: string;
  sourceUri?: string;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function count(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
}

/** The header of a Trace value's `metadata` (missing or malformed metadata gives an empty header). */
export function traceHeader(trace: Record<string, unknown>): TraceHeader {
  const meta = isRecord(trace.metadata) ? trace.metadata : {};
  const tags = Array.isArray(meta.tags) ? meta.tags.filter((t): t is string => typeof t === 'string') : [];
  return {
    traceId: text(meta.trace_id),
    agent: text(meta.agent),
    model: text(meta.model),
    createdAt: text(meta.created_at),
    totalTime: count(meta.total_time),
    totalTokens: count(meta.total_tokens),
    messageCount: count(meta.message_count),
    error: text(meta.error),
    tags,
    sourceType: text(meta.source_type),
    sourceUri: text(meta.source_uri),
  };
}
