/**
 * What the first rows of a dataset source look like: its columns, the JSON types seen in each, and the
 * most frequent values. Used for data-aware completion, hovers and the unknown-column check.
 */

interface ValueCount {
  value: string | number | boolean;
  count: number;
}

interface ColumnProfile {
  name: string;
  /** JSON types seen (`string`, `number`, `boolean`, `null`, `object`, `array`). */
  types: string[];
  /** Scalar values, most frequent first (at most `MAX_VALUES`). */
  values: ValueCount[];
  /** Rows that have the column. */
  present: number;
}

export interface DataProfile {
  columns: ColumnProfile[];
  rowsRead: number;
  /** File or folder the rows came from. */
  origin: string;
}

const MAX_VALUES = 20;
const MAX_VALUE_LENGTH = 200;

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value === 'number' ? 'number' : typeof value;
}

/** Profiles rows (plain objects); `columns` gives the order (CSV header), else first-seen order. */
export function profileRows(rows: readonly Record<string, unknown>[], origin: string, columns?: readonly string[]): DataProfile {
  const stats = new Map<string, { types: Set<string>; counts: Map<string, ValueCount>; present: number }>();
  const entry = (name: string) => {
    let s = stats.get(name);
    if (!s) stats.set(name, (s = { types: new Set(), counts: new Map(), present: 0 }));
    return s;
  };
  for (const name of columns ?? []) entry(name);
  for (const row of rows) {
    for (const [name, value] of Object.entries(row)) {
      const s = entry(name);
      s.present++;
      s.types.add(typeOf(value));
      if ((typeof value === 'string' && value.length <= MAX_VALUE_LENGTH) || typeof value === 'number' || typeof value === 'boolean') {
        const id = `${typeof value}:${String(value)}`;
        const c = s.counts.get(id);
        if (c) c.count++;
        else s.counts.set(id, { value, count: 1 });
      }
    }
  }
  return {
    origin,
    rowsRead: rows.length,
    columns: [...stats.entries()].map(([name, s]) => ({
      name,
      types: [...s.types],
      present: s.present,
      values: [...s.counts.values()].sort((a, b) => b.count - a.count).slice(0, MAX_VALUES),
    })),
  };
}

/** Whether a column name can be written in dot notation (`sample.name`). */
export function isPlainName(name: string): boolean {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name);
}
