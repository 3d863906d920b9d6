import * as l10n from '@vscode/l10n';
/** User-visible strings of `task_result_log_path` (issue §5): diagnostics, code lens, completion. */
export const logPathStrings = {
  missing: (path: string) => l10n.t('task_result_log_path: {0} does not exist. Give the path of an existing task result log (relative to this file).', path),
  folder: (path: string) => l10n.t('task_result_log_path: {0} is a folder, not a task result log file.', path),
  notALog: (path: string, reason: string) => l10n.t('task_result_log_path: {0} is not a valid task result log ({1}).', path, reason),
  get notALogShape() {
    return l10n.t('its top level has no "format_version" and "evidence"');
  },
  schemaProblems: (count: number, first: string) => (count === 1 ? l10n.t('{0} schema problem; first: {1}', count, first) : l10n.t('{0} schema problems; first: {1}', count, first)),
  lensOpen: (verified: number, mismatches: number) => (verified === 1 ? (mismatches === 1 ? l10n.t('Open report · {0} metric verified / {1} mismatch', verified, mismatches) : l10n.t('Open report · {0} metric verified / {1} mismatches', verified, mismatches)) : (mismatches === 1 ? l10n.t('Open report · {0} metrics verified / {1} mismatch', verified, mismatches) : l10n.t('Open report · {0} metrics verified / {1} mismatches', verified, mismatches))),
  get lensChecking() {
    return l10n.t('Open report · verifying…');
  },
  lensTooltip: (notVerifiable: number) => (notVerifiable ? l10n.t('Recomputes every verifiable metric from the per-sample scores, as `eval-lens log verify` does ({0} not verifiable).', notVerifiable) : l10n.t('Recomputes every verifiable metric from the per-sample scores, as `eval-lens log verify` does.')),
  get linkTooltip() {
    return l10n.t('Open the task result log');
  },
} as const;
