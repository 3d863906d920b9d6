/**
 * One Inspect sample (one sample and epoch) → the row of docs/semantics.md §9.3, in EVAL_LOG_SAMPLE_COLUMNS order.
 * `attachment://…` strings in the fields the row shows are resolved from the sample's `attachments`. The `trace`
 * is built only for the rows a page shows (`withTrace`).
 */
import { TOO_DEEP_MARKER } from '../../json/depthGuard';
import { TraceRecord } from '../../trace/traceRecord';
import { isPlainObject, setOwn } from '../../json/objectValues';
import { EVAL_LOG_SAMPLE_COLUMNS, EVAL_LOGS_SOURCE_TYPE } from './evalLogColumns';
import { contentText, inspectTrace, jsonText } from './inspectTrace';

const ATTACHMENT_PREFIX = 'attachment://';
/** Levels a row's copy keeps; deeper values become the shared marker (rows stay printable and serialisable). */
const MAX_DEPTH = 64;

/** A number or text as it is; anything else (a hostile log's nested value) is null. */
function scalar(value: unknown): string | number | null {
  return typeof value === 'number' || typeof value === 'string' ? value : null;
}

/** What a log says about all its samples (from header.json or _journal/start.json). */
export interface LogContext {
  /** `log_file` column: the log's path relative to the source `path`. */
  logFile: string;
  /** Absolute path of the log, for the trace's `source_uri`. */
  sourceUri: string;
  task: unknown;
  model: unknown;
}

type Lookup = (key: string) => string | undefined;

/** The sample's attachments (and pools that hold attachment texts) as one lookup. */
function attachmentLookup(sample: Record<string, unknown>): Lookup {
  const attachments = isPlainObject(sample.attachments) ? sample.attachments : {};
  const pool = isPlainObject(sample.events_data) && isPlainObject(sample.events_data.attachments) ? sample.events_data.attachments : {};
  return (key) => {
    const value = Object.prototype.hasOwnProperty.call(attachments, key) ? attachments[key] : Object.prototype.hasOwnProperty.call(pool, key) ? pool[key] : undefined;
    return typeof value === 'string' ? value : undefined;
  };
}

/** A copy of `value` with every `attachment://KEY` string that the lookup knows replaced by its text. */
function resolveAttachments(value: unknown, lookup: Lookup, depth = 0): unknown {
  if (typeof value === 'string') {
    if (!value.startsWith(ATTACHMENT_PREFIX)) return value;
    return lookup(value.slice(ATTACHMENT_PREFIX.length)) ?? value;
  }
  if (typeof value !== 'object' || value === null) return value;
  if (depth >= MAX_DEPTH) return TOO_DEEP_MARKER;
  if (Array.isArray(value)) return value.map((item) => resolveAttachments(item, lookup, depth + 1));
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) setOwn(copy, key, resolveAttachments(item, lookup, depth + 1));
  return copy;
}

function lastUserText(input: unknown): unknown {
  if (typeof input === 'string') return input;
  if (!Array.isArray(input)) return input ?? null; // already bounded by resolveAttachments
  for (let i = input.length - 1; i >= 0; i--) {
    const message: unknown = input[i];
    if (isPlainObject(message) && message.role === 'user') return contentText(message.content);
  }
  return null;
}

function completionOf(output: unknown): unknown {
  if (!isPlainObject(output)) return null;
  if (typeof output.completion === 'string') return output.completion;
  const choice: unknown = Array.isArray(output.choices) ? output.choices[0] : undefined;
  return isPlainObject(choice) && isPlainObject(choice.message) ? contentText(choice.message.content) : null;
}

function scoreColumns(scores: unknown): { scores: Record<string, unknown>; details: Record<string, unknown> } {
  const values: Record<string, unknown> = {};
  const details: Record<string, unknown> = {};
  if (!isPlainObject(scores)) return { scores: values, details };
  for (const [name, score] of Object.entries(scores)) {
    if (!isPlainObject(score)) continue;
    setOwn(values, name, score.value ?? null);
    setOwn(details, name, { value: score.value ?? null, answer: score.answer ?? null, explanation: score.explanation ?? null, metadata: score.metadata ?? null });
  }
  return { scores: values, details };
}

