/** Words about input that is too large, too deep or not what it claims to be. */
import * as l10n from '@vscode/l10n';

export const inputStrings = {
  tooDeep: (limit: number) => l10n.t('nested more than {0} levels deep; Eval Lens reads at most {0} levels: flatten the value or move it to a file of its own', limit),
  tooDeepAt: (file: string, line: number, limit: number) => `${file}:${line}: ${inputStrings.tooDeep(limit)}`,
  tooDeepLine: (limit: number) => l10n.t('{0}; line skipped', inputStrings.tooDeep(limit)),
  get emptyFile() {
    return l10n.t('the file is empty: it holds no dataset');
  },
  notAFile: (file: string) => l10n.t('{0} is a directory, not a file', file),
  notARegularFile: (file: string) => l10n.t('{0} is not a regular file (a pipe, socket or device is not read)', file),
  /** What a report shows in place of a value nested deeper than the limit. */
  get tooDeepToShow() {
    return l10n.t('nested too deep to show');
  },
};
