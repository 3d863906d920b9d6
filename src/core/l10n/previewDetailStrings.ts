/** Strings of the preview's detail pane (the whole row beside the table). */
import { formatCount } from './previewViewStrings';
import * as l10n from '@vscode/l10n';

export const previewDetailStrings = {
  title: (row: number) => l10n.t('Row {0}', formatCount(row)),
  get label() {
    return l10n.t('Row details');
  },
  get close() {
    return l10n.t('Close (Escape)');
  },
  get origin() {
    return l10n.t('Origin');
  },
  openOrigin: (file: string, line?: number) => (line === undefined ? l10n.t('Open {0}', file) : l10n.t('Open {0} at line {1}', file, line)),
  get missing() {
    return l10n.t('(no value)');
  },
  get conversation() {
    return l10n.t('Conversation');
  },
  get clicked() {
    return l10n.t('the cell you opened');
  },
  moreItems: (count: number) => (count === 1 ? l10n.t('… and {0} more item (open the source file to read them all).', formatCount(count)) : l10n.t('… and {0} more items (open the source file to read them all).', formatCount(count))),
};