function usageTotals(modelUsage: unknown): { input: number | null; output: number | null; total: number | null } {
  if (!isPlainObject(modelUsage)) return { input: null, output: null, total: null };
  let input = 0;
  let output = 0;
  let total = 0;
  for (const usage of Object.values(modelUsage)) {
    if (!isPlainObject(usage)) continue;
    if (typeof usage.input_tokens === 'number') input += usage.input_tokens;
    if (typeof usage.output_tokens === 'number') output += usage.output_tokens;
    if (typeof usage.total_tokens === 'number') total += usage.total_tokens;
  }
  return { input, output, total };
}

function errorMessage(error: unknown): string | null {
  if (error === undefined || error === null) return null;
  if (typeof error === 'string') return error;
  if (isPlainObject(error) && typeof error.message === 'string') return error.message;
  return jsonText(error);
}

/** Unix milliseconds of an ISO time, or undefined. */
export function timeOf(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
}

function traceOf(sample: Record<string, unknown>, row: Record<string, unknown>, context: LogContext, lookup: Lookup): TraceRecord {
  const started = timeOf(sample.started_at);
  const messages = resolveAttachments(sample.messages, lookup);
  const trace = inspectTrace(messages, {
    trace_id: typeof sample.uuid === 'string' ? sample.uuid : `${String(row.sample_id)}_epoch_${String(row.epoch)}`,
    source_type: EVAL_LOGS_SOURCE_TYPE,
    source_uri: context.sourceUri,
    model: typeof context.model === 'string' ? context.model : undefined,
    created_at: started === undefined ? undefined : new Date(started).toISOString(),
    total_time: typeof sample.total_time === 'number' ? sample.total_time : undefined,
    total_tokens: typeof row.total_tokens === 'number' ? row.total_tokens : undefined,
    message_count: Array.isArray(sample.messages) ? sample.messages.length : 0,
    error: typeof row.error === 'string' ? row.error : undefined,
    extra: { task: context.task, epoch: row.epoch },
  });
  if (trace.metadata) for (const key of Object.keys(trace.metadata) as (keyof typeof trace.metadata)[]) if (trace.metadata[key] === undefined) delete trace.metadata[key];
  return trace;
}

/** The §9.3 row of one sample. */
export function sampleRow(sample: Record<string, unknown>, context: LogContext, withTrace: boolean): Record<string, unknown> {
  const lookup = attachmentLookup(sample);
  const { scores, details } = scoreColumns(resolveAttachments(sample.scores, lookup));
  const usage = usageTotals(sample.model_usage);
  const values: Record<string, unknown> = {
    sample_id: typeof sample.id === 'string' || typeof sample.id === 'number' ? String(sample.id) : jsonText(sample.id),
    epoch: scalar(sample.epoch),
    log_file: context.logFile,
    task: context.task ?? null,
    model: context.model ?? null,
    input: lastUserText(resolveAttachments(sample.input, lookup)),
    target: resolveAttachments(sample.target, lookup) ?? null,
    completion: completionOf(resolveAttachments(sample.output, lookup)),
    scores,
    score_details: details,
    metadata: resolveAttachments(sample.metadata, lookup) ?? {},
    error: errorMessage(sample.error),
    input_tokens: usage.input,
    output_tokens: usage.output,
    total_tokens: usage.total,
    total_time: scalar(sample.total_time),
    working_time: scalar(sample.working_time),
    started_at: scalar(sample.started_at),
    completed_at: scalar(sample.completed_at),
    trace: null,
  };
  if (withTrace) values.trace = traceOf(sample, values, context, lookup);
  const row: Record<string, unknown> = {};
  for (const column of EVAL_LOG_SAMPLE_COLUMNS) row[column] = values[column];
  return row;
}

/** Task and model of a log, from its header (`header.json`, `_journal/start.json` or the `.json` log itself). */
export function logContext(header: unknown, logFile: string, sourceUri: string): LogContext {
  const spec = isPlainObject(header) && isPlainObject(header.eval) ? header.eval : {};
  return { logFile, sourceUri, task: spec.task ?? null, model: spec.model ?? null };
}
