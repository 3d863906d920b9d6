/** `trace_platform_b` (Langfuse, docs/semantics.md §9.6): one row per trace of a project. */
import type { SourceDefinition } from '../sourceDefinition';
import { LANGFUSE_SOURCE_TYPE, TRACE_PLATFORM_B_COLUMNS } from './langfuseColumns';
import { previewTracePlatformB } from './langfuseSource';

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

export const langfuseSource: SourceDefinition = {
  identifiers: [LANGFUSE_SOURCE_TYPE, 'langfuse'],
  recordNoun: () => 'traces',
  fields: [
    { name: 'project', role: 'selection' },
    { name: 'from_time', role: 'time' },
    { name: 'to_time', role: 'time' },
    { name: 'trace_id', role: 'id' },
    { name: 'session_id', role: 'id' },
    { name: 'tags', role: 'selection' },
    { name: 'metadata', role: 'selection' },
    { name: 'limit', role: 'selection' },
    { name: 'api_key', role: 'credential' },
    { name: 'base_url', role: 'endpoint' },
  ],
  columns: [{ label: 'trace', columns: TRACE_PLATFORM_B_COLUMNS }],
  selection: 'own fields',
  authoring: {
    factsKey: (source) => `${LANGFUSE_SOURCE_TYPE}|${text(source.base_url)}|${text(source.project)}`,
    factsFields: [],
    factsNeedPreview: false,
  },
  preview: (context) => previewTracePlatformB(context.source, context.options, context.run),
};
