/** Filter entries of a dataset source (spec §2.16), checked and narrowed from plain values. */
import { filterStrings } from '../l10n/authoringStrings';
import { isRecord } from '../json/jsonValue';

type ComparisonOp = 'equals' | 'not_equals' | 'greater_than' | 'less_than' | 'greater_or_equal' | 'less_or_equal';
type MembershipOp = 'in' | 'not_in';
type UnaryOp = 'exists' | 'not_exists' | 'is_true' | 'is_false';
export type FilterScalar = string | number | boolean;

export type FilterSpec =
  | { op: ComparisonOp; expression: string; value: FilterScalar }
  | { op: MembershipOp; expression: string; values: FilterScalar[] }
  | { op: UnaryOp; expression: string };

const COMPARISON_OPS: readonly ComparisonOp[] = ['equals', 'not_equals', 'greater_than', 'less_than', 'greater_or_equal', 'less_or_equal'];
export const ORDERING_OPS: readonly ComparisonOp[] = ['greater_than', 'less_than', 'greater_or_equal', 'less_or_equal'];
const MEMBERSHIP_OPS: readonly MembershipOp[] = ['in', 'not_in'];
const UNARY_OPS: readonly UnaryOp[] = ['exists', 'not_exists', 'is_true', 'is_false'];

type FilterSpecCheck = { ok: true; filter: FilterSpec } | { ok: false; reason: string; expression: string };

function isScalar(value: unknown): value is FilterScalar {
  return typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));
}

/** Checks the shape of one filter entry (not its expression). */
export function checkFilterSpec(raw: unknown): FilterSpecCheck {
  if (!isRecord(raw)) return { ok: false, reason: filterStrings.filterNotMapping, expression: '' };
  const expression = typeof raw.expression === 'string' ? raw.expression : '';
  const op = raw.op;
  if (typeof raw.expression !== 'string') return { ok: false, reason: filterStrings.missingExpression, expression };
  if ((COMPARISON_OPS as readonly unknown[]).includes(op)) {
    const comparison = op as ComparisonOp;
    if (!isScalar(raw.value)) return { ok: false, reason: filterStrings.missingValue(comparison), expression };
    if (typeof raw.value === 'boolean' && ORDERING_OPS.includes(comparison)) {
      return { ok: false, reason: filterStrings.booleanOrdering(comparison), expression };
    }
    return { ok: true, filter: { op: comparison, expression, value: raw.value } };
  }
  if ((MEMBERSHIP_OPS as readonly unknown[]).includes(op)) {
    const membership = op as MembershipOp;
    if (!Array.isArray(raw.values) || !raw.values.every(isScalar)) {
      return { ok: false, reason: filterStrings.missingValues(membership), expression };
    }
    return { ok: true, filter: { op: membership, expression, values: [...raw.values] } };
  }
  if ((UNARY_OPS as readonly unknown[]).includes(op)) {
    return { ok: true, filter: { op: op as UnaryOp, expression } };
  }
  return { ok: false, reason: filterStrings.unknownOp(op), expression };
}
