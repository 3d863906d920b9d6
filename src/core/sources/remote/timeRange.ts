/**
 * `from_time` / `to_time` of the record sources (docs/semantics.md §9.1): ISO 8601; a date alone is midnight UTC, a time
 * without a zone is UTC. A record is in range when from_time ≤ its start < to_time.
 */
import { remoteSourceStrings } from '../../l10n/remoteSourceStrings';
import { PreviewError } from '../previewError';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)(Z|[+-]\d{2}:?\d{2})?$/i;

/** Milliseconds since the epoch of an ISO 8601 text; undefined when it does not parse. */
export function parseIsoTime(text: string): number | undefined {
  const trimmed = text.trim();
  if (DATE_ONLY.test(trimmed)) {
    const ms = Date.parse(`${trimmed}T00:00:00Z`);
    return Number.isFinite(ms) ? ms : undefined;
  }
  const match = DATE_TIME.exec(trimmed);
  if (!match) return undefined;
  const zone = match[3] ? (match[3].toUpperCase() === 'Z' ? 'Z' : match[3].length === 5 ? `${match[3].slice(0, 3)}:${match[3].slice(3)}` : match[3]) : 'Z';
  const ms = Date.parse(`${match[1]}T${match[2]}${zone}`);
  return Number.isFinite(ms) ? ms : undefined;
}

export interface TimeRange {
  from?: number;
  to?: number;
}

export function timeRangeOf(source: Record<string, unknown>): TimeRange {
  const range: TimeRange = {};
  for (const field of ['from_time', 'to_time'] as const) {
    const value = source[field];
    if (value === undefined || value === null) continue;
    const ms = typeof value === 'string' ? parseIsoTime(value) : undefined;
    if (ms === undefined) throw new PreviewError('invalidSource', remoteSourceStrings.badTime(field, String(value)));
    if (field === 'from_time') range.from = ms;
    else range.to = ms;
  }
  return range;
}

/** A platform's time value (ISO text, epoch milliseconds or seconds) as epoch milliseconds. */
export function timeOf(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value < 1e11 ? value * 1000 : value;
  if (typeof value !== 'string' || value === '') return undefined;
  const iso = parseIsoTime(value);
  if (iso !== undefined) return iso;
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? ms : undefined;
}

export function isoOf(ms: number | undefined): string | undefined {
  return ms === undefined ? undefined : new Date(ms).toISOString();
}
