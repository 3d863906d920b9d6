/**
 * The sketches of every top-level column of the kept rows (docs/semantics.md §13): one per column in first-seen
 * order, plus the number of rows, so a column missing from some rows is counted as missing there.
 */
import { ColumnSketch, addValue, emptySketch, mergeSketch } from './columnSketch';

export interface TableSketch {
  rows: number;
  /** Column names in first-seen order and their sketches. */
  columns: Map<string, ColumnSketch>;
}

export function emptyTableSketch(): TableSketch {
  return { rows: 0, columns: new Map() };
}

/** Adds one kept row (its top-level values: nested values are one value of their column). */
export function addRow(table: TableSketch, values: Record<string, unknown>): void {
  table.rows++;
  const columns = table.columns;
  for (const name in values) {
    if (!Object.prototype.hasOwnProperty.call(values, name)) continue;
    let sketch = columns.get(name);
    if (!sketch) {
      sketch = emptySketch();
      columns.set(name, sketch);
    }
    addValue(sketch, values[name]);
  }
}

/** Adds `from` (the rows of a later byte range) to `into`; `from` may be changed. */
export function mergeTableSketch(into: TableSketch, from: TableSketch): void {
  into.rows += from.rows;
  for (const [name, sketch] of from.columns) {
    const known = into.columns.get(name);
    if (known) mergeSketch(known, sketch);
    else into.columns.set(name, sketch);
  }
}
