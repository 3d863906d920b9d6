/** Evaluation of filters on rows (docs/semantics.md §4 missing values, §5 operators and coercion). */
import { DATASET_ROOTS, ExpressionSegment, ParsedExpression, parseExpression } from './expressionParser';
import { FilterScalar, FilterSpec, checkFilterSpec } from './filterSpec';
import { filterStrings } from '../l10n/authoringStrings';

/** The value of a path that does not resolve. */
export const MISSING: unique symbol = Symbol('missing');
type Resolved = unknown | typeof MISSING;

export enum FilterOutcome {
  Pass = 0,
  Fail = 1,
  /** Did not pass because the value could not be compared (ordering ops only). */
  NotComparable = 2,
}

export interface CompiledFilter {
  index: number;
  spec: FilterSpec;
  expression: ParsedExpression;
  /** First segment after the root when it is a name: the top-level column it reads. */
  column?: string;
  test(row: Record<string, unknown>): FilterOutcome;
  /** For a filter on a top-level column: the outcome for that column's value (undefined: missing). */
  testValue?(value: unknown): FilterOutcome;
  /** For a path of member names below the column (`metadata.category`): those names, after the column's. */
  memberPath?: readonly string[];
  /** With `memberPath`: the outcome for the value the whole path leads to (undefined: missing). */
  testLeaf?(leaf: unknown): FilterOutcome;
  /**
   * For an ordering filter on a top-level column against non-numeric text: a string value's outcome is
   * that of its first `stringPrefix` UTF-16 units (code point order decides within the text's length).
   */
  stringPrefix?: number;
}

const ORDERING_OPS: readonly string[] = ['greater_than', 'less_than', 'greater_or_equal', 'less_or_equal'];

/** A filter that cannot run: names the filter and why. */
export class FilterCompileError extends Error {
  constructor(readonly index: number, readonly expressionText: string, readonly reason: string, readonly column?: number) {
    super(filterStrings.invalidFilter(index, expressionText, reason));
  }
}

const hasOwn = Object.prototype.hasOwnProperty;

/** How many distinct scalar values of a column a filter remembers the outcome of. */
const REMEMBERED_OUTCOMES = 1024;

export function resolveSegments(root: unknown, segments: readonly ExpressionSegment[]): Resolved {
  let current: unknown = root;
  for (const segment of segments) {
    if (segment.kind === 'index') {
      if (!Array.isArray(current) || segment.index >= current.length) return MISSING;
      current = current[segment.index];
    } else {
      if (typeof current !== 'object' || current === null || Array.isArray(current)) return MISSING;
      if (!hasOwn.call(current, segment.name)) return MISSING;
      current = (current as Record<string, unknown>)[segment.name];
    }
    if (current === undefined) return MISSING;
  }
  return current;
}

const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/** A string's trimmed text as a finite decimal number, else undefined. */
export function numericText(text: string): number | undefined {
  const trimmed = text.trim();
  if (!DECIMAL.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : undefined;
}

/** `v` as a number under the equality rule for a numeric `x`, else undefined. */
function asNumber(v: Resolved): number | undefined {
  if (typeof v === 'number') return v;
  if (typeof v === 'string') return numericText(v);
  return undefined;
}

/** §5 equality of a resolved value with one filter scalar. */
function valueEquals(v: Resolved, x: FilterScalar): boolean {
  if (v === MISSING || v === null) return false;
  if (typeof x === 'number') {
    const n = asNumber(v);
    return n !== undefined && n === x;
  }
  if (typeof x === 'boolean') {
    if (typeof v === 'boolean') return v === x;
    return typeof v === 'string' && v.toLowerCase() === String(x);
  }
  if (typeof v === 'string') return v === x;
  if (typeof v === 'number' || typeof v === 'boolean') return JSON.stringify(v) === x;
  return false;
}

/** Compares strings by Unicode code point (not UTF-16 code unit). */
export function compareCodePoints(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    let ca = a.charCodeAt(i);
    let cb = b.charCodeAt(i);
    if (ca === cb) continue;
    if (ca >= 0xd800 && cb >= 0xd800) {
      ca = ca >= 0xe000 ? ca - 0x800 : ca + 0x2000;
      cb = cb >= 0xe000 ? cb - 0x800 : cb + 0x2000;
    }
    return ca < cb ? -1 : 1;
  }
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}

/** §5 ordering: the sign of v − x, or undefined when not comparable. */
export function compareForOrdering(v: Resolved, x: number | string): number | undefined {
  if (v === MISSING || v === null) return undefined;
  if (typeof x === 'number') {
    const n = asNumber(v);
    if (n === undefined) return undefined;
    return n === x ? 0 : n < x ? -1 : 1;
  }
  let text: string;
  if (typeof v === 'string') text = v;
  else if (typeof v === 'number' || typeof v === 'boolean') text = JSON.stringify(v);
  else return undefined;
  const nv = numericText(text);
  const nx = numericText(x);
  if (nv !== undefined && nx !== undefined) return nv === nx ? 0 : nv < nx ? -1 : 1;
  return compareCodePoints(text, x);
}

function isTrueValue(v: Resolved): boolean {
  return v === true || v === 1 || (typeof v === 'string' && v.trim().toLowerCase() === 'true');
}

function isFalseValue(v: Resolved): boolean {
  return v === false || v === 0 || (typeof v === 'string' && v.trim().toLowerCase() === 'false');
}

