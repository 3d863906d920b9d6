/** User-visible strings of the eval_logs source's fast paths (first page and kept rows). */

export const evalLogSpeedStrings = {
  /** Appended to how a source with `limit` was counted: its first page waits for the whole pass. */
  limitNeedsFullPass: (limit: number) => `; limit (the ${limit} most recent) reads every sample before the first page`,
};
