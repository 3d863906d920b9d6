/**
 * Translation of §5 filters into the dataset viewer's `/filter` `where` grammar (docs/semantics.md §9.4). A filter is
 * translated only when DuckDB's answer for the column's feature type is exactly §5's: nulls never equal,
 * `not_equals`/`not_in` pass nulls, numeric text is never compared with a number column, ordering on text
 * only with a non-numeric string (code point order = DuckDB's byte order). Anything else returns undefined
 * and is counted here instead. Only what the hub's own validation accepts is produced: double-quoted names,
 * single-quoted strings, unsigned plain numbers, `true`/`false`/`NULL`, ` AND `/` OR `, one level of parentheses.
 */
import { CompiledFilter, numericText } from '../../filters/filterEvaluator';
import { FilterScalar } from '../../filters/filterSpec';
import { isPlainObject } from '../../json/objectValues';

type HubColumnKind = 'int' | 'float' | 'string' | 'bool' | 'other';

const INT_TYPES = new Set(['int8', 'int16', 'int32', 'int64', 'uint8', 'uint16', 'uint32', 'uint64']);
const SQL_FORBIDDEN = /;|--|\/\*|\*\//;
const PLAIN_NUMBER = /^[0-9][0-9.]*$/;
const CANONICAL_INTEGER = /^(0|[1-9][0-9]*)$/;

/** The kind of a hub feature type (`{dtype, _type: 'Value'}`, `{names, _type: 'ClassLabel'}`, …). */
function columnKind(type: unknown): HubColumnKind {
  if (!isPlainObject(type)) return 'other';
  if (type._type === 'ClassLabel') return 'int';
  if (type._type !== 'Value' || typeof type.dtype !== 'string') return 'other';
  const dtype = type.dtype;
  if (INT_TYPES.has(dtype)) return 'int';
  if (dtype === 'float64' || dtype === 'double') return 'float';
  if (dtype === 'string' || dtype === 'large_string') return 'string';
  if (dtype === 'bool') return 'bool';
  return 'other';
}

function quoteName(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

function quoteText(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

/** A non-negative finite number as the grammar's plain number, else undefined. */
function plainNumber(value: number): string | undefined {
  if (!Number.isFinite(value) || value < 0 || Object.is(value, -0)) return undefined;
  const text = String(value);
  return PLAIN_NUMBER.test(text) ? text : undefined;
}

/** The SQL literal `v` must equal under §5 equality with `x`, for a column of `kind`; undefined: not exact. */
function equalityLiteral(kind: HubColumnKind, x: FilterScalar): string | undefined {
  if (kind === 'int' || kind === 'float') {
    if (typeof x === 'number') return plainNumber(x);
    // A string x equals a number whose JSON text is x: exact for canonical non-negative integers only.
    if (typeof x === 'string' && kind === 'int' && CANONICAL_INTEGER.test(x) && Number.isSafeInteger(Number(x))) return x;
    return undefined;
  }
  if (kind === 'string') return typeof x === 'string' ? quoteText(x) : undefined;
  if (kind === 'bool') {
    if (typeof x === 'boolean') return String(x);
    if (x === 'true' || x === 'false') return x;
  }
  return undefined;
}

/** The ordering literal for `x` on a column of `kind`; undefined: not exact. */
function orderingLiteral(kind: HubColumnKind, x: number | string): string | undefined {
  if (kind === 'int' || kind === 'float') {
    if (typeof x === 'number') return plainNumber(x);
    const n = numericText(x);
    return n === undefined ? undefined : plainNumber(n);
  }
  if (kind === 'string' && typeof x === 'string' && numericText(x) === undefined) return quoteText(x);
  return undefined;
}

const ORDERING_SQL: Record<string, string> = { greater_than: '>', less_than: '<', greater_or_equal: '>=', less_or_equal: '<=' };

/** One filter as a `where` condition, or undefined when no exact translation exists. */
export function translateFilter(filter: CompiledFilter, features: ReadonlyMap<string, unknown>): string | undefined {
  const segments = filter.expression.segments;
  if (filter.column === undefined || segments.length !== 1 || !features.has(filter.column)) return undefined;
  const name = quoteName(filter.column);
  const kind = columnKind(features.get(filter.column));
  const spec = filter.spec;
  let sql: string | undefined;
  switch (spec.op) {
    case 'exists':
      sql = `${name} IS NOT NULL`;
      break;
    case 'not_exists':
      sql = `${name} IS NULL`;
      break;
    case 'is_true':
    case 'is_false': {
      const truth = spec.op === 'is_true';
      if (kind === 'bool') sql = `${name} = ${truth}`;
      else if (kind === 'int' || kind === 'float') sql = `${name} = ${truth ? 1 : 0}`;
      break;
    }
    case 'equals':
    case 'not_equals': {
      const literal = equalityLiteral(kind, spec.value);
      if (literal !== undefined) sql = spec.op === 'equals' ? `${name} = ${literal}` : `(${name} != ${literal} OR ${name} IS NULL)`;
      break;
    }
    case 'in':
    case 'not_in': {
      const literals = spec.values.map((x) => equalityLiteral(kind, x));
      if (literals.length === 0 || literals.some((l) => l === undefined)) break;
      sql = spec.op === 'in'
        ? `(${literals.map((l) => `${name} = ${l}`).join(' OR ')})`
        : `(${literals.map((l) => `${name} != ${l}`).join(' AND ')} OR ${name} IS NULL)`;
      break;
    }
    default: {
      if (typeof spec.value === 'boolean') break;
      const literal = orderingLiteral(kind, spec.value);
      if (literal !== undefined) sql = `${name} ${ORDERING_SQL[spec.op]} ${literal}`;
    }
  }
  return sql !== undefined && !SQL_FORBIDDEN.test(sql) ? sql : undefined;
}

/** Every filter translated, or undefined when one has no exact translation. */
export function translateFilters(filters: readonly CompiledFilter[], features: ReadonlyMap<string, unknown>): string[] | undefined {
  const out: string[] = [];
  for (const filter of filters) {
    const sql = translateFilter(filter, features);
    if (sql === undefined) return undefined;
    out.push(sql);
  }
  return out;
}

/** The AND of the first `count` conditions. A parenthesised condition is never nested deeper than one level. */
export function whereOf(conditions: readonly string[], count: number): string {
  return conditions.slice(0, count).join(' AND ');
}

/** A condition true for every row (the count before the first filter, from the same index). */
export function everyRow(column: string): string {
  return `(${quoteName(column)} IS NULL OR ${quoteName(column)} IS NOT NULL)`;
}

/** The `IS NULL` condition of a column (rows an ordering filter found not comparable). */
export function isNull(column: string): string {
  return `${quoteName(column)} IS NULL`;
}
