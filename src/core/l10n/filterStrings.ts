/** User-visible strings of filter expressions, filter specs, labels and explanations. */
export const filterStrings = {
  endOfExpression: 'the end of the expression',
  missingOpeningBraces: "an expression starts with '{{'",
  missingClosingBraces: "missing closing '}}'",
  pipeNotSupported: "pipes ('|') are not supported in filter expressions",
  textAfterBraces: "unexpected text after the closing '}}'",
  unterminatedString: 'unterminated quoted name',
  unexpectedText: (found: string) => `unexpected ${found}: only a path such as 'sample.column' may appear inside the braces`,
  expectedName: (found: string) => `expected a name (letters, digits, '_') but found ${found}`,
  expectedBracketContent: (found: string) => `expected a quoted name or an index (a whole number ≥ 0) inside '[ ]' but found ${found}`,
  expectedClosingBracket: (found: string) => `expected ']' but found ${found}`,
  badEscape: (next: string | undefined) =>
    next === undefined ? 'a backslash at the end of a quoted name' : `unknown escape '\\${next}' (only \\", \\' and \\\\ are allowed)`,
  unknownRoot: (root: string, roots: readonly string[]) =>
    `unknown root '${root}': an expression here starts with ${roots.map((r) => `'${r}'`).join(' or ')}`,

  filterNotMapping: 'a filter is a mapping with op and expression',
  unknownOp: (op: unknown) => `unknown op ${JSON.stringify(op)}`,
  missingExpression: 'the expression is missing or not a string',
  missingValue: (op: string) => `op '${op}' needs a 'value' (a string, number or boolean)`,
  missingValues: (op: string) => `op '${op}' needs 'values' (a list of strings, numbers or booleans)`,
  booleanOrdering: (op: string) => `op '${op}' cannot compare with a boolean value`,
  invalidFilter: (index: number, expression: string, reason: string) =>
    `filter ${index + 1} (${JSON.stringify(expression)}): ${reason}`,
  invalidExpressionAt: (column: number, message: string) => `invalid expression at column ${column}: ${message}`,

  opLabels: {
    equals: '=',
    not_equals: '!=',
    greater_than: '>',
    less_than: '<',
    greater_or_equal: '>=',
    less_or_equal: '<=',
    in: 'in',
    not_in: 'not in',
    exists: 'exists',
    not_exists: 'does not exist',
    is_true: 'is true',
    is_false: 'is false',
  } as Record<string, string>,

  explain: {
    equals: (path: string, value: string) => `keeps rows where ${path} equals ${value}`,
    not_equals: (path: string, value: string) => `keeps rows where ${path} is not ${value} (rows without ${path} are kept)`,
    greater_than: (path: string, value: string) => `keeps rows where ${path} is greater than ${value}`,
    less_than: (path: string, value: string) => `keeps rows where ${path} is less than ${value}`,
    greater_or_equal: (path: string, value: string) => `keeps rows where ${path} is ${value} or more`,
    less_or_equal: (path: string, value: string) => `keeps rows where ${path} is ${value} or less`,
    in: (path: string, values: string) => `keeps rows where ${path} is ${values}`,
    not_in: (path: string, values: string) => `keeps rows where ${path} is not ${values} (rows without ${path} are kept)`,
    exists: (path: string) => `keeps rows where ${path} is present and not null (an empty string counts as present)`,
    not_exists: (path: string) => `keeps rows where ${path} is missing or null`,
    is_true: (path: string) => `keeps rows where ${path} is true (true, 1 or the text "true")`,
    is_false: (path: string) => `keeps rows where ${path} is false (false, 0 or the text "false")`,
  },
  orderingNote: (numeric: boolean) =>
    numeric
      ? '; rows where it is missing, null or not a number are removed (not comparable)'
      : '; text is compared by code point unless both sides are numbers; rows where it is missing or null are removed (not comparable)',
  noValues: 'none of an empty list',
  or: 'or',
  invalidFilterLabel: (expression: string) => `${expression} (invalid filter)`,
};
