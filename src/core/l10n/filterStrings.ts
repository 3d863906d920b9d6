import * as l10n from '@vscode/l10n';
/** User-visible strings of filter expressions, filter specs, labels and explanations. */
export const filterStrings = {
  get endOfExpression() {
    return l10n.t('the end of the expression');
  },
  get missingOpeningBraces() {
    return l10n.t("an expression starts with '{{'");
  },
  get missingClosingBraces() {
    return l10n.t("missing closing '}}'");
  },
  get pipeNotSupported() {
    return l10n.t("pipes ('|') are not supported in filter expressions");
  },
  get textAfterBraces() {
    return l10n.t("unexpected text after the closing '}}'");
  },
  get unterminatedString() {
    return l10n.t('unterminated quoted name');
  },
  unexpectedText: (found: string) => l10n.t("unexpected {0}: only a path such as 'sample.column' may appear inside the braces", found),
  expectedName: (found: string) => l10n.t("expected a name (letters, digits, '_') but found {0}", found),
  expectedBracketContent: (found: string) => l10n.t("expected a quoted name or an index (a whole number ≥ 0) inside '[ ]' but found {0}", found),
  expectedClosingBracket: (found: string) => l10n.t("expected ']' but found {0}", found),
  badEscape: (next: string | undefined) =>
    next === undefined ? l10n.t('a backslash at the end of a quoted name') : l10n.t('unknown escape \'\\{0}\' (only \\", \\\' and \\\\ are allowed)', next),
  unknownRoot: (root: string, roots: readonly string[]) =>
    l10n.t("unknown root '{0}': an expression here starts with {1}", root, roots.map((r) => `'${r}'`).join(l10n.t(' or '))),

  get filterNotMapping() {
    return l10n.t('a filter is a mapping with op and expression');
  },
  unknownOp: (op: unknown) => l10n.t('unknown op {0}', JSON.stringify(op)),
  get missingExpression() {
    return l10n.t('the expression is missing or not a string');
  },
  missingValue: (op: string) => l10n.t("op '{0}' needs a 'value' (a string, number or boolean)", op),
  missingValues: (op: string) => l10n.t("op '{0}' needs 'values' (a list of strings, numbers or booleans)", op),
  booleanOrdering: (op: string) => l10n.t("op '{0}' cannot compare with a boolean value", op),
  invalidFilter: (index: number, expression: string, reason: string) =>
    l10n.t('filter {0} ({1}): {2}', index + 1, JSON.stringify(expression), reason),
  invalidExpressionAt: (column: number, message: string) => l10n.t('invalid expression at column {0}: {1}', column, message),

  opLabels: {
    equals: '=',
    not_equals: '!=',
    greater_than: '>',
    less_than: '<',
    greater_or_equal: '>=',
    less_or_equal: '<=',
    get in() {
      return l10n.t('in');
    },
    get not_in() {
      return l10n.t('not in');
    },
    get exists() {
      return l10n.t('exists');
    },
    get not_exists() {
      return l10n.t('does not exist');
    },
    get is_true() {
      return l10n.t('is true');
    },
    get is_false() {
      return l10n.t('is false');
    },
  } as Record<string, string>,

  explain: {
    equals: (path: string, value: string) => l10n.t('keeps rows where {0} equals {1}', path, value),
    not_equals: (path: string, value: string) => l10n.t('keeps rows where {0} is not {1} (rows without {0} are kept)', path, value),
    greater_than: (path: string, value: string) => l10n.t('keeps rows where {0} is greater than {1}', path, value),
    less_than: (path: string, value: string) => l10n.t('keeps rows where {0} is less than {1}', path, value),
    greater_or_equal: (path: string, value: string) => l10n.t('keeps rows where {0} is {1} or more', path, value),
    less_or_equal: (path: string, value: string) => l10n.t('keeps rows where {0} is {1} or less', path, value),
    in: (path: string, values: string) => l10n.t('keeps rows where {0} is {1}', path, values),
    not_in: (path: string, values: string) => l10n.t('keeps rows where {0} is not {1} (rows without {0} are kept)', path, values),
    exists: (path: string) => l10n.t('keeps rows where {0} is present and not null (an empty string counts as present)', path),
    not_exists: (path: string) => l10n.t('keeps rows where {0} is missing or null', path),
    is_true: (path: string) => l10n.t('keeps rows where {0} is true (true, 1 or the text "true")', path),
    is_false: (path: string) => l10n.t('keeps rows where {0} is false (false, 0 or the text "false")', path),
  },
  orderingNote: (numeric: boolean) =>
    numeric ? l10n.t('; rows where it is missing, null or not a number are removed (not comparable)') : l10n.t('; text is compared by code point unless both sides are numbers; rows where it is missing or null are removed (not comparable)'),
  get noValues() {
    return l10n.t('none of an empty list');
  },
  get or() {
    return l10n.t('or');
  },
  invalidFilterLabel: (expression: string) => l10n.t('{0} (invalid filter)', expression),
};
