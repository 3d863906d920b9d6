/**
 * How row values look in the table (one line) and in the detail pane (full, JSON pretty-printed).
 * Pure: no DOM. A Trace (the `trace` column of agent and log sources) is a one-line summary in the table.
 */
import { traceSummaryText } from '../../src/core/trace/traceSummary';
import { isTraceLike } from '../../src/core/trace/traceView';
import type { PreviewRow } from '../../src/core/model/previewTypes';

type CellKind = 'string' | 'number' | 'boolean' | 'null' | 'json' | 'missing' | 'trace';

interface CellText {
  kind: CellKind;
  /** One line, at most `maxChars` characters (an ellipsis marks a cut). */
  text: string;
  /** Whether the one-line text hides part of the value (the detail pane shows it all). */
  truncated: boolean;
}

export const CELL_MAX_CHARS = 300;
const TOOLTIP_MAX_CHARS = 2000;

export function cellKind(value: unknown): CellKind {
  if (value === undefined) return 'missing';
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string': return 'string';
    case 'number':
    case 'bigint': return 'number';
    case 'boolean': return 'boolean';
    default: return 'json';
  }
}

function compactJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** Whether a cell holds a Trace: a value with `items` in the `trace` column, or one marked as Open Responses. */
export function isTraceCell(value: unknown, column?: string): value is Record<string, unknown> {
  return isTraceLike(value) && (column === 'trace' || value.FORMAT === 'open_responses');
}

/** The value as one line of text for a table cell (`column` tells a Trace apart from other JSON). */
export function formatCell(value: unknown, maxChars = CELL_MAX_CHARS, column?: string): CellText {
  if (isTraceCell(value, column)) return { kind: 'trace', text: traceSummaryText(value), truncated: true };
  const kind = cellKind(value);
  let full: string;
  switch (kind) {
    case 'missing': full = ''; break;
    case 'null': full = 'null'; break;
    case 'string': full = value as string; break;
    case 'json': full = compactJson(value); break;
    default: full = String(value);
  }
  const oneLine = full.replace(/\r\n|\r|\n/g, ' ⏎ ').replace(/\t/g, ' ');
  const cut = oneLine.length > maxChars;
  return { kind, text: cut ? `${oneLine.slice(0, maxChars - 1)}…` : oneLine, truncated: cut || oneLine !== full };
}

/** The full value for the detail pane: strings as they are, objects and arrays as indented JSON. */
export function formatDetail(value: unknown): string {
  const kind = cellKind(value);
  if (kind === 'missing') return '';
  if (kind === 'string') return value as string;
  if (kind === 'json') {
    try {
      return JSON.stringify(value, null, 2) ?? String(value);
    } catch {
      return String(value);
    }
  }
  return String(value);
}

/** Hover text of a cell: the full value, capped so a huge value does not make a huge tooltip. */
export function cellTooltip(value: unknown): string {
  const text = formatDetail(value);
  return text.length > TOOLTIP_MAX_CHARS ? `${text.slice(0, TOOLTIP_MAX_CHARS - 1)}…` : text;
}

/** Short display of a row's origin: "data.csv:12" (a file and line) or "a.md" (a file of a folder). */
export function formatOrigin(file: string, line?: number): string {
  const parts = originParts(file, line);
  return `${parts.name}${parts.line}`;
}

/** The origin in two parts, so a narrow column cuts the name and keeps the line: `{ name: 'data.csv', line: ':12' }`. */
export function originParts(file: string, line?: number): { name: string; line: string } {
  const hubRow = hubRowParts(file);
  if (hubRow) return hubRow;
  const normalized = file.replace(/\\/g, '/').replace(/\/+$/, '');
  const name = normalized.slice(normalized.lastIndexOf('/') + 1) || normalized;
  return { name, line: line === undefined ? '' : `:${line}` };
}

/**
 * A dataset hub row's origin is the API address that gives that row alone (`…/rows?dataset=owner/name&…&split=test&
 * offset=12&length=1`): shown as the dataset's name, its split and the row, `name/test #12`; the tooltip keeps the address.
 */
function hubRowParts(file: string): { name: string; line: string } | undefined {
  if (!/^https?:\/\/[^?]*\/rows\?/.test(file)) return undefined;
  let params: URLSearchParams;
  try {
    params = new URL(file).searchParams;
  } catch {
    return undefined;
  }
  const dataset = params.get('dataset');
  const offset = params.get('offset');
  if (!dataset || offset === null || !/^\d+$/.test(offset)) return undefined;
  const split = params.get('split');
  return { name: `${dataset.slice(dataset.lastIndexOf('/') + 1)}${split ? `/${split}` : ''}`, line: ` #${offset}` };
}

/** Width that shows the longest origin of these rows whole (`charWidth`: the grid's monospace advance), capped. */
export function originWidth(rows: readonly PreviewRow[], charWidth = 8.5): number {
  let longest = 0;
  for (const row of rows) {
    const parts = originParts(row.origin.file, row.origin.line);
    longest = Math.max(longest, parts.name.length + parts.line.length);
  }
  return Math.max(130, Math.min(480, Math.ceil(longest * charWidth) + 20));
}

