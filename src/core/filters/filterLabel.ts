/** Human labels ("category in [math, code]") and plain-words explanations of filters. */
import { displayPath, parseExpression, TASK_ACTION_ROOTS } from './expressionParser';
import { FilterScalar, ORDERING_OPS, checkFilterSpec } from './filterSpec';
import { filterStrings } from '../l10n/authoringStrings';

function formatScalar(value: FilterScalar): string {
  if (typeof value !== 'string') return String(value);
  return value === '' || /[\s,[\]"']/.test(value) ? JSON.stringify(value) : value;
}

function pathOf(expression: string): string {
  const parsed = parseExpression(expression, TASK_ACTION_ROOTS);
  return parsed.ok ? displayPath(parsed.expression) : expression;
}

/** Short label of a filter entry, e.g. `category in [math, code]`, `difficulty >= 3`, `is_hard is true`. */
export function filterLabel(raw: unknown): string {
  const checked = checkFilterSpec(raw);
  if (!checked.ok) return filterStrings.invalidFilterLabel(checked.expression);
  const filter = checked.filter;
  const path = pathOf(filter.expression);
  const op = filterStrings.opLabels[filter.op];
  if ('value' in filter) return `${path} ${op} ${formatScalar(filter.value)}`;
  if ('values' in filter) return `${path} ${op} [${filter.values.map(formatScalar).join(', ')}]`;
  return `${path} ${op}`;
}

function joinAlternatives(values: readonly FilterScalar[]): string {
  if (values.length === 0) return filterStrings.noValues;
  const parts = values.map(formatScalar);
  if (parts.length === 1) return parts[0];
  return `${parts.slice(0, -1).join(', ')} ${filterStrings.or} ${parts[parts.length - 1]}`;
}

/** A sentence saying which rows a filter keeps, e.g. "keeps rows where category is math or code". */
export function describeFilter(raw: unknown): string {
  const checked = checkFilterSpec(raw);
  if (!checked.ok) return checked.reason;
  const filter = checked.filter;
  const path = pathOf(filter.expression);
  const explain = filterStrings.explain;
  switch (filter.op) {
    case 'in':
    case 'not_in':
      return explain[filter.op](path, joinAlternatives(filter.values));
    case 'exists':
    case 'not_exists':
    case 'is_true':
    case 'is_false':
      return explain[filter.op](path);
    default: {
      const sentence = explain[filter.op](path, formatScalar(filter.value));
      return ORDERING_OPS.includes(filter.op) ? sentence + filterStrings.orderingNote(typeof filter.value === 'number') : sentence;
    }
  }
}
