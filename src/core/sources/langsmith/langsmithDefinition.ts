/** `trace_platform_a` (LangSmith, docs/semantics.md §9.5): a project's root runs, or a dataset's examples. */
import * as l10n from '@vscode/l10n';
import type { SourceDefinition } from '../sourceDefinition';
import { LANGSMITH_SOURCE_TYPE, TRACE_PLATFORM_A_EXAMPLE_COLUMNS, TRACE_PLATFORM_A_RUN_COLUMNS } from './langsmithColumns';
import { previewTracePlatformA } from './langsmithSource';

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

export const langsmithSource: SourceDefinition = {
  identifiers: [LANGSMITH_SOURCE_TYPE, 'langsmith'],
  recordNoun: (source) => (source.dataset !== undefined && source.dataset !== null ? 'examples' : 'runs'),
  fields: [
    { name: 'project', role: 'selection' },
    { name: 'dataset', role: 'selection' },
    { name: 'api_key', role: 'credential' },
    { name: 'api_url', role: 'endpoint' },
    { name: 'from_time', role: 'time' },
    { name: 'to_time', role: 'time' },
    { name: 'tags', role: 'selection' },
    { name: 'filter', role: 'selection' },
    { name: 'limit', role: 'selection' },
  ],
  columns: [
    { label: 'example (with `dataset`)', columns: TRACE_PLATFORM_A_EXAMPLE_COLUMNS },
    { get label() { return l10n.t('root run (with `project`)'); }, columns: TRACE_PLATFORM_A_RUN_COLUMNS },
  ],
  selection: 'own fields',
  authoring: {
    factsKey: (source) => `${LANGSMITH_SOURCE_TYPE}|${text(source.api_url)}|${text(source.project)}|${text(source.dataset)}`,
    factsFields: [],
    factsNeedPreview: false,
  },
  preview: (context) => previewTracePlatformA(context.source, context.options, context.run),
};
