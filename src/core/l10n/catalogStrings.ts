/** Words of the log catalog: why the facts of a log in the Evaluation Logs view could not be read. */
import * as l10n from '@vscode/l10n';

export const catalogStrings = {
  unreadable: (file: string, reason: string) => l10n.t('{0} cannot be read: {1}', file, reason),
  get emptyFile() {
    return l10n.t('the file is empty');
  },
  notJson: (file: string) => l10n.t('{0} is not JSON (it does not begin with an object); open it as text to see what it holds.', file),
  damagedJson: (file: string, detail: string) => l10n.t('{0} is damaged JSON ({1}); open it as text to repair it.', file, detail),
  notALog: (file: string) => l10n.t('{0} is neither a task result log nor an Inspect log.', file),
  noArchiveHeader: (file: string) => l10n.t('{0} has neither header.json nor _journal/start.json: it is not an Inspect log archive.', file),
  headerNotObject: (file: string) => l10n.t('The header of {0} is not a JSON object.', file),
};
