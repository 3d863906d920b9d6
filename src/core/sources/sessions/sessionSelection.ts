/**
 * The selection fields of a `coding_agent_sessions` source (docs/semantics.md §9.1–9.2): `session_id`, `from_time` /
 * `to_time` on the start time (from ≤ start < to), `limit` (the N most recent). The result lists the kept
 * sessions oldest first and one funnel step per field that removed sessions.
 */
import { sessionStrings } from '../../l10n/sourceStrings';
import { PreviewError } from '../previewError';
import type { SelectionCheck } from '../selectionFunnel';
import { jsonText } from './sessionRecords';

interface SessionSelection {
  sessionId?: string;
  from?: { ms: number; label: string };
  to?: { ms: number; label: string };
  limit?: number;
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?\s*(Z|z|[+-]\d{2}(?::?\d{2})?)?)?$/;

/** Milliseconds of an ISO 8601 time: a date alone is midnight UTC, a time without a zone is UTC. */
export function parseIsoTime(text: string): number | undefined {
  const m = ISO.exec(text.trim());
  if (m === null) return undefined;
  const [year, month, day, hour, minute, second] = [m[1], m[2], m[3], m[4] ?? '0', m[5] ?? '0', m[6] ?? '0'].map(Number);
  const fraction = m[7] === undefined ? 0 : Math.floor(Number(`0${m[7]}`) * 1000);
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 24 || minute > 59 || second > 60) return undefined;
  let ms = Date.UTC(year, month - 1, day, hour, minute, second, fraction);
  if (new Date(Date.UTC(year, month - 1, day)).getUTCDate() !== day) return undefined;
  const zone = m[8];
  if (zone !== undefined && zone.toUpperCase() !== 'Z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    const offset = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || '0');
    ms -= sign * offset * 60_000;
  }
  return Number.isFinite(ms) ? ms : undefined;
}

/** "2026-11-01" for midnight UTC, else the ISO time without milliseconds. */
function timeLabel(ms: number): string {
  const iso = new Date(ms).toISOString();
  if (iso.endsWith('T00:00:00.000Z')) return iso.slice(0, 10);
  return iso.endsWith('.000Z') ? `${iso.slice(0, 19)}Z` : iso;
}

function timeField(source: Record<string, unknown>, field: string): { ms: number; label: string } | undefined {
  const value = source[field];
  if (value === undefined || value === null) return undefined;
  const text = value instanceof Date ? value.toISOString() : typeof value === 'string' ? value : undefined;
  const ms = text === undefined ? undefined : parseIsoTime(text);
  if (ms === undefined) throw new PreviewError('invalidSource', sessionStrings.badTime(field, text ?? jsonText(value)));
  return { ms, label: timeLabel(ms) };
}

/** The selection a source asks for; a time that does not parse or a bad limit is an error naming the field. */
export function readSelection(source: Record<string, unknown>): SessionSelection {
  const selection: SessionSelection = {};
  if (source.session_id !== undefined && source.session_id !== null) {
    if (typeof source.session_id !== 'string') throw new PreviewError('invalidSource', sessionStrings.badString('session_id'));
    selection.sessionId = source.session_id;
  }
  selection.from = timeField(source, 'from_time');
  selection.to = timeField(source, 'to_time');
  if (source.limit !== undefined && source.limit !== null) {
    if (typeof source.limit !== 'number' || !Number.isInteger(source.limit) || source.limit < 1) throw new PreviewError('invalidSource', sessionStrings.badLimit(source.limit));
    selection.limit = source.limit;
  }
  return selection;
}

interface Selectable {
  sessionId: string;
  startMs?: number;
}

/** Oldest first; sessions without a start time first, then by id. */
export function byStart(a: Selectable, b: Selectable): number {
  const x = a.startMs ?? -Infinity;
  const y = b.startMs ?? -Infinity;
  if (x !== y) return x < y ? -1 : 1;
  return a.sessionId < b.sessionId ? -1 : a.sessionId > b.sessionId ? 1 : 0;
}

/** The checks of the selection, in the funnel's order (session id, from, to); `limit` is the funnel's own. */
export function selectionChecks<T extends Selectable>(selection: SessionSelection): SelectionCheck<T>[] {
  const checks: SelectionCheck<T>[] = [];
  const { sessionId: id, from, to } = selection;
  const started = (s: T) => (s.startMs === undefined ? undefined : new Date(s.startMs).toISOString());
  if (id !== undefined) checks.push({ field: 'session_id', label: sessionStrings.stepSession(id), test: (s) => s.sessionId === id, read: (s) => s.sessionId });
  if (from !== undefined) checks.push({ field: 'from_time', label: sessionStrings.stepFrom(from.label), test: (s) => s.startMs !== undefined && s.startMs >= from.ms, read: started });
  if (to !== undefined) checks.push({ field: 'to_time', label: sessionStrings.stepTo(to.label), test: (s) => s.startMs !== undefined && s.startMs < to.ms, read: started });
  return checks;
}
