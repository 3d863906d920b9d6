/** User-visible strings of `task_result_log_path` (issue §5): diagnostics, code lens, completion. */
export const logPathStrings = {
  missing: (path: string) => `task_result_log_path: ${path} does not exist. Give the path of an existing task result log (relative to this file).`,
  folder: (path: string) => `task_result_log_path: ${path} is a folder, not a task result log file.`,
  notALog: (path: string, reason: string) => `task_result_log_path: ${path} is not a valid task result log (${reason}).`,
  notALogShape: 'its top level has no "format_version" and "evidence"',
  schemaProblems: (count: number, first: string) => `${count} schema problem${count === 1 ? '' : 's'}; first: ${first}`,
  lensOpen: (verified: number, mismatches: number) => `Open report · ${verified} metric${verified === 1 ? '' : 's'} verified / ${mismatches} mismatch${mismatches === 1 ? '' : 'es'}`,
  lensChecking: 'Open report · verifying…',
  lensTooltip: (notVerifiable: number) => `Recomputes every verifiable metric from the per-sample scores, as \`eval-lens log verify\` does${notVerifiable ? ` (${notVerifiable} not verifiable)` : ''}.`,
  linkTooltip: 'Open the task result log',
} as const;
