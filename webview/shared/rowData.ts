import type { SampleRow } from '../../src/core/model/logViewTypes';

/**
 * The text of data column `name` in a row, undefined when the row has none: own fields only, so that a column named
 * `constructor` or `toString` shows nothing for a sample that lacks it (not the object's inherited member).
 */
export function rowDataValue(row: Pick<SampleRow, 'data'>, name: string): string | undefined {
  return Object.prototype.hasOwnProperty.call(row.data, name) ? row.data[name] : undefined;
}
