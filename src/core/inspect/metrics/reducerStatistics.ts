/**
 * What each of Inspect's built-in epoch reducers makes of the values of one score (or of one key or position of a
 * dictionary or list score) over a sample's epochs (docs/inspect-logs.md). Unscored (NaN) values are left out; when
 * none is left the result is NaN, Inspect's unscored sentinel.
 */
import { inspectMetricStrings } from '../../l10n/inspectMetricStrings';
import { isUnscored, quoteValue, valueToFloat } from './inspectValue';

export type Reading = { value: unknown } | { problem: string };

/** Reduces the raw values of one score over the epochs of a sample. */
export type ColumnReducer = (raw: readonly unknown[]) => Reading;

/** The values that are not the unscored sentinel. */
function reducible(raw: readonly unknown[]): unknown[] {
  return raw.filter((value) => !isUnscored(value));
}

/** Every value read as a number (unscored ones left out), or the first problem. */
function floats(raw: readonly unknown[]): number[] | { problem: string } {
  const numbers: number[] = [];
  for (const value of raw) {
    const reading = valueToFloat(value);
    if ('problem' in reading) return reading;
    if (!Number.isNaN(reading.value)) numbers.push(reading.value);
  }
  return numbers;
}

/** A reducer that applies a statistic to the values read as numbers. */
function statisticReducer(statistic: (values: number[]) => number): ColumnReducer {
  return (raw) => {
    const numbers = floats(raw);
    if (!Array.isArray(numbers)) return numbers;
    return { value: numbers.length ? statistic(numbers) : NaN };
  };
}

export function meanOf(values: readonly number[]): number {
  let sum = 0;
  for (const value of values) sum += value;
  return sum / values.length;
}

/** Python's statistics.median: the middle value, or the mean of the two middle ones. */
export function medianOf(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** pass@k (Chen et al. 2021) over the epochs: 1 − C(n − c, k) / C(n, k); NaN with fewer than k epochs. */
export function passAtK(values: readonly number[], k: number, threshold = 1): number {
  const total = values.length;
  const correct = values.filter((v) => v >= threshold).length;
  if (total < k) return NaN;
  if (total - correct < k) return 1;
  let product = 1;
  for (let i = total - correct + 1; i <= total; i++) product *= 1 - k / i;
  return 1 - product;
}

/** pass^k: C(c, k) / C(n, k), the chance that k epochs drawn without replacement all pass; NaN with fewer than k. */
export function passPowK(values: readonly number[], k: number, threshold = 1): number {
  const total = values.length;
  if (total < k) return NaN;
  const correct = values.filter((v) => v >= threshold).length;
  let ratio = 1;
  for (let i = 0; i < k; i++) ratio *= Math.max(0, correct - i) / (total - i);
  return ratio;
}

/** Python's equality of dictionary keys: 1, 1.0 and True are one key; strings are their own; None is one key. */
function countKey(value: unknown): string | undefined {
  if (typeof value === 'boolean') return `n:${value ? 1 : 0}`;
  if (typeof value === 'number') return `n:${value}`;
  if (typeof value === 'string') return `s:${value}`;
  return value === null ? 'null' : undefined;
}

/**
 * The distinct values in the order first seen (each as first seen) with their counts; a list or an object cannot
 * be counted (Python cannot hash it), which is a problem.
 */
function countValues(values: readonly unknown[]): { value: unknown; count: number }[] | { problem: string } {
  const byKey = new Map<string, { value: unknown; count: number }>();
  for (const value of values) {
    const key = countKey(value);
    if (key === undefined) return { problem: inspectMetricStrings.uncountable(quoteValue(value)) };
    const entry = byKey.get(key);
    if (entry) entry.count++;
    else byKey.set(key, { value, count: 1 });
  }
  return [...byKey.values()];
}

/** The most common value; among equally common ones the first seen (as Python's Counter.most_common). */
const modeReducer: ColumnReducer = (raw) => {
  const counts = countValues(reducible(raw));
  if (!Array.isArray(counts)) return counts;
  if (!counts.length) return { value: NaN };
  let best = counts[0];
  for (const entry of counts) if (entry.count > best.count) best = entry;
  return { value: best.value };
};

/** 1 when at least k epochs reach the threshold (1.0), else 0. */
function atLeastReducer(k: number, threshold = 1): ColumnReducer {
  return (raw) => {
    const counts = countValues(reducible(raw));
    if (!Array.isArray(counts)) return counts;
    if (!counts.length) return { value: NaN };
    let reaching = 0;
    for (const entry of counts) {
      const reading = valueToFloat(entry.value);
      if ('problem' in reading) return reading;
      if (reading.value >= threshold) reaching += entry.count;
    }
    return { value: reaching >= k ? 1 : 0 };
  };
}

/** The value with the largest number reading (the first of equal ones), kept as it was written. */
const maxReducer: ColumnReducer = (raw) => {
  let best: { value: unknown; number: number } | undefined;
  for (const value of reducible(raw)) {
    const reading = valueToFloat(value);
    if ('problem' in reading) return reading;
    if (!best || reading.value > best.number) best = { value, number: reading.value };
  }
  return { value: best ? best.value : NaN };
};

/** The column reducer of a built-in reducer name as Inspect stores it (`mean`, `at_least_2`, …), or undefined. */
export function columnReducer(name: string): ColumnReducer | undefined {
  switch (name) {
    case 'mean':
      return statisticReducer(meanOf);
    case 'median':
      return statisticReducer(medianOf);
    case 'mode':
      return modeReducer;
    case 'max':
      return maxReducer;
  }
  const match = /^(at_least|pass_at|pass_k)_(\d+)$/.exec(name);
  if (!match) return undefined;
  const k = Number(match[2]);
  if (!Number.isSafeInteger(k)) return undefined;
  if (match[1] === 'at_least') return atLeastReducer(k);
  return statisticReducer(match[1] === 'pass_at' ? (values) => passAtK(values, k) : (values) => passPowK(values, k));
}
