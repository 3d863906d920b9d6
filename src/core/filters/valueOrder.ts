/**
 * The order in which the preview sorts kept rows by one column (docs/semantics.md §13): numbers by value (text whose
 * trimmed content is a decimal number among them, as §5 compares it), then other text by Unicode code point, then false and true, then objects and arrays by their JSON text; null and missing values
 * come last in either direction. Equal values keep their source order.
 */
import { compareCodePoints, numericText } from './filterEvaluator';

export type SortDirection = 'ascending' | 'descending';

/** Rank of each group of values, in ascending order; null and missing are never reversed. */
const enum Group {
  Number = 0,
  Text = 1,
  Boolean = 2,
  Nested = 3,
  Null = 4,
  Missing = 5,
}

interface SortKey {
  group: Group;
  number: number;
  text: string;
}

function keyOf(value: unknown): SortKey {
  if (value === undefined) return { group: Group.Missing, number: 0, text: '' };
  if (value === null) return { group: Group.Null, number: 0, text: '' };
  switch (typeof value) {
    case 'number': return { group: Group.Number, number: value, text: '' };
    case 'string': {
      const number = numericText(value);
      return number === undefined ? { group: Group.Text, number: 0, text: value } : { group: Group.Number, number, text: '' };
    }
    case 'boolean': return { group: Group.Boolean, number: value ? 1 : 0, text: '' };
    default: return { group: Group.Nested, number: 0, text: JSON.stringify(value) ?? '' };
  }
}

function compareKeys(a: SortKey, b: SortKey): number {
  if (a.group !== b.group) return a.group - b.group;
  switch (a.group) {
    case Group.Number:
    case Group.Boolean:
      return a.number - b.number;
    case Group.Text:
    case Group.Nested:
      return compareCodePoints(a.text, b.text);
    default:
      return 0;
  }
}

/** Compares two values of a column in ascending order (see the module comment). */
export function compareColumnValues(a: unknown, b: unknown): number {
  return compareKeys(keyOf(a), keyOf(b));
}

/**
 * The positions `0 … count-1` ordered by the value `valueAt` gives for each, in `direction`; only the (key,
 * position) pairs are held, not the rows.
 */
export function sortedPositions(count: number, valueAt: (position: number) => unknown, direction: SortDirection): Uint32Array {
  const keys: SortKey[] = new Array<SortKey>(count);
  for (let i = 0; i < count; i++) keys[i] = keyOf(valueAt(i));
  const sign = direction === 'ascending' ? 1 : -1;
  const order = Array.from({ length: count }, (_, i) => i);
  order.sort((i, j) => {
    const a = keys[i];
    const b = keys[j];
    const empty = a.group >= Group.Null || b.group >= Group.Null;
    const byValue = empty ? compareKeys(a, b) : sign * compareKeys(a, b);
    return byValue || i - j;
  });
  return Uint32Array.from(order);
}
