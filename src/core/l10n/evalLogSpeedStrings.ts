import * as l10n from '@vscode/l10n';
/** User-visible strings of the eval_logs source's fast paths (first page and kept rows). */

export const evalLogSpeedStrings = {
  /** Appended to how a source with `limit` was counted: its first page waits for the whole pass. */
  limitNeedsFullPass: (limit: number) => l10n.t('; limit (the {0} most recent) reads every sample before the first page', limit),
};
