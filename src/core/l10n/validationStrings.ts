/** User-visible strings of the checks that JSON Schema cannot express. */
export const validationStrings = {
  plainTextCredential: (field: string) =>
    `credential in plain text: \`${field}\` is stored in the file. Move it to the editor's secret storage ({ secret: NAME }) or reference an environment variable ({ env: NAME }).`,
  unknownTemplateKey: (key: string, known: string[]) =>
    `\`<< config.${key} >>\` names no \`config_spec\` key${known.length ? `; known keys: ${known.join(', ')}` : '; config_spec is empty'}`,
  unusedConfigKey: (key: string) => `config_spec key \`${key}\` is used by no template (<< config.${key} >>)`,
  duplicateDatasetKey: (key: string, otherDocument: number) => `dataset key \`${key}\` is already used by document ${otherDocument} of this file`,
  notRecognised: 'not a dataset spec, generator definition, task result log, trace or agent connection config',
  emptyDocument: 'the document is empty',
  invalidJson: (detail: string) => `invalid JSON: ${detail}`,
  sourceXorGenerator: 'a dataset needs either `source` or `generator_specification`, not both',
};
