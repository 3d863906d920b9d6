/** Parquet cells as the filters see them: the values the hub's own JSON rows would hold. */

/** A Parquet cell as the hub's JSON would give it: big integers as numbers (or text beyond 2^53), dates as ISO text. */
export function normaliseCell(value: unknown): unknown {
  if (typeof value === 'bigint') return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value.toString();
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (Array.isArray(value)) return value.map(normaliseCell);
  if (typeof value === 'object' && value !== null && !(value instanceof Uint8Array)) {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) out[key] = normaliseCell(inner);
    return out;
  }
  if (value instanceof Uint8Array) return null;
  return value;
}

/** A decoded cell as given to the filters (scalars as they are, the rest normalised). */
export function cellOf(value: unknown): unknown {
  return typeof value === 'bigint' || (typeof value === 'object' && value !== null) ? normaliseCell(value) : value;
}
