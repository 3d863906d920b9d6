/** A JSON object (not an array, not null), as a record of its properties. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value as a record when it is a JSON object; undefined otherwise. */
export function asRecord(value: unknown): Record<string, unknown> | undefined {
  return isRecord(value) ? value : undefined;
}

/** The value found by following object keys and array indexes; undefined where the path leaves the value. */
export function valueAtPath(value: unknown, path: readonly (string | number)[]): unknown {
  let v = value;
  for (const segment of path) v = typeof v === 'object' && v !== null ? (v as Record<string, unknown>)[segment] : undefined;
  return v;
}
