/**
 * Reading Trace files (docs/semantics.md §1): a `*.trace.json` file or any JSON file whose top level is a
 * Trace, and `.jsonl` files of Trace records (one per line). Bad input gets a message with file, line and column.
 */
import { isRecord } from '../json/jsonValue';
import { cleanJsonMessage, jsonErrorOffset, lineColumnOf } from '../json/jsonErrors';
import { traceFileStrings as S } from '../l10n/traceStrings';
import { PlatformExportKind, platformExportKind } from './platformExport';

export type TraceValue = Record<string, unknown> & { items: unknown[] };

export interface TraceReadFailure {
  message: string;
  line?: number;
  column?: number;
}

type TraceReadResult =
  | { ok: true; traces: TraceValue[]; warnings: string[]; converted?: PlatformExportKind }
  | { ok: false; failure: TraceReadFailure };

/** Turns a value that is not a Trace into the Traces it holds (a trace platform's export), or undefined. */
export type TraceConverter = (value: unknown) => TraceValue[] | undefined;

function describeTopLevel(value: unknown): string {
  if (Array.isArray(value)) return S.topLevelKinds.array;
  if (isRecord(value)) {
    const keys = Object.keys(value).slice(0, 6).map((k) => `"${k}"`).join(', ');
    return S.topLevelKinds.object(keys);
  }
  return S.topLevelKinds.other(value === null ? 'null' : typeof value);
}

/** Whether a parsed value is a Trace: an object whose `items` is an array. */
export function isTraceValue(value: unknown): value is TraceValue {
  return isRecord(value) && Array.isArray(value.items);
}

function notATrace(file: string, value: unknown): TraceReadFailure {
  if (isRecord(value) && 'items' in value) return { message: S.itemsNotArray(file), line: 1, column: 1 };
  const platformExport = isRecord(value) && isRecord(value.trace) && Array.isArray(value.observations);
  return { message: S.notATrace(file, describeTopLevel(value)) + (platformExport ? S.langfuseExport : ''), line: 1, column: 1 };
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false; offset: number; reason: string } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof RangeError) return { ok: false, offset: 0, reason: message };
    return { ok: false, offset: jsonErrorOffset(text, message), reason: cleanJsonMessage(message) };
  }
}

/** Whether a file name is read as JSON Lines (one Trace per line). */
function isJsonlFileName(fileName: string): boolean {
  return /\.jsonl$/i.test(fileName);
}

/** Reads one JSON Trace; a trace platform's export is converted by `convert` when given. */
export function readTraceJson(text: string, file: string, convert?: TraceConverter): TraceReadResult {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const parsed = parseJson(body);
  if (!parsed.ok) {
    const { line, column } = lineColumnOf(body, parsed.offset);
    return { ok: false, failure: { message: S.invalidJson(file, line, column, parsed.reason), line, column } };
  }
  if (!isTraceValue(parsed.value)) {
    const kind = platformExportKind(parsed.value);
    const traces = kind && convert ? convert(parsed.value) : undefined;
    if (kind && traces?.length) return { ok: true, traces, warnings: [], converted: kind };
    return { ok: false, failure: notATrace(file, parsed.value) };
  }
  return { ok: true, traces: [parsed.value], warnings: [] };
}

/**
 * The Trace a JSON Lines row stands for: the row itself, or the Trace it carries in a field (a dataset's rows with a
 * `trace` column, as the preview and "Export kept rows" write them; `trace` first, else the first field that is one).
 */
function traceOfRow(value: unknown): TraceValue | undefined {
  if (isTraceValue(value)) return value;
  if (!isRecord(value)) return undefined;
  if (isTraceValue(value.trace)) return value.trace;
  return Object.values(value).find(isTraceValue);
}

/** Reads a JSON Lines file of Traces: bad lines are warnings with their line number; none at all is a failure. */
function readTraceJsonl(text: string, file: string): TraceReadResult {
  const traces: TraceValue[] = [];
  const warnings: string[] = [];
  let start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 0;
  while (start <= text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    line++;
    const raw = text.slice(start, end).trim();
    start = end + 1;
    if (raw === '') continue;
    const parsed = parseJson(raw);
    const trace = parsed.ok ? traceOfRow(parsed.value) : undefined;
    if (!parsed.ok) warnings.push(S.jsonlLineInvalid(file, line, parsed.reason));
    else if (!trace) warnings.push(S.jsonlLineNotTrace(file, line));
    else traces.push(trace);
  }
  if (traces.length === 0) return { ok: false, failure: { message: [S.jsonlEmpty(file), ...warnings.slice(0, 5)].join('\n') } };
  return { ok: true, traces, warnings };
}

/** Reads a Trace file's text by its name: `.jsonl` as JSON Lines, anything else as one JSON Trace (or a platform's export). */
export function readTraceText(text: string, file: string, convert?: TraceConverter): TraceReadResult {
  return isJsonlFileName(file) ? readTraceJsonl(text, file) : readTraceJson(text, file, convert);
}
