import * as l10n from '@vscode/l10n';
/** User-visible strings of spec authoring: completion, hovers, quick fixes, outline and the extra checks. */
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
  duplicateKeyInWorkspace: (key: string, files: string[]) => l10n.t('dataset key `{0}` is also used in {1}', key, files.join(', ')),

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
};
