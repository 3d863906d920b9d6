/**
 * Inspect AI score values read as numbers exactly as Inspect's own `value_to_float()` reads them
 * (docs/inspect-logs.md): numbers and booleans as they are, "C" 1, "P" 0.5, "I" and "N" 0, "yes"/"true" 1,
 * "no"/"false" 0 (any case), numeric text as its number. Anything else Inspect counts as 0 with a warning; here it is
 * a problem, so a metric built on it is reported as not verifiable rather than silently recomputed.
 */
import { inspectMetricStrings } from '../../l10n/inspectMetricStrings';

/** An Inspect `Score` as stored in a sample, a summary or a reduction. */
export interface InspectScore {
  value: unknown;
  answer?: unknown;
  explanation?: unknown;
  metadata?: unknown;
}

export type FloatReading = { value: number } | { problem: string };

/** Longest value text quoted in a message. */
const QUOTED_CHARS = 60;

/** Python's float() syntax: sign, digits with single underscores between them, a fraction, an exponent. */
const DIGITS = '\\d(?:_?\\d)*';
const PYTHON_FLOAT = new RegExp(`^[+-]?(?:${DIGITS}(?:\\.(?:${DIGITS})?)?|\\.${DIGITS})(?:[eE][+-]?${DIGITS})?$`);

/** The value text shown in a message: JSON, shortened; lists and objects by their size and first keys only. */
export function quoteValue(value: unknown): string {
  let text: string;
  if (Array.isArray(value)) text = value.length ? `[… ${value.length}]` : '[]';
  else if (typeof value === 'object' && value !== null) {
    const keys: string[] = [];
    for (const key in value) {
      if (keys.length === 4) {
        keys.push('…');
        break;
      }
      keys.push(JSON.stringify(key.slice(0, QUOTED_CHARS)));
    }
    text = `{${keys.join(', ')}}`;
  } else if (typeof value === 'string') text = JSON.stringify(value.slice(0, QUOTED_CHARS));
  else text = String(value);
  return text.length > QUOTED_CHARS ? `${text.slice(0, QUOTED_CHARS - 1)}…` : text;
}

/** A finite number written as Python's float() would accept it (surrounding white space allowed), else undefined. */
function finiteNumberText(text: string): number | undefined {
  const trimmed = text.trim();
  if (!PYTHON_FLOAT.test(trimmed)) return undefined;
  const parsed = Number(trimmed.replace(/_/g, ''));
  return Number.isFinite(parsed) ? parsed : undefined;
}

/** A score value as a number, as Inspect's default `value_to_float()` reads it. */
export function valueToFloat(value: unknown): FloatReading {
  if (typeof value === 'number') return { value };
  if (typeof value === 'boolean') return { value: value ? 1 : 0 };
  if (typeof value === 'string') {
    if (value === 'C') return { value: 1 };
    if (value === 'P') return { value: 0.5 };
    if (value === 'I' || value === 'N') return { value: 0 };
    const lower = value.toLowerCase();
    if (lower === 'yes' || lower === 'true') return { value: 1 };
    if (lower === 'no' || lower === 'false') return { value: 0 };
    const parsed = finiteNumberText(lower);
    if (parsed !== undefined) return { value: parsed };
  }
  return { problem: inspectMetricStrings.unmappableValue(quoteValue(value)) };
}

/** Inspect's unscored sentinel: a NaN value, left out of reducers and metrics. */
export function isUnscored(value: unknown): boolean {
  return typeof value === 'number' && Number.isNaN(value);
}

/** A plain JSON object (a dictionary score value, a metric, metadata). */
export function isDictionary(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An Inspect score object from untrusted JSON, or undefined when it is not one. */
export function asInspectScore(value: unknown): InspectScore | undefined {
  if (!isDictionary(value) || !Object.prototype.hasOwnProperty.call(value, 'value')) return undefined;
  return value as unknown as InspectScore;
}
