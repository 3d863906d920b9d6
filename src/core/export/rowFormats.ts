/**
 * Kept rows as JSON Lines or CSV text (RFC 4180: quoted when needed, `""` for a quote, CRLF line ends). A CSV
 * text cell that a spreadsheet would run as a formula gets a leading `'` (docs/security.md, "Exports"); numbers,
 * booleans and JSON Lines stay exact.
 */

export type ExportFormat = 'jsonl' | 'csv';

/** `jsonl` or `csv` by the output file's extension (case-insensitive), else undefined. */
export function exportFormatOf(file: string): ExportFormat | undefined {
  const lower = file.toLowerCase();
  return lower.endsWith('.jsonl') ? 'jsonl' : lower.endsWith('.csv') ? 'csv' : undefined;
}

/** One JSON Lines record. */
export function jsonlLine(values: Record<string, unknown>): string {
  return `${JSON.stringify(values)}\n`;
}

/** Starts a spreadsheet reads as a formula: `=`, `+`, `-`, `@`, tab and carriage return (OWASP, CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Text a spreadsheet would evaluate, prefixed with `'` so that it is shown as text. */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** The text of one CSV cell: strings as they are (formulas neutralised), nested values as JSON text, null and missing as empty. */
export function csvCellText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return neutraliseFormula(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value) ?? '';
}

/** A field quoted when it holds a comma, a quote, CR or LF (or starts/ends with a space), per RFC 4180. */
export function csvField(text: string): string {
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The header record: column names are text cells too. */
export function csvHeader(columns: readonly string[]): string {
  return csvRecord(columns.map(neutraliseFormula));
}

export function csvRecord(cells: readonly string[]): string {
  return `${cells.map(csvField).join(',')}\r\n`;
}

/** One CSV record of a row's values in the order of `columns`. */
export function csvRow(values: Record<string, unknown>, columns: readonly string[]): string {
  return csvRecord(columns.map((c) => csvCellText(Object.prototype.hasOwnProperty.call(values, c) ? values[c] : undefined)));
}
