/** User-visible strings of spec authoring: completion, hovers, quick fixes, outline and the extra checks. */
export const authoringStrings = {
  // Completion
  requiredKey: 'required',
  optionalKey: 'optional',
  snippetDetail: 'snippet',
  columnDetail: (types: string[], origin: string) => `column (${types.join(' | ') || 'no values'}) of ${origin}`,
  valueDetail: (count: number, rows: number) => `${count} of ${rows} sampled rows`,
  folderDetail: 'folder',
  fileDetail: 'file',
  rootDetail: 'the row being filtered',

  // Hover
  hoverType: (types: string) => `**Type:** ${types}`,
  hoverDefault: (value: string) => `**Default:** \`${value}\``,
  hoverRequired: '**Required**',
  hoverAllowed: 'Allowed values:',
  hoverFilterKeeps: (sentence: string) => `**This filter** ${sentence}.`,
  hoverColumn: (name: string, types: string, origin: string) => `**Column \`${name}\`** (${types}) of \`${origin}\``,
  hoverColumnValues: (rows: number) => `Frequent values in the first ${rows} rows:`,
  hoverColumnUnknown: (name: string) => `Column \`${name}\` is not among the columns read from the source.`,

  // Quick fixes
  fixReplaceWith: (value: string) => `Change to ${value}`,
  fixRenameKey: (from: string, to: string) => `Rename \`${from}\` to \`${to}\``,
  fixAddKey: (key: string) => `Add the missing \`${key}\``,
  fixAddKeys: (keys: string[]) => `Add the missing ${keys.map((k) => `\`${k}\``).join(', ')}`,
  fixSlugKey: (slug: string) => `Change the key to \`${slug}\``,
  fixWrapExpression: (text: string) => `Write the expression as \`${text}\``,
  fixStoreCredential: 'Move the credential to the editor\'s secret storage',
  fixUseColumn: (name: string) => `Use the column \`${name}\``,
  fixAddDiscriminator: (tag: string, value: string) => `Add \`${tag}: ${value}\``,

  // Extra checks
  unknownColumn: (name: string, suggestion: string | undefined, known: string[]) =>
    `unknown column \`${name}\`: the source has no such column${suggestion ? `; did you mean \`${suggestion}\`?` : ''}` +
    (known.length ? ` Columns: ${known.slice(0, 12).join(', ')}${known.length > 12 ? ', …' : ''}` : ''),
  pathMissing: (field: string, path: string) => `\`${field}\`: ${path} does not exist`,
  notAFile: (path: string) => `${path} is a folder, not a file`,
  notAFolder: (path: string) => `${path} is a file, not a folder`,
  unsupportedExtension: (path: string) => `a \`local\` source reads \`.csv\` or \`.jsonl\` files; ${path} has neither extension`,
  unknownConfigKey: (key: string, generator: string, suggestion: string | undefined, known: string[]) =>
    `\`${key}\` is not an option of generator \`${generator}\`${suggestion ? `; did you mean \`${suggestion}\`?` : ''}` +
    ` Options: ${known.length ? known.join(', ') : 'none'}`,
  missingConfigKeys: (keys: string[], generator: string) =>
    `generator \`${generator}\` also expects ${keys.map((k) => `\`${k}\``).join(', ')} in \`dataset_generator_config\``,
  duplicateKeyInWorkspace: (key: string, files: string[]) => `dataset key \`${key}\` is also used in ${files.join(', ')}`,

  // Outline
  outlineDocument: (index: number) => `document ${index + 1}`,
  outlineSource: (type: string) => `source: ${type}`,
  outlineFilters: 'filters',
  outlineGenerator: 'generator_specification',
  outlineConfigSpec: 'config_spec',
  outlineSynthesizers: 'synthesizers',

  // Credential command
  credentialStored: (name: string) => `The credential is stored in the editor's secret storage as \`${name}\`.`,
  credentialNothing: 'There is no plain-text credential at this place any more.',
  credentialNamePrompt: 'Name of the secret',
};
