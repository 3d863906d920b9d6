import * as l10n from '@vscode/l10n';
/** User-visible strings of a compare file carrying the logs' own bytes (`eval-lens log compare -o`). */
export const compareFileWindowStrings = {
  logChangedWhileWriting: (file: string) => l10n.t('{0} changed while the comparison was being written: compare the logs again.', file),
  pairUnreadable: (sampleId: string, side: string, reason: string) =>
    l10n.t('The {0} sample "{1}" cannot be read from this comparison file ({2}). The file is damaged: write it again with eval-lens log compare -o.', side, sampleId, reason),
  get baseline() {
    return l10n.t('baseline');
  },
  get candidate() {
    return l10n.t('candidate');
  },
};
