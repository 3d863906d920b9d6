/** `eval_logs` (docs/semantics.md §9.3): samples of Inspect logs, or the transcripts of a transcript database. */
import * as l10n from '@vscode/l10n';
import type { SourceDefinition } from '../sourceDefinition';
import { pathFactsKey } from '../sourcePaths';
import { EVAL_LOG_SAMPLE_COLUMNS, EVAL_LOGS_SOURCE_TYPE, TRANSCRIPT_DATABASE_COLUMNS } from './evalLogColumns';
import { previewEvalLogs } from './evalLogSource';

/** The names of a log file; any other path is a folder of logs or a transcript database. */
const LOG_FILE_NAMES = /\.(eval|json)$/i;

export const evalLogsSource: SourceDefinition = {
  identifiers: [EVAL_LOGS_SOURCE_TYPE, 'inspect_ai'],
  // A log file holds samples; a folder may be a transcript database: known once the source answers.
  recordNoun: (source) => (typeof source.path === 'string' && LOG_FILE_NAMES.test(source.path) ? 'samples' : undefined),
  fields: [
    { name: 'path', role: 'path', target: 'file or folder', fileNames: LOG_FILE_NAMES, watched: true },
    { name: 'limit', role: 'selection' },
  ],
  columns: [
    { get label() { return l10n.t('sample and epoch'); }, columns: EVAL_LOG_SAMPLE_COLUMNS },
    { get label() { return l10n.t('transcript (transcript database)'); }, columns: TRANSCRIPT_DATABASE_COLUMNS },
  ],
  selection: 'own fields',
  authoring: { factsKey: pathFactsKey, factsFields: [], factsNeedPreview: true },
  preview: (context) => {
    const limit = context.source.limit === undefined || context.source.limit === null ? undefined : (context.source.limit as number);
    return previewEvalLogs({ path: context.requiredPath('path'), limit, options: context.options, run: context.run });
  },
};
