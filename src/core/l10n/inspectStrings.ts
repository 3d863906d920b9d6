/** Words of Inspect logs opened as reports: the editor, `eval-lens log …` and `trace show`. */
import * as l10n from '@vscode/l10n';

export const inspectStrings = {
  notAZip: (file: string, reason: string) =>
    l10n.t('{0} cannot be read as an Inspect log archive ({1}). If the run is still writing it, wait until it ends; otherwise the file is damaged.', file, reason),
  jsonTooLarge: (file: string, sizeMb: number, limitMb: number) =>
    l10n.t('{0} is {1} MB, above the {2} MB an Inspect .json log can be read up to. Write the log as .eval instead (inspect log convert).', file, Math.round(sizeMb), Math.round(limitMb)),
  notInspectJson: (file: string) => l10n.t('{0} is not an Inspect log: the top level needs "eval", "version" and "status".', file),
  invalidJson: (file: string, reason: string) => l10n.t('{0} is not valid JSON ({1}).', file, reason),
  // notes shown in the report (partial reports say what is missing)
  noHeader: (file: string) => l10n.t('{0} has neither header.json nor _journal/start.json: task, model and metrics are unknown.', file),
  journalHeader: l10n.t('The log is still being written (or its run stopped): the header comes from _journal/start.json, without results or statistics.'),
  journalSummaries: (count: number) => l10n.t('The sample summaries come from the journal ({0} written so far).', count),
  leanSamples: l10n.t('The archive has no sample summaries: each sample was read without its messages and events.'),
  unreadableEntry: (message: string) => l10n.t('Left out: {0}', message),
  summaryCountDiffers: (summaries: number, archived: number) =>
    l10n.t('The summaries list {0} samples, the archive holds {1} sample files; the report shows the summaries.', summaries, archived),
  headerCountDiffers: (reported: number, found: number) =>
    l10n.t('results.total_samples says {0}, the log holds {1} sample results; the report shows what the log holds.', reported, found),
  samplesLeftOut: (count: number) =>
    (count === 1
      ? l10n.t('{0} sample entry is not a valid sample (no id) and is left out.', count)
      : l10n.t('{0} sample entries are not valid samples (no id) and are left out.', count)),
  samplesUnreadable: (count: number, reason: string) =>
    (count === 1
      ? l10n.t('{0} sample could not be read and is left out ({1}).', count, reason)
      : l10n.t('{0} samples could not be read and are left out (the first: {1}).', count, reason)),
  missingEpochs: (count: number, epochs: number) =>
    (count === 1
      ? l10n.t('{0} sample has fewer than the {1} epochs configured (the run stopped early or the log is damaged).', count, epochs)
      : l10n.t('{0} samples have fewer than the {1} epochs configured (the run stopped early or the log is damaged).', count, epochs)),
  sampleNotFound: (id: string, epoch: number) => l10n.t('The archive holds no full sample for id {0}, epoch {1}: the detail shows its summary only.', id, epoch),
  fullSampleUnreadable: (reason: string) => l10n.t('The full sample cannot be read ({0}): the detail shows its summary only.', reason),
  // errors of a sample
  limitReached: (type: string, limit: string) => l10n.t('{0} limit reached ({1})', type, limit),
  limitType: 'limit',
  sampleErrorType: 'sample error',
  // conversations
  get redactedReasoning() {
    return l10n.t('[reasoning redacted by the provider]');
  },
  get reasoningNotRecorded() {
    return l10n.t('[the model reasoned here; the log holds no text of it]');
  },
  // trace show
  noSampleWithId: (file: string, id: string) => l10n.t('{0} has no sample with id {1}.', file, id),
  sampleHeading: (id: string, epoch: number) => l10n.t('Sample {0}, epoch {1}', id, epoch),
};
