/** Strings of the run labels, the header's mismatch state and the large-log export. */
export const largeLogReportStrings = {
  /** Runs are counted from 1 for people, as trials are; the log's index (from 0) goes in the tooltip. */
  runIndexTitle: (index: number) => `run index ${index} in the log`,
  /** Tooltip of the status badge when a reported metric does not match its per-sample scores. */
  statusMismatchTitle: (status: string, n: number) => `${status}, but ${n} reported metric value${n === 1 ? '' : 's'} do${n === 1 ? 'es' : ''} not match the per-sample scores`,
};
