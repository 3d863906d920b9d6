import * as l10n from '@vscode/l10n';
/** User-visible strings of the `coding_agent_sessions` source. */
export const sessionStrings = {
  noDefaultFolder: (tried: string[]) =>
    l10n.t("no session folder found (looked in {0}); set 'path' to a session file or folder, or CLAUDE_CONFIG_DIR", tried.join(', ')),
  cannotRead: (path: string, reason: string) => l10n.t('cannot read {0}: {1}', path, reason),
  notASessionFile: (path: string) => l10n.t('{0} is not a session file (.jsonl) or a folder', path),
  invalidJson: (reason: string) => l10n.t('not valid JSON ({0}); line skipped', reason),
  get notAnObject() {
    return l10n.t('not a JSON object; line skipped');
  },
  lineTooLong: (mb: number) => l10n.t('a line longer than {0} MB; line skipped', mb),
  unreadableEntry: (entry: string, reason: string) => l10n.t('cannot read {0}: {1}; skipped', entry, reason),
  symlinkLoop: (dir: string) => l10n.t('{0} was already read (a symbolic link to a folder read before); not read again', dir),
  orphanSubagent: (sessionId: string) => l10n.t('a sub-agent of session {0}, whose session file was not found; not shown', sessionId),
  badMeta: (file: string, reason: string) => l10n.t('{0}: unreadable sub-agent metadata ({1}); the agent is named by its id', file, reason),
  badTime: (field: string, text: string) =>
    l10n.t("{0} '{1}' is not an ISO 8601 time (e.g. 2026-11-01 or 2026-11-01T09:30:00Z)", field, text),
  badLimit: (value: unknown) => l10n.t('limit must be a whole number ≥ 1, not {0}', JSON.stringify(value)),
  badString: (field: string) => l10n.t("'{0}' must be a string", field),
  stepSession: (id: string) => `session_id = ${id}`,
  stepFrom: (text: string) => l10n.t('from {0}', text),
  stepTo: (text: string) => l10n.t('to {0}', text),
  stepLimit: (limit: number) => l10n.t('kept by limit {0}', limit),
  get funnelLimit() {
    return l10n.t('kept by limit');
  },
  get imageAttachment() {
    return l10n.t('image');
  },
  truncated: '…',
};
