/** Words of authoring: diagnostics, completions, hovers, quick fixes, schema and filter checks. */
import * as l10n from '@vscode/l10n';

export const authoringStrings = {
  // Completion
  get requiredKey() {
    return l10n.t('required');
  },
  get optionalKey() {
    return l10n.t('optional');
  },
  get snippetDetail() {
    return l10n.t('snippet');
  },
  columnDetail: (types: string[], origin: string) => l10n.t('column ({0}) of {1}', types.join(' | ') || l10n.t('no values'), origin),
  valueDetail: (count: number, rows: number) => l10n.t('{0} of {1} sampled rows', count, rows),
  get folderDetail() {
    return l10n.t('folder');
  },
  get fileDetail() {
    return l10n.t('file');
  },
  get rootDetail() {
    return l10n.t('the row being filtered');
  },

  // Hover
  hoverType: (types: string) => l10n.t('**Type:** {0}', types),
  hoverDefault: (value: string) => l10n.t('**Default:** `{0}`', value),
  get hoverRequired() {
    return l10n.t('**Required**');
  },
  get hoverAllowed() {
    return l10n.t('Allowed values:');
  },
  hoverFilterKeeps: (sentence: string) => l10n.t('**This filter** {0}.', sentence),
  hoverColumn: (name: string, types: string, origin: string) => l10n.t('**Column `{0}`** ({1}) of `{2}`', name, types, origin),
  hoverColumnValues: (rows: number) => l10n.t('Frequent values in the first {0} rows:', rows),
  hoverVariableUnset: (name: string) => l10n.t('Reads the environment variable `{0}`, which is not set here: a preview or export stops on it.', name),
  hoverVariableSecret: (name: string, length: number) => l10n.t('Reads the environment variable `{0}`: set ({1} characters; a credential, its value is not shown).', name, length),
  hoverVariableValue: (name: string, value: string) => l10n.t('Reads the environment variable `{0}`: {1}', name, value),
  hoverSecretUnset: (secret: string, variable: string | undefined) =>
    (variable === undefined
      ? l10n.t('Reads the secret `{0}` of this file\'s `secrets:`, which gives it no value: a preview or export stops on it.', secret)
      : l10n.t('Reads the secret `{0}` from the environment variable `{1}`, which is not set here: a preview or export stops on it.', secret, variable)),
  hoverSecretSet: (secret: string, variable: string | undefined, length: number) =>
    (variable === undefined
      ? l10n.t('Reads the secret `{0}` as this file\'s `secrets:` writes it: {1} characters (a secret, its value is not shown).', secret, length)
      : l10n.t('Reads the secret `{0}` from the environment variable `{1}`: set ({2} characters; a secret, its value is not shown).', secret, variable, length)),
  hoverColumnUnknown: (name: string) => l10n.t('Column `{0}` is not among the columns read from the source.', name),

  // Quick fixes
  fixReplaceWith: (value: string) => l10n.t('Change to {0}', value),
  fixRenameKey: (from: string, to: string) => l10n.t('Rename `{0}` to `{1}`', from, to),
  fixAddKey: (key: string) => l10n.t('Add the missing `{0}`', key),
  fixAddKeys: (keys: string[]) => l10n.t('Add the missing {0}', keys.map((k) => `\`${k}\``).join(', ')),
  fixSlugKey: (slug: string) => l10n.t('Change the key to `{0}`', slug),
  fixWrapExpression: (text: string) => l10n.t('Write the expression as `{0}`', text),
  get fixStoreCredential() {
    return l10n.t("Move the credential to the editor's secret storage");
  },
  fixUseColumn: (name: string) => l10n.t('Use the column `{0}`', name),
  get fixRewriteOlderForm() {
    return l10n.t("Rewrite in today's form");
  },
  fixAddDiscriminator: (tag: string, value: string) => l10n.t('Add `{0}: {1}`', tag, value),

  // Extra checks
  unknownColumn: (name: string, suggestion: string | undefined, known: string[]) =>
    (suggestion ? l10n.t('unknown column `{0}`: the source has no such column; did you mean `{1}`?', name, suggestion) : l10n.t('unknown column `{0}`: the source has no such column', name)) + (known.length ? (known.length > 12 ? l10n.t(' Columns: {0}, …', known.slice(0, 12).join(', ')) : l10n.t(' Columns: {0}', known.slice(0, 12).join(', '))) : ''),
  pathMissing: (field: string, path: string) => l10n.t('`{0}`: {1} does not exist', field, path),
  notAFile: (path: string) => l10n.t('{0} is a folder, not a file', path),
  notAFolder: (path: string) => l10n.t('{0} is a file, not a folder', path),
  unsupportedExtension: (path: string) => l10n.t('a `local` source reads `.csv` or `.jsonl` files; {0} has neither extension', path),
  unknownConfigKey: (key: string, generator: string, suggestion: string | undefined, known: string[]) =>
    (suggestion ? l10n.t('`{0}` is not an option of generator `{1}`; did you mean `{2}`?', key, generator, suggestion) : l10n.t('`{0}` is not an option of generator `{1}`', key, generator)) + l10n.t(' Options: {0}', known.length ? known.join(', ') : l10n.t('none')),
  missingConfigKeys: (keys: string[], generator: string) =>
    l10n.t('generator `{0}` also expects {1} in `dataset_generator_config`', generator, keys.map((k) => `\`${k}\``).join(', ')),

  // Outline
  outlineDocument: (index: number) => l10n.t('document {0}', index + 1),
  outlineSource: (type: string) => l10n.t('source: {0}', type),
  get outlineFilters() {
    return l10n.t('filters');
  },
  outlineGenerator: 'generator_specification',
  outlineConfigSpec: 'config_spec',
  outlineSynthesizers: 'synthesizers',

  // Credential command
  credentialStored: (name: string) => l10n.t("The credential is stored in the editor's secret storage as `{0}`.", name),
  get credentialNothing() {
    return l10n.t('There is no plain-text credential at this place any more.');
  },
  get credentialNamePrompt() {
    return l10n.t('Name of the secret');
  },

  // schema
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
  platformTraceExport: (platform: string) => l10n.t('a trace exported from {0} (not a Trace file): the Trace editor and `eval-lens trace show` show its conversation; it is not checked against the Trace schema', platform),
  notAllowedDidYouMean: (name: string, got: string, suggestion: string) => l10n.t('`{0}` cannot be {1}; did you mean `{2}`?', name, got, suggestion),
  mustBe: (name: string, value: unknown) => l10n.t('`{0}` must be {1}', name, JSON.stringify(value)),
  pattern: (name: string, pattern: string) => l10n.t('`{0}` must match the pattern {1}', name, pattern),
  missingDiscriminator: (tag: string, allowed: string[]) => l10n.t('missing `{0}`; it decides which fields apply: {1}', tag, allowed.join(', ')),
  limit: (name: string, keyword: string, limit: number, data: unknown) => {
    const unit = keyword.endsWith('Length') ? l10n.t(' characters') : keyword.endsWith('Items') ? l10n.t(' items') : '';
    const has = typeof data === 'string' ? l10n.t(' (it has {0})', data.length) : Array.isArray(data) ? l10n.t(' (it has {0})', data.length) : '';
    return l10n.t('`{0}` must be {1} {2}{3}{4}', name, LIMITS[keyword] ?? keyword, limit, unit, has);
  },
  generic: (name: string, message: string) => `\`${name}\` ${message}`,

  // validation
  missingInclude: (path: string) => l10n.t('!include names {0}, and there is no such file next to this one: create it or correct the path', path),
  unsetVariable: (field: string, variable: string) =>
    l10n.t('`{0}` is the environment variable {1}, which is not set here: a preview or an export of this source will stop until it is set', field, variable),
  unsetSecret: (field: string, secret: string, variable: string | undefined, inSecretsMap: boolean) =>
    (variable === undefined
      ? l10n.t('`{0}` is the secret {1}, which this file\'s `secrets:` leaves empty: a preview or an export of this source will stop until it has a value', field, secret)
      : inSecretsMap
        ? l10n.t('`{0}` is the secret {1}, which this file\'s `secrets:` reads from the environment variable {2}, not set here: a preview or an export of this source will stop until it is set in the environment Eval Lens runs in', field, secret, variable)
        : l10n.t('`{0}` is the secret {1}: this file\'s `secrets:` does not hold it and the environment variable {1} is not set here. Add `{1}: ${1}` under `secrets:` and set the variable, or set {1} in the environment Eval Lens runs in', field, secret)),
  olderServiceForm: (form: string) => {
    switch (form) {
      case 'top-level-file-path':
        return l10n.t('an older form: a top-level `file_path` is a `local` source, written today as `source: {type: local, file_path: …}`. Read and previewed as that; the quick fix rewrites it.');
      case 'generation-request':
        return l10n.t('an older form: `dataset_generation_request` is written today as `generator_specification` (with `dataset_generator_key` for `dataset_generator_id`). Read and previewed as that; the quick fix rewrites it.');
      case 'kind-for-type':
        return l10n.t('an older form: `kind` stands for `type`. Read as that; the quick fix rewrites it.');
      default:
        return l10n.t('an older form: a namespaced `key` names the type, written today as `type`. Read as that; the quick fix rewrites it.');
    }
  },
  plainTextCredential: (field: string) =>
    l10n.t("credential in plain text: `{0}` is stored in the file. Move it to the editor's secret storage ({ secret: NAME }) or reference an environment variable ({ env: NAME }).", field),
  unknownTemplateKey: (key: string, known: string[], suggestion?: string) =>
    (suggestion ? l10n.t('`<< config.{0} >>` names no `config_spec` key; did you mean `{1}`?', key, suggestion)
      : known.length ? l10n.t('`<< config.{0} >>` names no `config_spec` key; known keys: {1}', key, known.join(', ')) : l10n.t('`<< config.{0} >>` names no `config_spec` key; config_spec is empty', key)),
  unknownKind: (type: string) => l10n.t('type `{0}` is not known to Eval Lens; not checked', type),
  otherKindProperty: (name: string, owners: string[], type: string) =>
    l10n.t('`{0}` belongs to {1}, not to `{2}`', name, owners.map((o) => `\`${o}\``).join(', '), type),
  unusedConfigKey: (key: string) => l10n.t('config_spec key `{0}` is used by no template (<< config.{0} >>)', key),
  duplicateDatasetKey: (key: string, otherDocument: number) => l10n.t('dataset key `{0}` is already used by document {1} of this file', key, otherDocument),
  get notRecognised() {
    return l10n.t('not a dataset spec, generator definition, task result log, trace or agent connection config');
  },
  get emptyDocument() {
    return l10n.t('the document is empty');
  },
  invalidJson: (detail: string) => l10n.t('invalid JSON: {0}', detail),
  get sourceXorGenerator() {
    return l10n.t('a dataset needs either `source` or `generator_specification`, not both');
  },

  // filterCheck
  invalidExpression: (filterNumber: number, column: number, reason: string) => l10n.t('filter {0}: invalid expression at column {1}: {2}', filterNumber, column, reason),
  booleanOrdering: (op: string) => l10n.t('`{0}` cannot compare with true or false; use `is_true`, `is_false` or `equals`', op),
};

