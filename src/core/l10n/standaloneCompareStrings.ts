import * as l10n from '@vscode/l10n';
/** User-visible strings of the standalone compare page (`eval-lens log compare -o`). */
export const standaloneCompareStrings = {
  pairNotCarried: (sampleId: string) => l10n.t('Sample "{0}" changed for no metric, so this file does not carry its conversations.', sampleId),
  damaged: (what: string) => l10n.t('This comparison file is damaged: {0}. Write it again with eval-lens log compare -o.', what),
  cannotCompareAgain: (reason: string) => l10n.t('The comparison could not be computed again: {0}', reason),
};
