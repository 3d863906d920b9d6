import * as l10n from '@vscode/l10n';
/** User-visible strings of the filter checks in the validation pass. */
export const filterCheckStrings = {
  invalidExpression: (filterNumber: number, column: number, reason: string) => l10n.t('filter {0}: invalid expression at column {1}: {2}', filterNumber, column, reason),
  booleanOrdering: (op: string) => l10n.t('`{0}` cannot compare with true or false; use `is_true`, `is_false` or `equals`', op),
};