/** User-visible strings of authoring the five other sources: column hovers, facts from previews, selection checks. */
export const sourceAuthoringStrings = {
  columnsHeading: (type: string) => l10n.t('**Rows of a `{0}` source**', type),
  columnSet: (label: string, columns: readonly string[]) => l10n.t('One row per {0}: {1}', label, columns.map((c) => `\`${c}\``).join(', ')),
  metadataKeys: (keys: readonly string[]) => l10n.t('Keys seen in `metadata` (last preview): {0}', keys.map((k) => `\`${k}\``).join(', ')),
  scoreKeys: (keys: readonly string[]) => l10n.t('Keys seen in `scores` (last preview): {0}', keys.map((k) => `\`${k}\``).join(', ')),
  sessionsFound: (n: number) => (n === 1 ? l10n.t('{0} session found by the last preview', n) : l10n.t('{0} sessions found by the last preview', n)),
  get noPreviewYet() {
    return l10n.t('Preview this dataset to see the keys of its `metadata` and `scores`.');
  },
  hubHeading: (dataset: string) => l10n.t('**Dataset hub: `{0}`** (as fetched by the last preview)', dataset),
  hubConfigs: (configs: readonly string[], chosen: string) => l10n.t('Configs: {0}', configs.map((c) => (c === chosen ? `**\`${c}\`**` : `\`${c}\``)).join(', ')),
  hubSplits: (splits: readonly string[], chosen: string) => l10n.t('Splits of `{0}`: {1}', chosen, splits.map((s) => `\`${s}\``).join(', ')),
  hubFeatures: (features: readonly string[]) => l10n.t('Columns: {0}', features.join(', ')),
  get hubNotFetched() {
    return l10n.t('Splits, configs and columns appear here once a preview has fetched them (the hub is not asked while you type).');
  },
  hubOrigin: (dataset: string, config: string, split: string) => `${dataset} (${config}/${split})`,
  get sessionDetail() {
    return l10n.t('session found by the last preview');
  },

  // checks
  noFilters: (type: string) =>
    l10n.t('a `{0}` source takes no `filters`: it selects records with its own fields (ids, `from_time`/`to_time`, tags, `limit`…). Remove `filters`, or filter the rows later in a task.', type),
  badTime: (field: string, value: string) =>
    l10n.t('`{0}`: "{1}" is not an ISO 8601 time. Write a date (2026-11-01, midnight UTC) or a date and time (2026-11-01T09:30:00Z; without a zone it is UTC).', field, value),
  emptyRange: (from: string, to: string) => l10n.t('`from_time` {0} is not before `to_time` {1}: no record can be in this range.', from, to),
  limitTooSmall: (value: number) => l10n.t('`limit` must be at least 1 (it is {0}): it keeps the N most recent records.', value),
} as const;

/** The JSON types as words for people, in schema diagnostics. */
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
