import { toNumeric } from './logValue';

/**
 * The per-sample values of one score read as numbers once, with the figures every metric over the score needs:
 * its verification, its distribution and its spread (docs/semantics.md §8, §12) are then made without reading the
 * values again.
 */
export interface NumericReading {
  /** How many values are present (neither null nor absent). */
  present: number;
  /** The numeric values among them (numbers, booleans as 1/0), in sample order. */
  numbers: Float64Array;
  /** Whether every present value is numeric, so that `numbers` holds all of them. */
  allNumeric: boolean;
  /** The sum of `numbers`, added in sample order. */
  sum: number;
  /** The least and greatest of `numbers` (NaN when there is none). */
  min: number;
  max: number;
  /** How many of `numbers` are 1, and whether every one is 0 or 1. */
  ones: number;
  binary: boolean;
}

/** Reads `values` in one pass; a million samples leave one array of their exact number to collect. */
export function numericReadingOf(values: readonly unknown[]): NumericReading {
  const buffer = new Float64Array(values.length);
  let present = 0;
  let count = 0;
  let allNumeric = true;
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    if (value === null || value === undefined) continue;
    present++;
    const n = toNumeric(value);
    if (n === undefined) allNumeric = false;
    else buffer[count++] = n;
  }
  return completeReading(buffer, count, present, allNumeric);
}

/** The reading of the first `count` numbers of `buffer`, with its figures worked out in one pass. */
export function completeReading(buffer: Float64Array, count: number, present: number, allNumeric: boolean): NumericReading {
  const numbers = count === buffer.length ? buffer : buffer.slice(0, count);
  let sum = 0;
  let min = count ? numbers[0] : NaN;
  let max = min;
  let ones = 0;
  let binary = true;
  for (let i = 0; i < count; i++) {
    const n = numbers[i];
    sum += n;
    if (n < min) min = n;
    if (n > max) max = n;
    if (n === 1) ones++;
    else if (n !== 0) binary = false;
  }
  return { present, numbers, allNumeric, sum, min, max, ones, binary };
}
