/** The value a removed row's reason quotes (the funnel's drill-down, removedRows.ts). */

/** Characters of the value a reason quotes at most. */
const MAX_VALUE_CHARS = 200;

/** A value as the reason quotes it: strings in quotes, anything else as JSON, cut to MAX_VALUE_CHARS; undefined when missing. */
export function quotedValue(value: unknown): string | undefined {
  if (value === undefined || typeof value === 'symbol') return undefined;
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > MAX_VALUE_CHARS ? `${text.slice(0, MAX_VALUE_CHARS)}…` : text;
}
