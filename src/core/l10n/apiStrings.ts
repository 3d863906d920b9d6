/** Words of the Node API (src/api) that the command line has no equal of. */
import * as l10n from '@vscode/l10n';

export const apiStrings = {
  logClosed: (file: string) => l10n.t('{0} was closed; open it again with openLog', file),
  cannotVerify: (file: string) => l10n.t('{0} is read in another thread; open it with openLog to verify it', file),
  streamUnreadable: (name: string, reason: string) => l10n.t('{0}: the stream could not be read to its end ({1}); nothing was opened', name, reason),
  wholeNumber: (option: string, least: number, value: unknown) => l10n.t('{0} must be a whole number ≥ {1}, not {2}', option, least, String(value)),
};
