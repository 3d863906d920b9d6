/** A record's values as a row in a source's column order (a missing value is null). */
export function orderColumns(values: Record<string, unknown>, columns: readonly string[]): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const column of columns) row[column] = values[column] ?? null;
  return row;
}
