import type { FileKind } from '../model/fileKinds';
import * as l10n from '@vscode/l10n';

/** User-visible strings of the extension's shell (status bar, general messages). */
export const extensionStrings = {
  get statusBarName() {
    return l10n.t('Eval Lens file kind');
  },
  kindLabel: {
    get dataset() {
      return l10n.t('Dataset spec');
    },
    get generator() {
      return l10n.t('Generator definition');
    },
    get log() {
      return l10n.t('Task result log');
    },
    get trace() {
      return l10n.t('Trace');
    },
    get connection() {
      return l10n.t('Agent connection');
    },
  } satisfies Record<FileKind, string>,
  kindTooltip: (label: string) => l10n.t('Eval Lens recognises this file as: {0}. Click to validate it.', label),
  get noActiveFile() {
    return l10n.t('Open a dataset spec, generator definition or task result log first.');
  },
  notRecognised: (file: string) => l10n.t('{0} is not an Eval Lens file (dataset spec, generator definition, task result log, trace or agent connection config).', file),
  validationSummary: (file: string, errors: number, warnings: number) =>
    errors + warnings === 0 ? l10n.t('{0}: no problems.', file) : l10n.t('{0}: {1} error(s), {2} warning(s). See the Problems panel.', file, errors, warnings),
};
