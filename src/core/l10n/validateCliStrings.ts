import * as l10n from '@vscode/l10n';
/** What `eval-lens validate` says about files it cannot read, and its closing summary. */

export const validateCliStrings = {
  noSuchFile: (shown: string, full: string) => l10n.t('{0}: no such file (looked for {1}). Check the name and the folder you run eval-lens from.', shown, full),
  permissionDenied: (shown: string) => l10n.t("{0}: cannot be read (permission denied). Check the file's permissions.", shown),
  isFolder: (shown: string) => l10n.t('{0}: is a folder that could not be listed.', shown),
  cannotRead: (shown: string, reason: string) => l10n.t('{0}: cannot be read ({1}).', shown, reason),
  summary: (checked: number, invalid: number) => l10n.t('{0} file(s) checked, {1} with errors', checked, invalid),
  summaryWithUnreadable: (checked: number, invalid: number, unreadable: number) =>
    l10n.t('{0} file(s) checked, {1} with errors, {2} could not be read', checked, invalid, unreadable),
};
