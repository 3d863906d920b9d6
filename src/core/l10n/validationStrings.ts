import * as l10n from '@vscode/l10n';
/** User-visible strings of the checks that JSON Schema cannot express. */
export const validationStrings = {
  plainTextCredential: (field: string) =>
    l10n.t("credential in plain text: `{0}` is stored in the file. Move it to the editor's secret storage ({ secret: NAME }) or reference an environment variable ({ env: NAME }).", field),
  unknownTemplateKey: (key: string, known: string[]) =>
    (known.length ? l10n.t('`<< config.{0} >>` names no `config_spec` key; known keys: {1}', key, known.join(', ')) : l10n.t('`<< config.{0} >>` names no `config_spec` key; config_spec is empty', key)),
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
};
