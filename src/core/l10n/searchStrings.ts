/** Words of the conversation tab and its search box. */
import * as l10n from '@vscode/l10n';
import { formatCount } from './numberFormat';

export const searchStrings = {
  get label() {
    return l10n.t('Search in the conversation');
  },
  get placeholder() {
    return l10n.t('Search (Enter: next, Shift+Enter: previous, Escape: clear)');
  },
  get previous() {
    return l10n.t('Previous match (Shift+Enter, Shift+F3)');
  },
  get next() {
    return l10n.t('Next match (Enter, F3)');
  },
  get noMatches() {
    return l10n.t('No matches');
  },
  position: (n: number, of: number, capped: boolean) => (capped ? l10n.t('{0} of at least {1}', formatCount(n), formatCount(of)) : l10n.t('{0} of {1}', formatCount(n), formatCount(of))),
  get openInTab() {
    return l10n.t('Open conversation in its own tab');
  },
  get waiting() {
    return l10n.t('Loading the conversation…');
  },
};
