import type { FileKind } from '../model/fileKinds';
import * as l10n from '@vscode/l10n';

const countErrors = (n: number) => (n === 1 ? l10n.t('{0} error', n) : l10n.t('{0} errors', n));
const countWarnings = (n: number) => (n === 1 ? l10n.t('{0} warning', n) : l10n.t('{0} warnings', n));

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
  /** Lines of the Eval Lens output channel. */
  output: {
    validationFailed: (file: string, detail: string) => l10n.t('validation of {0} failed: {1}', file, detail),
    checkFailed: (file: string, detail: string) => l10n.t('a check of {0} failed: {1}', file, detail),
    get restoredPreviewClosed() {
      return l10n.t('Preview: a restored view did not say which spec it showed; it was closed.');
    },
    exportFailed: (message: string) => l10n.t('Export kept rows: {0}', message),
    get malformedPreviewMessage() {
      return l10n.t('Preview: ignored a malformed message from the webview.');
    },
  },
  /** "New Dataset Spec…" and "New Generator…". */
  newFile: {
    namePrompt: (kind: 'dataset' | 'generator') => (kind === 'dataset' ? l10n.t('Name of the new dataset spec (its key is made from it)') : l10n.t('Name of the new generator definition (its key is made from it)')),
    get namePlaceholder() {
      return l10n.t('e.g. capital-questions');
    },
    get badName() {
      return l10n.t('Use a name without / \\ : * ? " < > | (it becomes the file name).');
    },
    exists: (file: string) => l10n.t('{0} already exists: choose another name.', file),
    get noFolder() {
      return l10n.t('Open a folder first: the new file is created in it.');
    },
    createdData: (file: string) => l10n.t('Also created {0} with three example rows, so the preview shows something at once.', file),
  },
  notRecognised: (file: string) => l10n.t('{0} is not an Eval Lens file (dataset spec, generator definition, task result log, trace or agent connection config).', file),
  validationSummary: (file: string, errors: number, warnings: number) =>
    errors + warnings === 0
      ? l10n.t('{0}: no problems.', file)
      : l10n.t('{0}: {1}, {2}. See the Problems panel.', file, countErrors(errors), countWarnings(warnings)),
};