/** Outcome of one filter for one resolved value. */
export function evaluateFilter(spec: FilterSpec, v: Resolved): FilterOutcome {
  const pass = (ok: boolean) => (ok ? FilterOutcome.Pass : FilterOutcome.Fail);
  switch (spec.op) {
    case 'equals':
      return pass(valueEquals(v, spec.value));
    case 'not_equals':
      return pass(!valueEquals(v, spec.value));
    case 'in':
      return pass(spec.values.some((x) => valueEquals(v, x)));
    case 'not_in':
      return pass(!spec.values.some((x) => valueEquals(v, x)));
    case 'exists':
      return pass(v !== MISSING && v !== null);
    case 'not_exists':
      return pass(v === MISSING || v === null);
    case 'is_true':
      return pass(isTrueValue(v));
    case 'is_false':
      return pass(isFalseValue(v));
    default: {
      if (typeof spec.value === 'boolean') return FilterOutcome.NotComparable;
      const sign = compareForOrdering(v, spec.value);
      if (sign === undefined) return FilterOutcome.NotComparable;
      switch (spec.op) {
        case 'greater_than':
          return pass(sign > 0);
        case 'less_than':
          return pass(sign < 0);
        case 'greater_or_equal':
          return pass(sign >= 0);
        default:
          return pass(sign <= 0);
      }
    }
  }
}

/** Checks and compiles one filter entry; throws FilterCompileError naming the filter and why. */
export function compileFilter(raw: unknown, index: number, roots: readonly string[] = DATASET_ROOTS): CompiledFilter {
  const checked = checkFilterSpec(raw);
  if (!checked.ok) throw new FilterCompileError(index, checked.expression, checked.reason);
  const spec = checked.filter;
  const parsed = parseExpression(spec.expression, roots);
  if (!parsed.ok) {
    throw new FilterCompileError(index, spec.expression, filterStrings.invalidExpressionAt(parsed.error.column, parsed.error.message), parsed.error.column);
  }
  const expression = parsed.expression;
  const segments = expression.segments;
  const first = segments[0];
  const column = first && first.kind !== 'index' ? first.name : undefined;
  const rest = segments.slice(1);
  let test: (row: Record<string, unknown>) => FilterOutcome;
  let testValue: ((value: unknown) => FilterOutcome) | undefined;
  let ofLeaf: ((leaf: Resolved) => FilterOutcome) | undefined;
  if (column !== undefined && rest.length === 0) {
    // The outcome depends on the value alone: remember it for the scalar values a column repeats.
    const outcomes = new Map<unknown, FilterOutcome>();
    testValue = (value) => {
      if (value === undefined) return evaluateFilter(spec, MISSING);
      if (typeof value === 'object' && value !== null) return evaluateFilter(spec, value);
      let outcome = outcomes.get(value);
      if (outcome === undefined) {
        outcome = evaluateFilter(spec, value);
        if (outcomes.size < REMEMBERED_OUTCOMES) outcomes.set(value, outcome);
      }
      return outcome;
    };
    const ofValue = testValue;
    test = (row) => ofValue(hasOwn.call(row, column) ? row[column] : undefined);
  } else {
    test = (row) => evaluateFilter(spec, resolveSegments(row, segments));
    // A path below a top-level column: the outcome depends on that column's value alone too, and is
    // remembered for the scalar values the path leads to.
    if (column !== undefined) {
      const outcomes = new Map<unknown, FilterOutcome>();
      const outcomeOfLeaf = (leaf: Resolved): FilterOutcome => {
        if (typeof leaf === 'object' && leaf !== null) return evaluateFilter(spec, leaf);
        let outcome = outcomes.get(leaf);
        if (outcome === undefined) {
          outcome = evaluateFilter(spec, leaf);
          if (outcomes.size < REMEMBERED_OUTCOMES) outcomes.set(leaf, outcome);
        }
        return outcome;
      };
      ofLeaf = outcomeOfLeaf;
      testValue = (value) => outcomeOfLeaf(value === undefined ? MISSING : resolveSegments(value, rest));
    }
  }
  const memberPath: string[] = [];
  for (const segment of rest) if (segment.kind !== 'index') memberPath.push(segment.name);
  if (!testValue) return { index, spec, expression, column, test };
  if (rest.length > 0) {
    if (memberPath.length !== rest.length || !ofLeaf) return { index, spec, expression, column, test, testValue };
    const leafOutcome = ofLeaf;
    const testLeaf = (leaf: unknown) => leafOutcome(leaf === undefined ? MISSING : leaf);
    return { index, spec, expression, column, test, testValue, memberPath, testLeaf };
  }
  const value = 'value' in spec ? spec.value : undefined;
  if (ORDERING_OPS.includes(spec.op) && typeof value === 'string' && numericText(value) === undefined) {
    return { index, spec, expression, column, test, testValue, stringPrefix: value.length + 1 };
  }
  return { index, spec, expression, column, test, testValue };
}

/** Compiles a source's `filters` (absent: none). */
export function compileFilters(raw: unknown, roots: readonly string[] = DATASET_ROOTS): CompiledFilter[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) throw new FilterCompileError(0, '', filterStrings.filterNotMapping);
  return raw.map((entry, index) => compileFilter(entry, index, roots));
}

/** Top-level columns the filters read; undefined when some filter reads the whole row. */
export function referencedColumns(filters: readonly CompiledFilter[]): string[] | undefined {
  const columns: string[] = [];
  for (const filter of filters) {
    if (filter.column === undefined) return undefined;
    if (!columns.includes(filter.column)) columns.push(filter.column);
  }
  return columns;
}
