/** Words of the workspace key checks (docs/semantics.md §11.7) and of `validate` on a folder. */
import * as l10n from '@vscode/l10n';

const KIND_WORDS = {
  get dataset() {
    return l10n.t('dataset');
  },
  get generator() {
    return l10n.t('generator');
  },
};

export const keyStrings = {
  unknownKey: (kind: 'dataset' | 'generator', key: string, suggestion: string | undefined) => suggestion
    ? l10n.t('no {0} of this project has the key `{1}`: did you mean `{2}`?', KIND_WORDS[kind], key, suggestion)
    : l10n.t('no {0} of this project has the key `{1}`: define it or correct the key', KIND_WORDS[kind], key),
  duplicateKey: (kind: 'dataset' | 'generator', key: string, places: string[]) =>
    l10n.t('{0} key `{1}` is also defined at {2}: give one of them another key', KIND_WORDS[kind], key, places.join(', ')),
  missingRef: (path: string) => l10n.t('$ref names {0}, and there is no such file next to this one: create it or correct the path', path),
  missingDataFile: (path: string) => l10n.t('data file {0} does not exist next to this file: create it or correct the path', path),
  keyDetail: (kind: 'dataset' | 'generator', place: string) => l10n.t('{0} defined at {1}', KIND_WORDS[kind], place),
  skippedFiles: (count: number) => (count === 1 ? l10n.t('{0} file skipped: none of ours', count) : l10n.t('{0} files skipped: none of ours', count)),
  get runConfig() {
    return l10n.t('run config');
  },
};
