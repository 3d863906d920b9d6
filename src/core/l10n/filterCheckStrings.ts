/** User-visible strings of the filter checks in the validation pass. */
export const filterCheckStrings = {
  invalidExpression: (filterNumber: number, column: number, reason: string) => `filter ${filterNumber}: invalid expression at column ${column}: ${reason}`,
  booleanOrdering: (op: string) => `\`${op}\` cannot compare with true or false; use \`is_true\`, \`is_false\` or \`equals\``,
};
