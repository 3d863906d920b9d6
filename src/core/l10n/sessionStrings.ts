/** User-visible strings of the `coding_agent_sessions` source. */
export const sessionStrings = {
  noDefaultFolder: (tried: string[]) =>
    `no session folder found (looked in ${tried.join(', ')}); set 'path' to a session file or folder, or CLAUDE_CONFIG_DIR`,
  cannotRead: (path: string, reason: string) => `cannot read ${path}: ${reason}`,
  notASessionFile: (path: string) => `${path} is not a session file (.jsonl) or a folder`,
  invalidJson: (reason: string) => `not valid JSON (${reason}); line skipped`,
  notAnObject: 'not a JSON object; line skipped',
  lineTooLong: (mb: number) => `a line longer than ${mb} MB; line skipped`,
  unreadableEntry: (entry: string, reason: string) => `cannot read ${entry}: ${reason}; skipped`,
  symlinkLoop: (dir: string) => `${dir} was already read (a symbolic link to a folder read before); not read again`,
  orphanSubagent: (sessionId: string) => `a sub-agent of session ${sessionId}, whose session file was not found; not shown`,
  badMeta: (file: string, reason: string) => `${file}: unreadable sub-agent metadata (${reason}); the agent is named by its id`,
  badTime: (field: string, text: string) =>
    `${field} '${text}' is not an ISO 8601 time (e.g. 2026-11-01 or 2026-11-01T09:30:00Z)`,
  badLimit: (value: unknown) => `limit must be a whole number ≥ 1, not ${JSON.stringify(value)}`,
  badString: (field: string) => `'${field}' must be a string`,
  stepSession: (id: string) => `session_id = ${id}`,
  stepFrom: (text: string) => `from ${text}`,
  stepTo: (text: string) => `to ${text}`,
  stepLimit: (limit: number) => `kept by limit ${limit}`,
  funnelLimit: 'kept by limit',
  imageAttachment: 'image',
  truncated: '…',
};
