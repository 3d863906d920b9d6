/** `phoenix` (Arize Phoenix, docs/semantics.md §11.1): one row per root span of a project, its trace as the conversation. */
import * as l10n from '@vscode/l10n';
import type { SourceDefinition } from '../sourceDefinition';
import { PHOENIX_COLUMNS, PHOENIX_SOURCE_TYPE } from './phoenixColumns';
import { previewPhoenix } from './phoenixSource';

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

export const phoenixSource: SourceDefinition = {
  identifiers: ['phoenix'],
  recordNoun: () => 'traces',
  fields: [
    { name: 'project', role: 'selection' },
    { name: 'base_url', role: 'endpoint' },
    { name: 'api_key', role: 'credential' },
    { name: 'from_time', role: 'time' },
    { name: 'to_time', role: 'time' },
    { name: 'limit', role: 'selection' },
  ],
  columns: [{ get label() { return l10n.t('root span'); }, columns: PHOENIX_COLUMNS }],
  selection: 'own fields',
  authoring: {
    factsKey: (source) => `${PHOENIX_SOURCE_TYPE}|${text(source.base_url)}|${text(source.project)}`,
    factsFields: [],
    factsNeedPreview: false,
  },
  preview: (context) => previewPhoenix(context.source, context.options, context.run),
};
