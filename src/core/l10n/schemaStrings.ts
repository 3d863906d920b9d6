/** User-visible strings of schema diagnostics. */
const TYPE_NAMES: Record<string, string> = {
  string: 'text', number: 'a number', integer: 'a whole number', boolean: 'true or false', object: 'a mapping', array: 'a list', null: 'null',
};

const LIMITS: Record<string, string> = {
  minimum: 'at least', maximum: 'at most', exclusiveMinimum: 'more than', exclusiveMaximum: 'less than',
  minLength: 'at least', maxLength: 'at most', minItems: 'at least', maxItems: 'at most',
};

function list(values: unknown[]): string {
  return values.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(', ');
}

export const schemaStrings = {
  document: 'the document',
  or: ' or ',
  typeName: (type: string) => TYPE_NAMES[type] ?? type,
  missingProperty: (name: string, title: string) => `missing required property \`${name}\`${title ? ` in ${title}` : ''}`,
  unknownProperty: (name: string, title: string, suggestion: string | undefined, known: string[]) =>
    `unknown property \`${name}\`${title ? ` in ${title}` : ''}` +
    (suggestion ? `; did you mean \`${suggestion}\`?` : known.length ? `; allowed: ${known.join(', ')}` : ''),
  wrongType: (name: string, expected: string, got: string) => `\`${name}\` must be ${expected}, not ${got}`,
  notAllowed: (name: string, got: string, allowed: unknown[]) => `\`${name}\` cannot be ${got}; allowed: ${list(allowed)}`,
  mustBe: (name: string, value: unknown) => `\`${name}\` must be ${JSON.stringify(value)}`,
  pattern: (name: string, pattern: string) => `\`${name}\` must match the pattern ${pattern}`,
  missingDiscriminator: (tag: string, allowed: string[]) => `missing \`${tag}\`; it decides which fields apply: ${allowed.join(', ')}`,
  limit: (name: string, keyword: string, limit: number, data: unknown) => {
    const unit = keyword.endsWith('Length') ? ' characters' : keyword.endsWith('Items') ? ' items' : '';
    const has = typeof data === 'string' ? ` (it has ${data.length})` : Array.isArray(data) ? ` (it has ${data.length})` : '';
    return `\`${name}\` must be ${LIMITS[keyword] ?? keyword} ${limit}${unit}${has}`;
  },
  generic: (name: string, message: string) => `\`${name}\` ${message}`,
};
