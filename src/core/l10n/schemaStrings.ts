import * as l10n from '@vscode/l10n';
/** User-visible strings of schema diagnostics. */
const TYPE_NAMES: Record<string, string> = {
  get string() {
    return l10n.t('text');
  },
  get number() {
    return l10n.t('a number');
  },
  get integer() {
    return l10n.t('a whole number');
  },
  get boolean() {
    return l10n.t('true or false');
  },
  get object() {
    return l10n.t('a mapping');
  },
  get array() {
    return l10n.t('a list');
  },
  null: 'null',
};

const LIMITS: Record<string, string> = {
  get minimum() {
    return l10n.t('at least');
  },
  get maximum() {
    return l10n.t('at most');
  },
  get exclusiveMinimum() {
    return l10n.t('more than');
  },
  get exclusiveMaximum() {
    return l10n.t('less than');
  },
  get minLength() {
    return l10n.t('at least');
  },
  get maxLength() {
    return l10n.t('at most');
  },
  get minItems() {
    return l10n.t('at least');
  },
  get maxItems() {
    return l10n.t('at most');
  },
};

function list(values: unknown[]): string {
  return values.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(', ');
}

export const schemaStrings = {
  get document() {
    return l10n.t('the document');
  },
  get or() {
    return l10n.t(' or ');
  },
  typeName: (type: string) => TYPE_NAMES[type] ?? type,
  missingProperty: (name: string, title: string) => (title ? l10n.t('missing required property `{0}` in {1}', name, title) : l10n.t('missing required property `{0}`', name)),
  unknownProperty: (name: string, title: string, suggestion: string | undefined, known: string[]) =>
    (title ? l10n.t('unknown property `{0}` in {1}', name, title) : l10n.t('unknown property `{0}`', name)) + (suggestion ? l10n.t('; did you mean `{0}`?', suggestion) : known.length ? l10n.t('; allowed: {0}', known.join(', ')) : ''),
  wrongType: (name: string, expected: string, got: string) => l10n.t('`{0}` must be {1}, not {2}', name, expected, got),
  notAllowed: (name: string, got: string, allowed: unknown[]) => l10n.t('`{0}` cannot be {1}; allowed: {2}', name, got, list(allowed)),
  mustBe: (name: string, value: unknown) => l10n.t('`{0}` must be {1}', name, JSON.stringify(value)),
  pattern: (name: string, pattern: string) => l10n.t('`{0}` must match the pattern {1}', name, pattern),
  missingDiscriminator: (tag: string, allowed: string[]) => l10n.t('missing `{0}`; it decides which fields apply: {1}', tag, allowed.join(', ')),
  limit: (name: string, keyword: string, limit: number, data: unknown) => {
    const unit = keyword.endsWith('Length') ? l10n.t(' characters') : keyword.endsWith('Items') ? l10n.t(' items') : '';
    const has = typeof data === 'string' ? l10n.t(' (it has {0})', data.length) : Array.isArray(data) ? l10n.t(' (it has {0})', data.length) : '';
    return l10n.t('`{0}` must be {1} {2}{3}{4}', name, LIMITS[keyword] ?? keyword, limit, unit, has);
  },
  generic: (name: string, message: string) => `\`${name}\` ${message}`,
};
