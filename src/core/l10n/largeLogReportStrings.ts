import * as l10n from '@vscode/l10n';
/** Strings of the run labels, the header's mismatch state and the large-log export. */
export const largeLogReportStrings = {
  /** Runs are counted from 1 for people, as trials are; the log's index (from 0) goes in the tooltip. */
  runIndexTitle: (index: number) => l10n.t('run index {0} in the log', index),
  /** Tooltip of the status badge when a reported metric does not match its per-sample scores. */
  statusMismatchTitle: (status: string, n: number) => (n === 1 ? l10n.t('{0}, but {1} reported metric value does not match the per-sample scores', status, n) : l10n.t('{0}, but {1} reported metric values do not match the per-sample scores', status, n)),
};
