import type { FileKind } from '../model/fileKinds';

/** User-visible strings of the extension's shell (status bar, general messages). */
export const extensionStrings = {
  statusBarName: 'Eval Lens file kind',
  kindLabel: {
    dataset: 'Dataset spec',
    generator: 'Generator definition',
    log: 'Task result log',
    trace: 'Trace',
    connection: 'Agent connection',
  } satisfies Record<FileKind, string>,
  kindTooltip: (label: string) => `Eval Lens recognises this file as: ${label}. Click to validate it.`,
  noActiveFile: 'Open a dataset spec, generator definition or task result log first.',
  notRecognised: (file: string) => `${file} is not an Eval Lens file (dataset spec, generator definition, task result log, trace or agent connection config).`,
  validationSummary: (file: string, errors: number, warnings: number) =>
    errors + warnings === 0 ? `${file}: no problems.` : `${file}: ${errors} error(s), ${warnings} warning(s). See the Problems panel.`,
};
