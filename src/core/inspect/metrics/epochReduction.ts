/**
 * A sample's scores over its epochs reduced to one score, as Inspect's built-in reducers do before any metric is
 * computed (docs/inspect-logs.md): a dictionary value is reduced key by key, a list position by position, a single
 * value as it is; unscored (NaN) epochs are left out. Where Inspect would refuse (epochs of different shapes or
 * keys) or the reducer is not a built-in one, the result carries the problem instead of a value.
 */
import { inspectMetricStrings } from '../../l10n/inspectMetricStrings';
import { InspectScore, isDictionary, isUnscored } from './inspectValue';
import { ColumnReducer, Reading, columnReducer } from './reducerStatistics';

/** A reduced score: the value, or NaN with the problem that stopped the reduction. */
export interface ReducedScore extends InspectScore {
  problem?: string;
}

/** The reducer Inspect applies when a score names none. */
export const DEFAULT_REDUCER = 'mean';

type Shape = 'dict' | 'list' | 'scalar';

function shapeOf(value: unknown): Shape {
  if (Array.isArray(value)) return 'list';
  return isDictionary(value) ? 'dict' : 'scalar';
}

function shapeName(shape: Shape): string {
  if (shape === 'dict') return inspectMetricStrings.dictShape;
  return shape === 'list' ? inspectMetricStrings.listShape : inspectMetricStrings.scalarShape;
}

function failed(problem: string): ReducedScore {
  return { value: NaN, problem };
}

/** The scored values, all of the representative's shape, or the problem Inspect would raise. */
function sameShape(values: readonly unknown[], shape: Shape): unknown[] | { problem: string } {
  const scored = values.filter((value) => !isUnscored(value));
  for (const value of scored) if (shapeOf(value) !== shape) return { problem: inspectMetricStrings.mixedShapes(shapeName(shape)) };
  return scored;
}

function reduceDictionaries(values: readonly Record<string, unknown>[], reduce: ColumnReducer): ReducedScore {
  const keys = Object.keys(values[0]);
  const keyText = [...keys].sort().join(', ');
  for (const value of values) {
    const other = Object.keys(value);
    if (other.length !== keys.length || other.some((key) => !Object.prototype.hasOwnProperty.call(values[0], key))) {
      return failed(inspectMetricStrings.mismatchedKeys(keyText, other.sort().join(', ')));
    }
  }
  const reduced: Record<string, unknown> = {};
  for (const key of keys) {
    const reading = reduce(values.map((value) => value[key]));
    if ('problem' in reading) return failed(reading.problem);
    Object.defineProperty(reduced, key, { value: reading.value, enumerable: true, writable: true, configurable: true });
  }
  return { value: reduced };
}

function reduceLists(values: readonly unknown[][], reduce: ColumnReducer): ReducedScore {
  const length = values[0].length;
  for (const value of values) if (value.length !== length) return failed(inspectMetricStrings.mismatchedLengths(length, value.length));
  const reduced: unknown[] = [];
  for (let i = 0; i < length; i++) {
    const reading = reduce(values.map((value) => value[i]));
    if ('problem' in reading) return failed(reading.problem);
    reduced.push(reading.value);
  }
  return { value: reduced };
}

/** The column reducers by name, each made once (a log reduces every sample with the same few). */
const reducers = new Map<string, ColumnReducer | undefined>();
/** Reducer names are few in a log, but a hostile one may name a new one per score. */
const MAX_REDUCERS_HELD = 64;

function reducerNamed(name: string): ColumnReducer | undefined {
  if (!reducers.has(name) && reducers.size < MAX_REDUCERS_HELD) reducers.set(name, columnReducer(name));
  return reducers.has(name) ? reducers.get(name) : columnReducer(name);
}

/** How many single values each reducer keeps the reading of (a log's scores repeat a few values: C, I, 0, 1). */
const MAX_READINGS_HELD = 256;
const readingsByReducer = new WeakMap<ColumnReducer, Map<unknown, Reading>>();

/** A value whose reduction alone can be kept and reused: text, a boolean, null, or a number other than −0 and NaN. */
function isRepeatedScalar(value: unknown): boolean {
  if (typeof value === 'number') return !Number.isNaN(value) && !Object.is(value, -0);
  return typeof value === 'string' || typeof value === 'boolean' || value === null;
}

/**
 * reduceEpochs of one epoch whose value is a repeated scalar (most samples of a run without repeats): the reducer
 * reads each distinct value once. Reducers are pure, so the reading is the one reduceEpochs would make.
 */
function reduceOneScalar(score: InspectScore, reduce: ColumnReducer): ReducedScore {
  let readings = readingsByReducer.get(reduce);
  if (!readings) readingsByReducer.set(reduce, (readings = new Map()));
  let reading = readings.get(score.value);
  if (!reading) {
    reading = reduce([score.value]);
    if (readings.size < MAX_READINGS_HELD) readings.set(score.value, reading);
  }
  const reduced: ReducedScore = 'problem' in reading ? failed(reading.problem) : { value: reading.value };
  if (!reduced.problem && score.metadata !== undefined) reduced.metadata = score.metadata;
  return reduced;
}

/**
 * The score Inspect's reducer `reducer` (as stored in `EvalScore.reducer`: `mean`, the default, `median`, `mode`,
 * `max`, `at_least_{k}`, `pass_at_{k}`, `pass_k_{k}`) makes of one sample's epoch scores. Never throws.
 */
export function reduceEpochs(scores: InspectScore[], reducer: string | undefined): ReducedScore {
  const name = reducer ?? DEFAULT_REDUCER;
  const reduce = reducerNamed(name);
  if (!reduce) return failed(inspectMetricStrings.unknownReducer(name));
  if (scores.length === 1 && isRepeatedScalar(scores[0].value)) return reduceOneScalar(scores[0], reduce);
  const values = scores.map((score) => score.value);
  const representative = values.findIndex((value) => !isUnscored(value));
  if (representative < 0) return { value: NaN };
  const shape = shapeOf(values[representative]);
  let reduced: ReducedScore;
  if (shape === 'scalar') {
    // Inspect reads every epoch of a single value as it is: a dictionary or list among them is counted as 0 with
    // a warning by the numeric reducers and refused by the counting ones; either way the column reducer says so.
    const reading = reduce(values);
    reduced = 'problem' in reading ? failed(reading.problem) : { value: reading.value };
  } else {
    const scored = sameShape(values, shape);
    if (!Array.isArray(scored)) return failed(scored.problem);
    reduced = shape === 'dict' ? reduceDictionaries(scored as Record<string, unknown>[], reduce) : reduceLists(scored as unknown[][], reduce);
  }
  const first = scores[0];
  if (!reduced.problem && first && first.metadata !== undefined) reduced.metadata = first.metadata;
  return reduced;
}
