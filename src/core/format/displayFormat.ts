/**
 * Number, duration and time formatting of the report. Pure functions (no DOM), shared by every part of
 * the view so that one value looks the same everywhere; the exact value goes in the element's title.
 */
import { formatCount } from '../l10n/numberFormat';

/** Integers with thousands separators; other numbers with 3 decimals, or 3 significant digits below 1. */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return Number.isNaN(value) ? 'NaN' : value > 0 ? '∞' : '−∞';
  if (Number.isInteger(value)) return formatCount(value);
  const abs = Math.abs(value);
  let text: string;
  if (abs >= 1) {
    text = trimZeros(value.toFixed(3));
    if (abs >= 1000) {
      const [whole, fraction] = text.split('.');
      text = formatCount(Number(whole)) + (fraction ? `.${fraction}` : '');
      if (whole === '-0') text = `-${text}`;
    }
  } else {
    text = trimZeros(value.toPrecision(3));
    if (/e/i.test(text)) text = value.toExponential(2);
  }
  return text === '-0' ? '0' : text;
}

function trimZeros(text: string): string {
  return text.includes('.') && !/e/i.test(text) ? text.replace(/\.?0+$/, '') : text;
}

/** A rate in [0, 1] as a percentage with one decimal: 0.8567 → "85.7%". */
export function formatPercent(value: number): string {
  if (!Number.isFinite(value)) return formatNumber(value);
  const percent = value * 100;
  const text = Number.isInteger(percent) ? String(percent) : trimZeros(percent.toFixed(1));
  return `${text}%`;
}

const RATE_TYPES = new Set(['accuracy', 'pass@k', 'pass^k', 'rate', 'proportion', 'fraction']);

/** Whether a metric value is a rate (shown as a percentage): by metric type, key name, or boolean scores. */
export function isRate(metricType: string | undefined, valueKey: string, kind?: string): boolean {
  if (metricType && RATE_TYPES.has(metricType.toLowerCase())) return true;
  if (kind === 'boolean') return true;
  return /(^|_)(accuracy|rate|pass@\d+|pass\^\d+|pass_at_\d+)$/i.test(valueKey);
}

/** A metric or score value for display: a rate as a percentage, numbers per formatNumber, else text. */
export function formatValue(value: unknown, asRate = false): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'number') return asRate && value >= 0 && value <= 1 ? formatPercent(value) : formatNumber(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'string') return value;
  return truncate(JSON.stringify(value), 80);
}

/** The exact value, for a tooltip. */
export function exactValue(value: unknown): string {
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  return JSON.stringify(value);
}

export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** Seconds, human-readable: "850 ms", "12.3 s", "4 min 12 s", "2 h 3 min", "3 d 4 h". */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '—';
  if (seconds < 1) return `${Math.round(seconds * 1000)} ms`;
  if (seconds < 60) return `${trimZeros(seconds.toFixed(1))} s`;
  const total = Math.round(seconds);
  const days = Math.floor(total / 86400);
  const hours = Math.floor((total % 86400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const secs = total % 60;
  if (days > 0) return hours ? `${days} d ${hours} h` : `${days} d`;
  if (hours > 0) return minutes ? `${hours} h ${minutes} min` : `${hours} h`;
  return secs ? `${minutes} min ${secs} s` : `${minutes} min`;
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** "UTC+01:00", "UTC−05:30", "UTC" for an offset in minutes east of UTC. */
export function formatUtcOffset(offsetMinutes: number): string {
  if (offsetMinutes === 0) return 'UTC';
  const sign = offsetMinutes > 0 ? '+' : '-';
  const abs = Math.abs(offsetMinutes);
  return `UTC${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/**
 * A Unix timestamp (seconds) as local wall time with its UTC offset: "2025-03-04 14:05:09 UTC+01:00".
 * `offsetMinutes` (east of UTC) defaults to the user's zone at that instant.
 */
export function formatLocalTime(unixSeconds: number, offsetMinutes?: number): string {
  if (!Number.isFinite(unixSeconds)) return '—';
  const ms = unixSeconds * 1000;
  const offset = offsetMinutes ?? -new Date(ms).getTimezoneOffset();
  const local = new Date(ms + offset * 60_000);
  const date = `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}`;
  const time = `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}`;
  return `${date} ${time} ${formatUtcOffset(offset)}`;
}

/** The same instant in ISO 8601 UTC, for a tooltip. */
export function formatIsoUtc(unixSeconds: number): string {
  return Number.isFinite(unixSeconds) ? new Date(unixSeconds * 1000).toISOString() : '';
}

