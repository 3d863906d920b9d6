/** User-visible strings about input that is too deep, too large or not text. */
export const hostileInputStrings = {
  tooDeep: (limit: number) => `nested more than ${limit} levels deep; Eval Lens reads at most ${limit} levels: flatten the value or move it to a file of its own`,
  tooDeepAt: (file: string, line: number, limit: number) => `${file}:${line}: ${hostileInputStrings.tooDeep(limit)}`,
  tooDeepLine: (limit: number) => `${hostileInputStrings.tooDeep(limit)}; line skipped`,
  emptyFile: 'the file is empty: it holds no dataset',
  notAFile: (file: string) => `${file} is a directory, not a file`,
  notARegularFile: (file: string) => `${file} is not a regular file (a pipe, socket or device is not read)`,
  /** What a report shows in place of a value nested deeper than the limit. */
  tooDeepToShow: 'nested too deep to show',
};
