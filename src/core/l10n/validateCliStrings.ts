/** What `eval-lens validate` says about files it cannot read, and its closing summary. */

export const validateCliStrings = {
  noSuchFile: (shown: string, full: string) => `${shown}: no such file (looked for ${full}). Check the name and the folder you run eval-lens from.`,
  permissionDenied: (shown: string) => `${shown}: cannot be read (permission denied). Check the file's permissions.`,
  isFolder: (shown: string) => `${shown}: is a folder that could not be listed.`,
  cannotRead: (shown: string, reason: string) => `${shown}: cannot be read (${reason}).`,
  summary: (checked: number, invalid: number) => `${checked} file(s) checked, ${invalid} with errors`,
  summaryWithUnreadable: (checked: number, invalid: number, unreadable: number) =>
    `${checked} file(s) checked, ${invalid} with errors, ${unreadable} could not be read`,
};
