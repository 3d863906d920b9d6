/** Plain-text rendering of a preview result: rows table, funnel, warnings. */
import { cliStrings } from '../core/l10n/cliStrings';
import { PreviewResult } from '../core/model/previewTypes';
import { isTraceValue, traceSummaryText } from '../core/trace/traceSummary';
import { formatSelectionFunnel } from './selectionFunnelFormat';

const MAX_CELL = 28;

/** Code units of a cell looked at: enough for MAX_CELL characters (two units each at most, line ends doubled). */
const CELL_WINDOW = MAX_CELL * 4;

function cellText(value: unknown): string {
  if (value === undefined) return '';
  if (isTraceValue(value)) return traceSummaryText(value);
  const text = typeof value === 'string' ? value : JSON.stringify(value) ?? '';
  // Only the start of a cell is shown: a 200 MB value is cut before it is copied or split into characters.
  const shown = text.length > CELL_WINDOW ? `${text.slice(0, CELL_WINDOW)}…` : text;
  return shown.replace(/\r?\n/g, '⏎').replace(/\t/g, ' ');
}

function truncate(text: string): string {
  const chars = Array.from(text.length > CELL_WINDOW ? text.slice(0, CELL_WINDOW) : text);
  return chars.length > MAX_CELL ? `${chars.slice(0, MAX_CELL - 1).join('')}…` : text;
}

function pad(text: string, width: number): string {
  return text + ' '.repeat(Math.max(0, width - Array.from(text).length));
}

export function formatTable(result: PreviewResult): string {
  if (result.rows.length === 0) return cliStrings.noRows;
  const columns = result.columns;
  const cells = result.rows.map((row) => columns.map((column) => {
    const value = row.values[column];
    return isTraceValue(value) ? traceSummaryText(value) : truncate(cellText(value));
  }));
  const header = columns.map(truncate);
  const widths = header.map((name, k) => Math.max(Array.from(name).length, ...cells.map((row) => Array.from(row[k]).length)));
  const line = (row: string[]) => `${row.map((cell, k) => pad(cell, widths[k])).join(' │ ')}`.trimEnd() + '\n';
  let out = line(header);
  out += `${widths.map((w) => '─'.repeat(w)).join('─┼─')}\n`;
  for (const row of cells) out += line(row);
  if (result.matched > result.rows.length) out += cliStrings.moreRows(result.rows.length, result.matched);
  return out;
}

export function formatFunnel(result: PreviewResult): string {
  if (result.selection) return formatSelectionFunnel(result);
  const steps = result.removedPerFilter;
  const parts = [cliStrings.rows(result.total)];
  let remaining = result.total;
  steps.forEach((step, k) => {
    remaining -= step.removed;
    parts.push(k === steps.length - 1 ? cliStrings.kept(remaining) : cliStrings.afterFilter(remaining, step.index + 1));
  });
  if (steps.length === 0) parts.push(`${cliStrings.kept(result.matched)} (${cliStrings.noFilters})`);
  let out = `\n${parts.join(' → ')}\n`;
  for (const step of steps) out += cliStrings.filterLine(step.index + 1, step.label, step.removed, step.notComparable);
  if (!result.complete) out += cliStrings.incomplete;
  return out;
}

export function formatWarnings(result: PreviewResult): string {
  if (result.warnings.length === 0) return '';
  let out = `\n${cliStrings.warningsHeader(result.warnings.length)}`;
  for (const warning of result.warnings) {
    const where = warning.file ? `${warning.file}${warning.line !== undefined ? `:${warning.line}` : ''}` : '';
    out += cliStrings.warningLine(where, warning.message);
  }
  return out;
}
